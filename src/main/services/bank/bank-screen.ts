// The Banque screen's calls (issue 29, item 5): one connection's bank, through the bank port of
// the store chosen (the workstation's bank file, or the firm's archive: issue 30), its lines
// named with the invoices' numbers from the archive.
import type {
  BankAccountView,
  BankImportResult,
  BankInvoiceRef,
  BankLineView,
  BankView,
} from '#shared/bank.ts';
import { AppFailure } from '../app-failure.ts';
import type { BankMatchRow } from '../archive/bank-store.ts';
import type { BankDirectory, BankPort } from '../archive/bank-port.ts';
import { bankDirectory } from '../archive/bank-directory.ts';
import type { InvoiceSource } from './bank-import.ts';
import { confirmMatchOn, importBankFileInto, undoMatchOn } from './bank-on-port.ts';
import type { Allocation } from './matching.ts';
import type { PayableInvoice } from '#shared/payable.ts';

export interface BankScreenDeps {
  dataDir: string;
  /** The bank of the store chosen (services' `bank`); default: the bank files of `dataDir`. */
  bank?: BankDirectory;
  /** Every invoice of the connection's archive bank matching may pay (archive/ports.ts). */
  bankInvoices(connectionId: string): Promise<PayableInvoice[]>;
}

/** A statement of a year is a few MB; a file much bigger is not one. */
export const MAX_BANK_FILE_BYTES = 16 * 1024 * 1024;

/** Runs `use` on the connection's bank, with the archive's payable invoices read first
 * (through the port) when `use` matches or names invoices. */
async function withBank<T>(
  deps: BankScreenDeps,
  connectionId: string,
  use: (bank: BankPort, invoices: InvoiceSource) => Promise<T>,
  needsInvoices = true,
): Promise<T> {
  const invoices = needsInvoices ? await deps.bankInvoices(connectionId) : [];
  const bank = await (deps.bank ?? bankDirectory(deps.dataDir)).of(connectionId);
  return use(bank, () => invoices);
}

function invoiceIndex(invoices: InvoiceSource): Map<string, PayableInvoice> {
  return new Map([...invoices()].map((i) => [i.id, i]));
}

function refs(
  allocations: readonly Allocation[],
  byId: Map<string, PayableInvoice>,
): BankInvoiceRef[] {
  return allocations.map((a) => {
    const invoice = byId.get(a.invoiceId);
    return {
      invoiceId: a.invoiceId,
      number: invoice?.number ?? a.invoiceId,
      counterpartyName: invoice?.counterpartyName ?? '',
      cents: a.cents,
    };
  });
}

function lineView(row: BankMatchRow, byId: Map<string, PayableInvoice>): BankLineView {
  return {
    id: row.id,
    account: row.account,
    day: row.day,
    cents: row.cents,
    label: row.label,
    counterpartyName: row.counterpartyName,
    state: row.state,
    rule: row.rule,
    invoices: refs(row.allocations, byId),
    suggestions: row.candidates.map((c) => refs(c, byId)),
    decided: row.decided,
    // Who decided it and when, on the firm's archive only (writers-named.ts).
    ...(row.decidedAt !== undefined ? { decidedAt: row.decidedAt } : {}),
    ...(row.decidedBy !== undefined ? { decidedBy: row.decidedBy } : {}),
  };
}

/** The invoices named by their numbers, of the line's direction (money in pays sales). */
function idsOfNumbers(
  numbers: readonly string[],
  line: BankMatchRow,
  byId: Map<string, PayableInvoice>,
): string[] {
  const direction = line.cents >= 0 ? 'OUTBOUND' : 'INBOUND';
  return numbers.map((number) => {
    const wanted = number.trim().toLowerCase();
    const found = [...byId.values()].find(
      (i) => i.direction === direction && i.number.toLowerCase() === wanted,
    );
    if (!found) {
      throw new AppFailure(
        'not_found',
        `There is no invoice "${number}" to be paid in the archive.`,
        { number },
      );
    }
    return found.id;
  });
}

export function bankView(deps: BankScreenDeps, connectionId: string): Promise<BankView> {
  return withBank(deps, connectionId, async (bank, invoices) => {
    const byId = invoiceIndex(invoices);
    const lines = (await bank.matches())
      .map((r) => lineView(r, byId))
      .sort((a, b) => b.day.localeCompare(a.day) || a.id.localeCompare(b.id));
    return { connectionId, accounts: await bank.accounts(), lines };
  });
}

export function importBankStatement(
  deps: BankScreenDeps,
  connectionId: string,
  file: { name: string; bytes: Uint8Array },
  now: Date,
): Promise<BankImportResult> {
  return withBank(deps, connectionId, async (bank, invoices) => {
    const s = await importBankFileInto(bank, invoices, file, now);
    return {
      file: s.file,
      format: s.format,
      lines: s.lines,
      added: s.added,
      already: s.already,
      accountsAdded: s.accountsAdded.length,
      auto: s.auto,
      suggested: s.suggested,
      confirmed: s.confirmed,
      unmatched: s.unmatched,
    };
  });
}

/** Confirms the line's match or first suggestion, or (numbers given) matches it to those
 * invoices; an empty list says it pays no invoice. */
export function confirmBankLine(
  deps: BankScreenDeps,
  connectionId: string,
  lineId: string,
  now: Date,
  invoiceNumbers?: readonly string[],
): Promise<BankLineView> {
  return withBank(deps, connectionId, async (bank, invoices) => {
    const byId = invoiceIndex(invoices);
    let ids: string[] | undefined;
    if (invoiceNumbers) {
      const line = (await bank.matches(new Set([lineId])))[0];
      if (!line) throw new AppFailure('not_found', `There is no bank line "${lineId}".`);
      ids = idsOfNumbers(invoiceNumbers, line, byId);
    }
    return lineView(await confirmMatchOn(bank, () => byId.values(), lineId, now, ids), byId);
  });
}

export function undoBankLine(
  deps: BankScreenDeps,
  connectionId: string,
  lineId: string,
): Promise<BankLineView> {
  return withBank(deps, connectionId, async (bank, invoices) => {
    const byId = invoiceIndex(invoices);
    return lineView(await undoMatchOn(bank, () => byId.values(), lineId), byId);
  });
}

export function saveBankAccount(
  deps: BankScreenDeps,
  connectionId: string,
  change: { account: string; name: string; ledgerAccount: string },
): Promise<BankAccountView[]> {
  return withBank(
    deps,
    connectionId,
    async (bank) => {
      const ok = await bank.updateAccount(change.account, {
        name: change.name,
        ledgerAccount: change.ledgerAccount,
      });
      if (!ok) throw new AppFailure('not_found', `There is no bank account "${change.account}".`);
      return bank.accounts();
    },
    false,
  );
}
