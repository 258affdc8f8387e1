// The archive filter form as typed (strings), turned into the ArchiveFilter main runs in SQL.
// Pure, so that node:test checks it (tests/unit/renderer/screens/archive/archive-filter.test.ts).
import type { ArchiveFilter } from '#shared/archive.ts';
import type { Direction, InvoiceState } from '#shared/operator/enums.ts';

export interface ArchiveFilterForm {
  invoiceDateFrom: string;
  invoiceDateTo: string;
  dueDateFrom: string;
  dueDateTo: string;
  /** The one search field: an invoice number (or part), a name, SIREN, SIRET or VAT number. */
  search: string;
  amountMin: string;
  amountMax: string;
  kind: '' | 'invoice' | 'credit_note';
  lifecycleCodes: string;
  direction: '' | Direction;
  states: InvoiceState[];
}

export function emptyArchiveFilterForm(): ArchiveFilterForm {
  return {
    invoiceDateFrom: '',
    invoiceDateTo: '',
    dueDateFrom: '',
    dueDateTo: '',
    search: '',
    amountMin: '',
    amountMax: '',
    kind: '',
    lifecycleCodes: '',
    direction: '',
    states: [],
  };
}

/** The fields of `form` that narrow the archive (not at their empty value), in the form's order:
 * what the screen says is filtering it (issue 27, item 4). */
export function activeFilterFields(form: ArchiveFilterForm): (keyof ArchiveFilterForm)[] {
  const empty = emptyArchiveFilterForm();
  return (Object.keys(empty) as (keyof ArchiveFilterForm)[]).filter((field) =>
    field === 'states'
      ? form.states.length > 0
      : String(form[field]).trim() !== String(empty[field]),
  );
}

export type ArchiveFilterProblem = 'date' | 'range' | 'amount' | 'amountRange' | 'lifecycle';
export type ArchiveFilterErrors = Partial<Record<keyof ArchiveFilterForm, ArchiveFilterProblem>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * An amount as a French or English accountant types it, in cents: "1 234,56", "1234.5",
 * "1,234.56", "-12". Null when it is not an amount.
 */
export function parseAmountCents(text: string): number | null {
  let s = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (s === '') return null;
  const negative = s.startsWith('-');
  if (negative) s = s.slice(1);
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  const decimalAt = Math.max(lastComma, lastDot);
  let whole = s;
  let fraction = '';
  let decimal = '';
  // The last separator is the decimal one when 1 or 2 digits follow it.
  if (decimalAt >= 0 && s.length - decimalAt - 1 <= 2) {
    decimal = s[decimalAt]!;
    whole = s.slice(0, decimalAt);
    fraction = s.slice(decimalAt + 1);
  }
  // Thousands separators group by three, and are not the decimal separator.
  const grouped =
    /^\d{1,3}([.,]\d{3})+$/.test(whole) && (decimal === '' || !whole.includes(decimal));
  if (!/^\d*$/.test(whole) && !grouped) return null;
  if (!/^\d{0,2}$/.test(fraction) || (whole === '' && fraction === '')) return null;
  whole = whole.replace(/[.,]/g, '');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

export function parseLifecycleCodes(text: string): string[] | null {
  const codes = text
    .split(/[\s,;]+/)
    .map((c) => c.trim())
    .filter(Boolean);
  if (!codes.every((c) => /^\d{3}$/.test(c))) return null;
  return [...new Set(codes)];
}

export function archiveFilterErrors(form: ArchiveFilterForm): ArchiveFilterErrors {
  const errors: ArchiveFilterErrors = {};
  for (const key of ['invoiceDateFrom', 'invoiceDateTo', 'dueDateFrom', 'dueDateTo'] as const)
    if (form[key] && !validDay(form[key])) errors[key] = 'date';
  if (
    !errors.invoiceDateFrom &&
    !errors.invoiceDateTo &&
    form.invoiceDateFrom &&
    form.invoiceDateTo
  )
    if (form.invoiceDateFrom > form.invoiceDateTo) errors.invoiceDateTo = 'range';
  if (!errors.dueDateFrom && !errors.dueDateTo && form.dueDateFrom && form.dueDateTo)
    if (form.dueDateFrom > form.dueDateTo) errors.dueDateTo = 'range';
  const min = form.amountMin.trim() ? parseAmountCents(form.amountMin) : undefined;
  const max = form.amountMax.trim() ? parseAmountCents(form.amountMax) : undefined;
  if (min === null) errors.amountMin = 'amount';
  if (max === null) errors.amountMax = 'amount';
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    errors.amountMax = 'amountRange';
  if (parseLifecycleCodes(form.lifecycleCodes) === null) errors.lifecycleCodes = 'lifecycle';
  return errors;
}

/** The filter to send; call only when archiveFilterErrors(form) is empty. */
export function toArchiveFilter(form: ArchiveFilterForm): ArchiveFilter {
  const filter: ArchiveFilter = {};
  if (form.invoiceDateFrom) filter.invoiceDateFrom = form.invoiceDateFrom;
  if (form.invoiceDateTo) filter.invoiceDateTo = form.invoiceDateTo;
  if (form.dueDateFrom) filter.dueDateFrom = form.dueDateFrom;
  if (form.dueDateTo) filter.dueDateTo = form.dueDateTo;
  if (form.search.trim()) filter.text = form.search.trim();
  const min = parseAmountCents(form.amountMin);
  const max = parseAmountCents(form.amountMax);
  if (min !== null) filter.ttcMinCents = min;
  if (max !== null) filter.ttcMaxCents = max;
  if (form.kind) filter.kind = form.kind;
  const codes = parseLifecycleCodes(form.lifecycleCodes);
  if (codes && codes.length > 0) filter.lifecycleCodes = codes;
  if (form.direction) filter.direction = form.direction;
  if (form.states.length > 0) filter.states = [...form.states];
  return filter;
}
