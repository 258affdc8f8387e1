// Why one invoice waits for the accountant (issue 19, item 4): pure rules over its archived row,
// the user's payment mark, and what the period's ledger says of it. Past due is the échéancier's
// rule (reports/aging.ts, agingLine): not refused, rejected or set aside, something left to pay
// (BT-115), not known as paid by a 211/212 status nor by the user's mark, and its due day (else
// its date) before today. The portfolio's count (schema step 9) is the same but for BT-115 and
// the marks, which its triggers cannot see.
import type { Ledger } from '#shared/accounting.ts';
import type { ArchiveRow } from '#shared/archive.ts';
import {
  reasonKey,
  type ExceptionHandled,
  type ExceptionReason,
  type ExceptionRow,
} from '#shared/exceptions.ts';
import type { Direction } from '#shared/operator/enums.ts';
import { ACT_ON_CODES, type ActOnCode } from '#shared/portfolio.ts';
import { agingLine } from '../reports/aging.ts';
import type { ReportItem } from '../tax/invoice.ts';

/** The status reason of a row, when its last status asks for an action. */
export function statusReason(row: Pick<ArchiveRow, 'lifecycleCode'>): ExceptionReason | null {
  const code = row.lifecycleCode;
  return code !== null && (ACT_ON_CODES as readonly string[]).includes(code)
    ? { kind: 'status', code: code as ActOnCode, entries: null }
    : null;
}

/** The past-due reason of an invoice on `today` (YYYY-MM-DD), or null. `allocated`: the
 * échéancier's past due on that day once credit notes are allocated (pastDueOnDay), which
 * has the last word when given. */
export function pastDueReason(
  item: ReportItem,
  today: string,
  allocated?: ReadonlyMap<string, { dueOn: string; daysLate: number }>,
): ExceptionReason | null {
  const line = allocated ? allocated.get(item.row.invoiceId) : agingLine(item, today);
  if (!line || line.daysLate <= 0) return null;
  return { kind: 'past_due', dueDate: line.dueOn, days: line.daysLate };
}

/** What the period's ledger says of its invoices: a third party waiting to be mapped, held
 * (disputed, suspended), left out with its reason. By invoice id, in the ledger's order. */
export function ledgerReasons(ledger: Ledger): Map<string, ExceptionReason[]> {
  const reasons = new Map<string, ExceptionReason[]>();
  const add = (invoiceId: string, reason: ExceptionReason): void => {
    const list = reasons.get(invoiceId) ?? [];
    if (!list.some((r) => reasonKey(r) === reasonKey(reason))) list.push(reason);
    reasons.set(invoiceId, list);
  };
  for (const entry of ledger.entries) {
    // The invoice's own entry names the party; the later move of its VAT on payment repeats it.
    if (entry.kind !== 'invoice' || !entry.provisional) continue;
    add(entry.invoiceId, {
      kind: 'unmapped',
      party: partyOf(entry.lines) ?? entry.label,
      role: roleOf(entry.direction),
    });
  }
  for (const held of ledger.held) add(held.invoiceId, { kind: 'held', reason: held.reason });
  for (const out of ledger.leftOut)
    add(out.invoiceId, { kind: 'left_out', reason: out.reason, detail: out.detail });
  return reasons;
}

/** The third party's name as the entry's 401 / 411 line names it. */
function partyOf(lines: Ledger['entries'][number]['lines']): string | null {
  return lines.find((l) => l.auxiliary !== null)?.auxiliaryLabel ?? null;
}

function roleOf(direction: Direction): 'customer' | 'supplier' {
  return direction === 'OUTBOUND' ? 'customer' : 'supplier';
}

/** Statuses that leave an invoice out of the entries (refused, rejected). */
const LEFT_OUT_CODES: readonly string[] = ['210', '213'];

/**
 * An invoice's reasons with the ledger's added, each once. What the ledger made of a status
 * (held for 207 / 208; left out for 210 / 213, whatever the ledger's own reason) is said on the
 * status reason rather than as a second reason of its own: one cause, one badge.
 */
export function mergeReasons(
  own: readonly ExceptionReason[],
  fromLedger: readonly ExceptionReason[],
): ExceptionReason[] {
  const merged = own.map((r) => ({ ...r }));
  const status = merged.find((r) => r.kind === 'status');
  for (const reason of fromLedger) {
    if (status && reason.kind === 'held') {
      status.entries = { situation: 'held', reason: reason.reason };
      continue;
    }
    if (status && reason.kind === 'left_out' && LEFT_OUT_CODES.includes(status.code)) {
      status.entries = { situation: 'left_out', reason: reason.reason, detail: reason.detail };
      continue;
    }
    if (!merged.some((r) => reasonKey(r) === reasonKey(reason))) merged.push(reason);
  }
  return merged;
}

/** The order reasons are shown in: the status first (the most urgent), then payment, then the
 * books. */
const ORDER: Record<ExceptionReason['kind'], number> = {
  status: 0,
  past_due: 1,
  held: 2,
  left_out: 3,
  unmapped: 4,
};

/** One row of the list: the invoice with its reasons and the accountant's mark. Handled when the
 * mark covers every reason of today (a new reason opens it again, the note kept). */
export function exceptionRow(
  row: ArchiveRow,
  reasons: readonly ExceptionReason[],
  mark: ExceptionHandled | null,
): ExceptionRow {
  const sorted = [...reasons].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  const covered = new Set(mark?.reasons ?? []);
  return {
    invoiceId: row.invoiceId,
    number: row.invoiceNumber,
    direction: row.direction as Direction,
    counterpartyName: row.counterpartyName,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    ttcCents: row.ttcCents,
    currency: row.currency,
    typeCode: row.typeCode,
    lifecycleCode: row.lifecycleCode,
    reasons: sorted,
    mark,
    handled: mark !== null && sorted.every((r) => covered.has(reasonKey(r))),
  };
}
