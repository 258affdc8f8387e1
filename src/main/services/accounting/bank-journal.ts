// The bank journal (BQ) and the lettering of the invoices the bank paid (issue 29, item 4). Pure:
// the bank's lines with their matches (archive/bank-book.ts) and the invoices they pay.
// - One entry per statement line of the period, on its booking day: the account's 512 (its bank
//   account's setting) debited with money in, credited with money out, against the 411 / 401
//   auxiliary accounts of the invoices an automatic or confirmed match allocated it to, and the
//   suspense account 471 for what no invoice takes (a line unmatched, a suggestion not confirmed
//   yet, bank fees, a part paid to an invoice the archive no longer holds). A suggestion posts
//   nothing to a third party: the accountant has not said yes.
// - Lettering (EcritureLet, DateLet): the invoices and the lines that paid them, linked by their
//   matches, form a group; a group whose every invoice is paid exactly (the matches allocated its
//   payable amount, no more, no less) is lettered: one code on each 411 / 401 line of its
//   invoices' entries and of its bank lines' entries, dated the day of the line that completed it.
//   The codes are given in the order the groups were completed (AAA, AAB, …), over the whole bank
//   file, so a monthly and a yearly FEC letter an invoice alike.
import type { AccountingSettings, Entry, EntryLine } from '#shared/accounting.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { inPeriod } from '#shared/report-period.ts';
import type { AccountingRow } from '../archive/ports.ts';
import type { BankBook } from '../archive/bank-book.ts';
import type { BankMatchRow } from '../archive/bank-store.ts';
import type { AccountChooser } from './accounting.ts';
import { invoiceParty } from './entries.ts';

// The bank journal's code and label (FEC JournalCode / JournalLib) and the suspense account where
// a line's money waits until the accountant says what it is (PCG 471 "compte d'attente") are
// accounting settings: bankJournal (BQ "Banque") and accounts.suspense (471000).

export interface Letter {
  code: string;
  /** YYYY-MM-DD: the day of the line that completed the group's payments. */
  day: string;
}

const paying = (row: BankMatchRow): boolean => row.state === 'auto' || row.state === 'confirmed';

/** 0 → AAA, 1 → AAB, … 17 575 → ZZZ, then four letters. */
export function letterCode(index: number): string {
  let code = '';
  let n = index;
  do {
    code = String.fromCharCode(65 + (n % 26)) + code;
    n = Math.floor(n / 26);
  } while (n > 0);
  return code.padStart(3, 'A');
}

/**
 * The letter of every invoice paid exactly by the bank, and of the lines that paid it.
 * `payable`: the payable cents of the invoices the matches name (those the archive holds).
 */
export function bankLettering(
  rows: readonly BankMatchRow[],
  payable: ReadonlyMap<string, number>,
): { invoices: Map<string, Letter>; lines: Map<string, Letter> } {
  // Union-find over invoices ("i:") and lines ("l:") linked by their allocations.
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(x, root);
    return root;
  };
  const add = (x: string): void => {
    if (!parent.has(x)) parent.set(x, x);
  };
  const paid = new Map<string, number>();
  const lines = rows.filter(paying);
  for (const row of lines) {
    add(`l:${row.id}`);
    for (const a of row.allocations) {
      add(`i:${a.invoiceId}`);
      parent.set(find(`i:${a.invoiceId}`), find(`l:${row.id}`));
      paid.set(a.invoiceId, (paid.get(a.invoiceId) ?? 0) + a.cents);
    }
  }
  interface Group {
    exact: boolean;
    day: string;
    firstLine: string;
    invoices: string[];
    lines: string[];
  }
  const groups = new Map<string, Group>();
  const groupOf = (x: string): Group => {
    const root = find(x);
    let group = groups.get(root);
    if (!group) {
      group = { exact: true, day: '', firstLine: '', invoices: [], lines: [] };
      groups.set(root, group);
    }
    return group;
  };
  for (const row of lines) {
    const group = groupOf(`l:${row.id}`);
    group.lines.push(row.id);
    if (row.day > group.day) group.day = row.day;
    if (group.firstLine === '' || row.id < group.firstLine) group.firstLine = row.id;
    if (row.allocations.length === 0) group.exact = false;
  }
  for (const [invoiceId, cents] of paid) {
    const group = groupOf(`i:${invoiceId}`);
    group.invoices.push(invoiceId);
    if (payable.get(invoiceId) !== cents) group.exact = false;
  }
  const lettered = [...groups.values()]
    .filter((g) => g.exact && g.invoices.length > 0)
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.firstLine < b.firstLine ? -1 : 1));
  const byInvoice = new Map<string, Letter>();
  const byLine = new Map<string, Letter>();
  lettered.forEach((group, index) => {
    const letter = { code: letterCode(index), day: group.day };
    for (const id of group.invoices) byInvoice.set(id, letter);
    for (const id of group.lines) byLine.set(id, letter);
  });
  return { invoices: byInvoice, lines: byLine };
}

export interface BankJournalContext {
  period: ReportPeriod;
  settings: AccountingSettings;
  chooser: AccountChooser;
  label: (account: string) => string;
}

/** The bank journal of a period over a connection's bank file, and its lettering. */
export class BankJournal {
  readonly #book: BankBook;
  readonly #period: ReportPeriod;
  readonly #letters: ReturnType<typeof bankLettering>;
  readonly #ledgerOf: Map<string, { ledgerAccount: string; currency: string }>;
  readonly #wanted: Set<string>;

  constructor(book: BankBook, period: ReportPeriod, payable: ReadonlyMap<string, number>) {
    this.#book = book;
    this.#period = period;
    this.#letters = bankLettering(book.rows, payable);
    this.#ledgerOf = new Map(book.accounts.map((a) => [a.account, a]));
    this.#wanted = new Set(this.invoiceIds());
  }

  /** The lines of the period that get an entry: those of an account in euros (the entries are
   * in euros; a line in another currency waits for its conversion, not done here). */
  #lines(): BankMatchRow[] {
    return this.#book.rows.filter(
      (row) =>
        inPeriod(row.day, this.#period) && this.#ledgerOf.get(row.account)?.currency === 'EUR',
    );
  }

  /** The invoices the period's bank entries name: those its lines paid (the archive's rows give
   * their third parties). */
  invoiceIds(): string[] {
    const ids = new Set<string>();
    for (const row of this.#lines())
      if (paying(row)) for (const a of row.allocations) ids.add(a.invoiceId);
    return [...ids];
  }

  /** Wants the archive's row of this invoice to name its third party. */
  wants(invoiceId: string): boolean {
    return this.#wanted.has(invoiceId);
  }

  /** One balanced entry per line of the period (numbered 0: the ledger numbers them). */
  entries(invoices: ReadonlyMap<string, AccountingRow>, context: BankJournalContext): Entry[] {
    const { settings } = context;
    const entries: Entry[] = [];
    for (const row of this.#lines()) {
      const bank = this.#ledgerOf.get(row.account)!;
      const label = lineLabel(row);
      const lines: EntryLine[] = [];
      let provisional = false;
      const add = (
        account: string,
        signed: number,
        aux: { code: string; name: string } | null = null,
        lettered: Letter | null = null,
      ): void => {
        if (signed === 0) return;
        lines.push({
          account,
          accountLabel: context.label(account),
          auxiliary: aux?.code ?? null,
          auxiliaryLabel: aux?.name ?? null,
          label,
          debitCents: signed > 0 ? signed : 0,
          creditCents: signed < 0 ? -signed : 0,
          ...(lettered ? { letter: lettered.code, letterDay: lettered.day } : {}),
        });
      };
      // 512: money in is a debit, money out a credit.
      add(bank.ledgerAccount, row.cents);
      const sign = row.cents >= 0 ? 1 : -1;
      let rest = Math.abs(row.cents);
      let firstInvoice = '';
      if (paying(row))
        for (const a of row.allocations) {
          const invoice = invoices.get(a.invoiceId);
          if (!invoice || a.cents <= 0) continue; // not in the archive: the money waits in 471
          const cents = Math.min(a.cents, rest);
          if (cents === 0) continue;
          const party = invoiceParty(invoice.row);
          const purchase = party.role === 'supplier';
          const choice = context.chooser.choose({
            key: party.key,
            role: party.role,
            name: party.name,
            invoiceAccount: null,
            defaultAccount: purchase
              ? settings.accounts.expenseServices
              : settings.accounts.revenueServices,
          });
          provisional ||= !choice.confirmed;
          // A customer's payment credits its 411, a payment to a supplier debits its 401.
          add(
            purchase ? settings.accounts.suppliers : settings.accounts.customers,
            -sign * cents,
            { code: choice.auxiliary, name: party.name },
            this.#letters.invoices.get(a.invoiceId) ?? null,
          );
          rest -= cents;
          firstInvoice ||= a.invoiceId;
        }
      add(settings.accounts.suspense, -sign * rest);
      entries.push({
        journal: 'treasury',
        number: 0,
        date: row.day,
        kind: 'bank_line',
        invoiceId: firstInvoice,
        pieceRef: pieceRefOf(row),
        pieceDate: row.day,
        label,
        direction: row.cents >= 0 ? 'OUTBOUND' : 'INBOUND',
        creditNote: false,
        lines,
        provisional,
        roundingCents: 0,
      });
    }
    return entries;
  }

  /** Letters the 411 / 401 line of an invoice's own entry when the bank paid it exactly. */
  letter(entry: Entry, settings: AccountingSettings): void {
    if (entry.kind !== 'invoice') return;
    const letter = this.#letters.invoices.get(entry.invoiceId);
    if (!letter) return;
    const { customers, suppliers } = settings.accounts;
    for (const line of entry.lines)
      if (line.auxiliary !== null && (line.account === customers || line.account === suppliers)) {
        line.letter = letter.code;
        line.letterDay = letter.day;
      }
  }
}

/** The line's label as the bank wrote it, and its other party when it named one. */
function lineLabel(row: BankMatchRow): string {
  const label = row.label.replace(/\s+/g, ' ').trim();
  const party = row.counterpartyName?.trim();
  return party && !label.toUpperCase().includes(party.toUpperCase())
    ? `${label} ${party}`
    : label || party || 'Relevé bancaire';
}

/** PieceRef: the line's key (a hash of the bank's reference, else of its facts), its first 16
 * hexadecimal digits: short enough for every importer, one per line. */
function pieceRefOf(row: BankMatchRow): string {
  return row.id.slice(0, 16);
}
