// Importing, confirming and undoing bank matches through the bank port (archive/bank-port.ts),
// so that the Banque screen and the CLI's `bank` write whichever store is chosen: the
// workstation's bank file, or the firm's archive on PostgreSQL (issue 30). The rules are
// bank-import.ts's; each composite step is one port call, run in the store's own transaction.
import type { MatchRule } from '#shared/bank.ts';
import { AppFailure } from '../app-failure.ts';
import type { BankAccount, BankMatchRow, BankPort, BankSettings } from '../archive/bank-port.ts';
import {
  accountName,
  allocate,
  defaultLedgerAccount,
  importSummary,
  keyedLines,
  parseOrRefuse,
  proposeFor,
  type ImportSummary,
  type InvoiceSource,
} from './bank-import.ts';
import type { Allocation } from './matching.ts';

/** A bank file into the connection's bank: parsed whole first (a refused file changes
 * nothing), then its new accounts and lines stored and every undecided line matched again. */
export async function importBankFileInto(
  port: BankPort,
  invoices: InvoiceSource,
  file: { name: string; bytes: Uint8Array },
  now: Date,
): Promise<ImportSummary> {
  const bankFile = parseOrRefuse(file);
  const lines = keyedLines(bankFile);
  const newAccounts = (known: BankAccount[]): BankAccount[] => {
    const taken = [...known];
    const added: BankAccount[] = [];
    for (const statement of bankFile.statements) {
      if (taken.some((a) => a.account === statement.account)) continue;
      const account = {
        account: statement.account,
        name: accountName(statement.account),
        ledgerAccount: defaultLedgerAccount(taken),
        currency: statement.currency,
      };
      taken.push(account);
      added.push(account);
    }
    return added;
  };
  const { added, accountsAdded } = await port.importLines(
    { name: file.name, format: bankFile.format },
    newAccounts,
    lines,
    now,
    proposeFor(invoices),
  );
  const rows = await port.matches(new Set(lines.map((l) => l.id)));
  return importSummary(file.name, bankFile, lines.length, added, accountsAdded, rows);
}

const noLine = (lineId: string): AppFailure =>
  new AppFailure('not_found', `There is no bank line "${lineId}".`);

/** Confirms a line's match or first suggestion, or matches it to the invoices given (an empty
 * list: it pays no invoice); kept whatever a later import finds (bank-import's confirmMatch). */
export async function confirmMatchOn(
  port: BankPort,
  invoices: InvoiceSource,
  lineId: string,
  now: Date,
  invoiceIds?: readonly string[],
): Promise<BankMatchRow> {
  const row = await port.decide(
    lineId,
    (line, settled) => {
      let allocations: Allocation[];
      let rule: MatchRule | null = line.rule;
      if (invoiceIds) {
        allocations = allocate(line, invoiceIds, [...invoices()], settled);
        rule = null;
      } else if (line.state === 'auto' || line.state === 'confirmed') {
        allocations = line.allocations;
      } else if (line.state === 'suggested' && line.candidates[0]) {
        allocations = line.candidates[0];
      } else {
        throw new AppFailure(
          'invalid_input',
          `The line "${lineId}" has no match to confirm: name its invoices.`,
        );
      }
      return { allocations, rule };
    },
    now,
    proposeFor(invoices),
  );
  if (!row) throw noLine(lineId);
  return row;
}

/** Takes a decision back: the line is matched again like any new one. */
export async function undoMatchOn(
  port: BankPort,
  invoices: InvoiceSource,
  lineId: string,
): Promise<BankMatchRow> {
  const row = await port.undecide(lineId, proposeFor(invoices));
  if (!row) throw noLine(lineId);
  return row;
}

/** New matching settings, and every undecided line matched again under them. */
export async function saveSettingsOn(
  port: BankPort,
  invoices: InvoiceSource,
  settings: BankSettings,
): Promise<void> {
  await port.saveSettings(settings);
  await port.rematch(proposeFor(invoices));
}
