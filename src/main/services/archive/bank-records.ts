// A bank line and its match as both stores read them back (bank-store.ts on SQLite,
// postgres/bank.ts): the same columns, turned into the screens' shapes by one mapper, so that
// the two stores cannot disagree on what a stored line or a decision means.
import type { Allocation, LineToMatch, MatchRule, MatchState } from '#shared/bank.ts';

export interface StoredLine extends LineToMatch {
  account: string;
}

/** A line with its match as the screens and the CLI show it. */
export interface BankMatchRow {
  id: string;
  account: string;
  day: string;
  cents: number;
  label: string;
  remittance: string | null;
  counterpartyName: string | null;
  state: MatchState;
  rule: MatchRule | null;
  /** The invoices of the match (auto or confirmed); none when suggested or unmatched. */
  allocations: Allocation[];
  /** Suggested sets, best first. */
  candidates: Allocation[][];
  /** The accountant decided it (confirmed, or "no invoice"): only an undo changes it. */
  decided: boolean;
  /** On the firm's archive (issue 30): when the decision was made (writers-named.ts). */
  decidedAt?: string;
  /** On the firm's archive: who made it, when another workstation's user did. */
  decidedBy?: string;
}

/** A bank_lines row (PostgreSQL's bigint cents come as text: Number() reads both). */
export interface LineRecord {
  id: string;
  account: string;
  booking_day: string;
  value_day: string | null;
  cents: number;
  label: string;
  remittance: string | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  end_to_end_id: string | null;
  bank_ref: string | null;
}

export const toLine = (r: LineRecord): StoredLine => ({
  id: r.id,
  account: r.account,
  bookingDay: r.booking_day,
  ...(r.value_day ? { valueDay: r.value_day } : {}),
  cents: Number(r.cents),
  label: r.label,
  ...(r.remittance ? { remittance: r.remittance } : {}),
  ...(r.counterparty_name ? { counterpartyName: r.counterparty_name } : {}),
  ...(r.counterparty_iban ? { counterpartyIban: r.counterparty_iban } : {}),
  ...(r.end_to_end_id ? { endToEndId: r.end_to_end_id } : {}),
  ...(r.bank_ref ? { bankRef: r.bank_ref } : {}),
  sourceLine: 0,
});

/** The allocations kept as JSON; none when absent or unreadable. */
export function allocationsOf(text: string | null): Allocation[] {
  try {
    const parsed = JSON.parse(text ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as Allocation[]) : [];
  } catch {
    return [];
  }
}

/** A line joined with its decision (d.*) and its proposal (p.*), as matches() selects it. */
export interface MatchRecord {
  id: string;
  account: string;
  booking_day: string;
  cents: number;
  label: string;
  remittance: string | null;
  counterparty_name: string | null;
  decided: string | null;
  decided_rule: MatchRule | null;
  state: 'auto' | 'suggested' | 'unmatched' | null;
  rule: MatchRule | null;
  allocations: string | null;
  candidates: string | null;
}

/** The accountant's decision wins over the proposal; a proposal shows only what its state has. */
export function toMatch(r: MatchRecord): BankMatchRow {
  const base = {
    id: r.id,
    account: r.account,
    day: r.booking_day,
    cents: Number(r.cents),
    label: r.label,
    remittance: r.remittance,
    counterpartyName: r.counterparty_name,
  };
  if (r.decided !== null) {
    const allocations = allocationsOf(r.decided);
    return {
      ...base,
      state: allocations.length ? 'confirmed' : 'unmatched',
      rule: r.decided_rule,
      allocations,
      candidates: [],
      decided: true,
    };
  }
  return {
    ...base,
    state: r.state ?? 'unmatched',
    rule: r.rule,
    allocations: r.state === 'auto' ? allocationsOf(r.allocations) : [],
    candidates: r.state === 'suggested' ? (JSON.parse(r.candidates ?? '[]') as Allocation[][]) : [],
    decided: false,
  };
}
