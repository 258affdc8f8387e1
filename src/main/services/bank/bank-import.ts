// Importing a bank file into a connection's bank store and matching its lines (issue 29): the
// file is parsed whole first (a refused file changes nothing), then, in one transaction, an
// account not seen before is added, the lines not stored yet are added, and every line the
// accountant has not decided on is matched again against the archive's invoices. A decision
// (confirm, change, "no invoice") is never touched by a later import; undoing one hands the
// line back to matching.
import { createHash } from 'node:crypto';
import type { BankFile, BankFormat, MatchRule, StatementLine } from '#shared/bank.ts';
import { AppFailure } from '../app-failure.ts';
import type { BankAccount, BankMatchRow, BankStore, NewLine } from '../archive/bank-store.ts';
import type { Propose } from '../archive/bank-port.ts';
import { BankFileError } from './bank-file-error.ts';
import {
  DEFAULT_MATCH_OPTIONS,
  matchLines,
  type Allocation,
  type MatchOptions,
} from './matching.ts';
import type { PayableInvoice } from '#shared/payable.ts';
import { parseBankBytes } from './parse-statement.ts';

export interface ImportSummary {
  file: string;
  format: BankFormat;
  statements: number;
  /** Lines in the file, of which `added` were new and `already` imported before. */
  lines: number;
  added: number;
  already: number;
  accountsAdded: BankAccount[];
  /** The file's lines by match state after the import. */
  auto: number;
  suggested: number;
  confirmed: number;
  unmatched: number;
}

/** Where the invoices come from (the connection's archive): read once per matching. */
export type InvoiceSource = () => Iterable<PayableInvoice>;

/** A few French banks' codes (the IBAN's 5 digits after FRkk), to name an account from its file. */
const BANKS: Record<string, string> = {
  '30004': 'BNP Paribas',
  '30003': 'Société Générale',
  '30002': 'LCL',
  '20041': 'La Banque Postale',
  '10107': 'BRED',
  '30066': 'CIC',
  '10278': 'Crédit Mutuel',
  '30056': 'HSBC',
  '16958': 'Qonto',
  '17515': "Caisse d'Épargne",
  '11306': 'Crédit Agricole',
  '30006': 'Crédit Agricole',
};

export function accountName(account: string): string {
  const bank = account.startsWith('FR') ? BANKS[account.slice(4, 9)] : undefined;
  return `${bank ?? 'Compte'} …${account.slice(-4)}`;
}

/** The first account is 512000, the next 512001...: the accountant renames them at will. */
export function defaultLedgerAccount(taken: readonly BankAccount[]): string {
  const used = new Set(taken.map((a) => a.ledgerAccount));
  for (let n = 0; ; n++) {
    const candidate = `512${String(n).padStart(3, '0')}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Each line's key: the bank's reference where the format's is unique (CAMT AcctSvcrRef, OFX
 * FITID), else a hash of account, day, amount, label and the rank among identical lines. */
export function keyedLines(file: BankFile): NewLine[] {
  const ranks = new Map<string, number>();
  return file.statements.flatMap((statement) =>
    statement.lines.map((line: StatementLine) => {
      let basis: string;
      if (file.format !== 'cfonb120' && line.bankRef) {
        basis = `ref\n${statement.account}\n${line.bankRef}`;
      } else {
        const same = `${statement.account}\n${line.bookingDay}\n${line.cents}\n${line.label}\n${line.bankRef ?? ''}`;
        const rank = ranks.get(same) ?? 0;
        ranks.set(same, rank + 1);
        basis = `hash\n${same}\n${rank}`;
      }
      const id = createHash('sha256').update(basis).digest('hex').slice(0, 24);
      return { id, account: statement.account, line };
    }),
  );
}

/** The matching rule over a snapshot of the bank (bank-port.ts' `Propose`): every line without
 * a decision proposed again, each only against invoices of its account's currency. */
export function proposeFor(invoices: InvoiceSource): Propose {
  return ({ accounts, settings, undecided, settled }) => {
    const all = [...invoices()];
    const options: MatchOptions = settings ?? DEFAULT_MATCH_OPTIONS;
    const currencies = new Map(accounts.map((a) => [a.account, a.currency]));
    const byCurrency = new Map<string, typeof undecided>();
    for (const line of undecided) {
      const currency = currencies.get(line.account) ?? 'EUR';
      const group = byCurrency.get(currency);
      if (group) group.push(line);
      else byCurrency.set(currency, [line]);
    }
    return [...byCurrency].flatMap(([currency, group]) =>
      matchLines(
        group,
        all.filter((i) => i.currency === currency),
        options,
        settled,
      ),
    );
  };
}

/** Matches again every line without a decision (inside the caller's transaction). */
export function rematch(store: BankStore, invoices: InvoiceSource): void {
  store.saveProposals(
    proposeFor(invoices)({
      accounts: store.accounts(),
      settings: store.settings(),
      undecided: store.undecidedLines(),
      settled: store.settled(),
    }),
  );
}

/** The file parsed whole, or refused with its line and reason (nothing imported). */
export function parseOrRefuse(file: { name: string; bytes: Uint8Array }): BankFile {
  try {
    return parseBankBytes(file.bytes);
  } catch (error) {
    if (error instanceof BankFileError) {
      throw new AppFailure(
        'invalid_input',
        `The file "${file.name}" was refused, nothing imported: ${error.message}.`,
        // The screen shows the line and the reason apart.
        { line: error.line ?? null, reason: error.reason },
      );
    }
    throw error;
  }
}

export function importBankFile(
  store: BankStore,
  invoices: InvoiceSource,
  file: { name: string; bytes: Uint8Array },
  now: Date,
): ImportSummary {
  const parsed = parseOrRefuse(file);
  const lines = keyedLines(parsed);
  return store.transaction(() => {
    const accountsAdded: BankAccount[] = [];
    for (const statement of parsed.statements) {
      const known = store.accounts();
      if (known.some((a) => a.account === statement.account)) continue;
      const account = {
        account: statement.account,
        name: accountName(statement.account),
        ledgerAccount: defaultLedgerAccount(known),
        currency: statement.currency,
      };
      store.addAccount(account, now);
      accountsAdded.push(account);
    }
    const added = store.addLines({ name: file.name, format: parsed.format }, lines, now);
    rematch(store, invoices);
    const rows = store.matches(new Set(lines.map((l) => l.id)));
    return importSummary(file.name, parsed, lines.length, added, accountsAdded, rows);
  });
}

/** What an import did, told the same whichever store it wrote: the file's lines, those new, the
 * accounts it added, and the new lines' matches by state. */
export function importSummary(
  fileName: string,
  parsed: BankFile,
  lineCount: number,
  added: number,
  accountsAdded: BankAccount[],
  rows: BankMatchRow[],
): ImportSummary {
  const count = (state: BankMatchRow['state']): number =>
    rows.filter((r) => r.state === state).length;
  return {
    file: fileName,
    format: parsed.format,
    statements: parsed.statements.length,
    lines: lineCount,
    added,
    already: lineCount - added,
    accountsAdded,
    auto: count('auto'),
    suggested: count('suggested'),
    confirmed: count('confirmed'),
    unmatched: count('unmatched'),
  };
}

function lineRow(store: BankStore, lineId: string): BankMatchRow {
  const row = store.matches(new Set([lineId]))[0];
  if (!row) throw new AppFailure('not_found', `There is no bank line "${lineId}".`);
  return row;
}

/**
 * Confirms a line's match: its automatic match or first suggestion, or the invoices given
 * (a change: the line's amount goes to them in order, each up to what it still owes; an empty
 * list says the line pays no invoice). Kept whatever a later import finds.
 */
export function confirmMatch(
  store: BankStore,
  invoices: InvoiceSource,
  lineId: string,
  now: Date,
  invoiceIds?: readonly string[],
): BankMatchRow {
  return store.transaction(() => {
    const row = lineRow(store, lineId);
    let allocations: Allocation[];
    let rule: MatchRule | null = row.rule;
    if (invoiceIds) {
      allocations = allocate(row, invoiceIds, [...invoices()], store.settled());
      rule = null;
    } else if (row.state === 'auto' || row.state === 'confirmed') {
      allocations = row.allocations;
    } else if (row.state === 'suggested' && row.candidates[0]) {
      allocations = row.candidates[0];
    } else {
      throw new AppFailure(
        'invalid_input',
        `The line "${lineId}" has no match to confirm: name its invoices.`,
      );
    }
    store.decide(lineId, allocations, rule, now);
    rematch(store, invoices);
    return lineRow(store, lineId);
  });
}

/** Takes a decision back: the line is matched again like any new one. */
export function undoMatch(store: BankStore, invoices: InvoiceSource, lineId: string): BankMatchRow {
  return store.transaction(() => {
    lineRow(store, lineId);
    store.undecide(lineId);
    rematch(store, invoices);
    return lineRow(store, lineId);
  });
}

export function allocate(
  row: BankMatchRow,
  invoiceIds: readonly string[],
  invoices: readonly PayableInvoice[],
  settled: ReadonlyMap<string, number>,
): Allocation[] {
  const byId = new Map(invoices.map((i) => [i.id, i]));
  let rest = Math.abs(row.cents);
  return invoiceIds.map((id, n) => {
    const invoice = byId.get(id);
    if (!invoice)
      throw new AppFailure('not_found', `There is no invoice "${id}" to be paid in the archive.`);
    const open = invoice.cents - (settled.get(id) ?? 0);
    const cents = n === invoiceIds.length - 1 ? rest : Math.min(rest, Math.max(open, 0));
    rest -= cents;
    return { invoiceId: id, cents };
  });
}
