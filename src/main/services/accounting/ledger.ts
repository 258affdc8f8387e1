// A period's ledger (issue 17, item 3): every archived invoice's outcome (entries.ts) gathered,
// the entries in chronological order and numbered 1..n (EcritureNum: continuous in
// chronological order, art. A47 A-1 LPF), the totals per journal, what was held or left out,
// and the third parties still on the app's suggestion (the queue to map).
import {
  JOURNAL_KINDS,
  type AccountingSettings,
  type Entry,
  type HeldReason,
  type InvoiceAside,
  type JournalTotals,
  type LedgerJournal,
  type Ledger,
  type LeftOutReason,
  type ThirdPartyToMap,
} from '#shared/accounting.ts';
import type { ReportCoverage, ReportPeriod } from '#shared/reports.ts';
import type { AccountingRow } from '../archive/ports.ts';
import { accountLabels } from './account-labels.ts';
import type { AccountChooser } from './accounting.ts';
import type { BankJournal } from './bank-journal.ts';
import { invoiceOutcome } from './entries.ts';
import type { ConversionInputs } from '../tax/conversion.ts';
import { systemClock } from '../clock.ts';

export interface LedgerContext {
  period: ReportPeriod;
  settings: AccountingSettings;
  chooser: AccountChooser;
  /** The company as found from its invoices (the settings' SIREN wins when set). */
  company: { siren: string | null; name: string | null };
  coverage: ReportCoverage;
  now?: Date;
  /** The rates invoices in another currency are booked at (the CA3's: entries.ts). */
  currency?: ConversionInputs;
  /** The bank journal (BQ) and its lettering, when the connection has bank statements. */
  bank?: BankJournal | null;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Chronological order: the date, then the journal's code, then the piece (the invoice number),
 * an invoice's own entry before the move of its VAT. */
export function compareEntries(codes: Record<LedgerJournal, string>) {
  return (a: Entry, b: Entry): number =>
    compare(a.date, b.date) ||
    compare(codes[a.journal], codes[b.journal]) ||
    compare(a.pieceRef, b.pieceRef) ||
    compare(a.kind, b.kind) ||
    compare(a.invoiceId, b.invoiceId);
}

const byInvoice = <R extends string>(a: InvoiceAside<R>, b: InvoiceAside<R>): number =>
  compare(a.invoiceDate ?? '', b.invoiceDate ?? '') ||
  compare(a.number ?? '', b.number ?? '') ||
  compare(a.invoiceId, b.invoiceId);

/** The ledger of `context.period` from the archive's candidates (archive accountingRows). */
export function buildLedger(invoices: Iterable<AccountingRow>, context: LedgerContext): Ledger {
  const builder = ledgerBuilder(context);
  for (const invoice of invoices) builder.add(invoice);
  return builder.finish();
}

/** The ledger built one invoice at a time (`add`), then numbered and totalled (`finish`): a
 * caller reading batches through the archive's ports keeps no more than a batch of rows. */
export function ledgerBuilder(context: LedgerContext): {
  add(invoice: AccountingRow): void;
  finish(): Ledger;
} {
  const { period, settings } = context;
  const label = accountLabels(settings.accounts);
  const entries: Entry[] = [];
  const held: InvoiceAside<HeldReason>[] = [];
  const leftOut: InvoiceAside<LeftOutReason>[] = [];
  const toMap = new Map<string, ThirdPartyToMap>();
  const firstOf = new Map<string, string>();
  const { bank } = context;
  const paidByBank = new Map<string, AccountingRow>();
  const add = (invoice: AccountingRow): void => {
    if (bank?.wants(invoice.row.invoiceId)) paidByBank.set(invoice.row.invoiceId, invoice);
    const outcome = invoiceOutcome(invoice, { ...context, label });
    if (outcome.kind === 'held') held.push(outcome.aside);
    else if (outcome.kind === 'left_out') leftOut.push(outcome.aside);
    if (outcome.kind !== 'posted') return;
    let own = false;
    for (const entry of outcome.entries) {
      entries.push(entry);
      own ||= entry.kind === 'invoice';
    }
    const { party } = outcome;
    // A party on the app's suggestion waits in the queue, with its invoices of the period.
    if (!own || party.choice.confirmed) return;
    const key = `${party.role}|${party.key}`;
    const queued = toMap.get(key);
    // The suggestion shown is its first invoice's (date, then id), whatever order the rows came in.
    const order = `${invoice.row.invoiceDate ?? ''}\u0000${invoice.row.invoiceId}`;
    const first = (firstOf.get(key) ?? order) >= order;
    if (first) firstOf.set(key, order);
    if (queued) {
      queued.invoices += 1;
      queued.htCents += party.htCents;
      if (first) {
        queued.name = party.name;
        queued.suggestedAccount = party.choice.account;
        queued.suggestedFrom =
          party.choice.suggestedFrom === 'memory' ? 'default' : party.choice.suggestedFrom;
      }
    } else
      toMap.set(key, {
        key: party.key,
        role: party.role,
        name: party.name,
        suggestedAuxiliary: party.choice.auxiliary,
        suggestedAccount: party.choice.account,
        suggestedFrom:
          party.choice.suggestedFrom === 'memory' ? 'default' : party.choice.suggestedFrom,
        invoices: 1,
        htCents: party.htCents,
      });
  };
  const finish = (): Ledger => {
    // The bank journal after the invoices: their third parties' codes are chosen first.
    if (bank) {
      const bankEntries = bank.entries(paidByBank, {
        period,
        settings,
        chooser: context.chooser,
        label,
      });
      for (const entry of entries) bank.letter(entry, settings);
      entries.push(...bankEntries);
    }
    // The suggested codes in the parties' order, not the order the store read the rows in.
    const settled = context.chooser.settleSuggestions?.();
    if (settled?.size) {
      for (const entry of entries)
        for (const line of entry.lines)
          if (line.auxiliary !== null)
            line.auxiliary = settled.get(line.auxiliary) ?? line.auxiliary;
      for (const party of toMap.values())
        party.suggestedAuxiliary =
          settled.get(party.suggestedAuxiliary) ?? party.suggestedAuxiliary;
    }
    const codes = {
      sales: settings.journals.sales.code,
      purchases: settings.journals.purchases.code,
      misc: settings.journals.misc.code,
      treasury: settings.bankJournal.code,
    };
    entries.sort(compareEntries(codes));
    // BQ is listed when the period has bank lines: a connection without statements sees its three.
    const kinds: LedgerJournal[] = entries.some((e) => e.journal === 'treasury')
      ? [...JOURNAL_KINDS, 'treasury']
      : [...JOURNAL_KINDS];
    const journals = new Map<LedgerJournal, JournalTotals>(
      kinds.map((kind) => [
        kind,
        {
          journal: kind,
          code: codes[kind],
          label: kind === 'treasury' ? settings.bankJournal.label : settings.journals[kind].label,
          entries: 0,
          lines: 0,
          debitCents: 0,
          creditCents: 0,
        },
      ]),
    );
    let debitCents = 0;
    let creditCents = 0;
    entries.forEach((entry, index) => {
      entry.number = index + 1; // EcritureNum: 1..n in chronological order
      const totals = journals.get(entry.journal)!;
      totals.entries += 1;
      for (const line of entry.lines) {
        totals.lines += 1;
        totals.debitCents += line.debitCents;
        totals.creditCents += line.creditCents;
        debitCents += line.debitCents;
        creditCents += line.creditCents;
      }
    });
    return {
      period,
      company: { siren: settings.siren ?? context.company.siren, name: context.company.name },
      journals: [...journals.values()],
      entries,
      held: held.sort(byInvoice),
      leftOut: leftOut.sort(byInvoice),
      toMap: [...toMap.values()].sort(
        (a, b) =>
          Math.abs(b.htCents) - Math.abs(a.htCents) ||
          b.invoices - a.invoices ||
          compare(a.name, b.name),
      ),
      debitCents,
      creditCents,
      coverage: context.coverage,
      computedAt: (context.now ?? systemClock.now()).toISOString(),
    };
  };
  return { add, finish };
}
