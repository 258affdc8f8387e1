// User data's rows as both stores read them back (user-data-store.ts on SQLite,
// postgres/user-data.ts): the same columns turned into the port's shapes by one set of
// mappers, so that a mark, a third party or a declared return means the same on either store.
import type { ThirdParty, ThirdPartyChoice } from '#shared/accounting.ts';
import type { ExceptionHandled } from '#shared/exceptions.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { DeclaredReturnRecord } from './user-data-port.ts';

/** A stored JSON text; undefined when damaged: every reader falls back to its default. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface MarkRecord {
  invoice_id: string;
  paid_on: string;
  note: string | null;
  marked_at: string;
}

export const toMark = (r: MarkRecord): PaymentMark => ({
  invoiceId: r.invoice_id,
  paidOn: r.paid_on,
  note: r.note,
  markedAt: r.marked_at,
});

export interface ExceptionMarkRecord {
  invoice_id: string;
  reasons: string;
  note: string | null;
  handled_by: string;
  handled_at: string;
}

/** The reasons' keys kept as a JSON array; anything else in it is dropped. */
function reasonKeys(text: string): string[] {
  const parsed = parseJson(text);
  return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
}

export const toExceptionMark = (r: ExceptionMarkRecord): ExceptionHandled => ({
  invoiceId: r.invoice_id,
  note: r.note,
  by: r.handled_by,
  at: r.handled_at,
  reasons: reasonKeys(r.reasons),
});

/** `confirmed` is SQLite's 0/1 or PostgreSQL's boolean. */
export interface ThirdPartyRecord extends ThirdPartyChoice {
  confirmed: number | boolean;
  updated_at: string;
}

export const toThirdParty = (r: ThirdPartyRecord): ThirdParty => ({
  key: r.key,
  role: r.role,
  name: r.name,
  auxiliary: r.auxiliary,
  account: r.account,
  label: r.label,
  confirmed: r.confirmed === 1 || r.confirmed === true,
  updatedAt: r.updated_at,
});

export interface DeclaredRecord {
  period_from: string;
  period_to: string;
  label: string;
  declared_on: string;
  amount_cents: number;
  figures: string;
  declared_by: string;
  declared_at: string;
}

export const toDeclared = (r: DeclaredRecord): DeclaredReturnRecord => ({
  period: { from: r.period_from, to: r.period_to, label: r.label },
  declaredOn: r.declared_on,
  amountCents: Number(r.amount_cents),
  figures: parseJson(r.figures),
  by: r.declared_by,
  at: r.declared_at,
});

/** A declared return's columns in DeclaredRecord's order, as both stores write them. */
export function declaredValues(record: DeclaredReturnRecord): (string | number)[] {
  return [
    record.period.from,
    record.period.to,
    record.period.label,
    record.declaredOn,
    record.amountCents,
    JSON.stringify(record.figures),
    record.by,
    record.at,
  ];
}
