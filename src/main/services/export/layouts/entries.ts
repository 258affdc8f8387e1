// The entries of a period in Excel (issue 17, item 4): the same entries as the FEC, one row per
// entry line with totals; the journals with their entries, lines, debit and credit (debit =
// credit in each, or the difference shown); the invoices held or left out with the reason; and
// the "À propos" sheet. Returns a plan for writeWorkbook(); the ledger is read (get) only when
// the writer comes to the first sheet, so it may be computed while the worker starts.
import type {
  Entry,
  EntryLine,
  HeldReason,
  InvoiceAside,
  Ledger,
  LeftOutReason,
} from '#shared/accounting.ts';
import type { Language } from '#shared/contract.ts';
import frLedger from '#shared/i18n/fr/ledger-export.ts';
import enLedger from '#shared/i18n/en/ledger-export.ts';
import type { Translation } from '#shared/i18n/translation.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { codeWordsOf } from '../code-words.ts';
import { ownedFileName, type FileOwner } from '../output-name.ts';
import { lazyTable, type Field } from '../fields.ts';
import { countText } from '#shared/i18n/plural.ts';
import { localDate } from '../local-dates.ts';
import type { DocCell, DocLine } from '../protocol.ts';
import type { DocumentSheet, WorkbookPlan } from '../workbook-writer.ts';
import { wordsFor } from '../words.ts';
import { coverageText, lazyAboutSheet, reportWords, type ReportAbout } from './archive-about.ts';

type LedgerWords = Translation<typeof frLedger>;
const LEDGER_WORDS: Record<Language, LedgerWords> = { fr: frLedger, en: enLedger };

export function ledgerWords(language: Language): LedgerWords {
  return LEDGER_WORDS[language];
}

/** "ATELIERS DUVAL AGENCEMENT 123456789 Écritures 2026-Q3.xlsx". */
export function entriesFileName(
  period: ReportPeriod,
  language: Language,
  owner: FileOwner,
): string {
  return ownedFileName(owner, ledgerWords(language).fileName, period.label, 'xlsx');
}

/** One row of the entries sheet: a line with its entry. */
interface LineOfEntry {
  entry: Entry;
  line: EntryLine;
  journalCode: string;
}

/** One invoice set aside, held or left out. */
interface Aside {
  situation: 'held' | 'leftOut';
  invoice: InvoiceAside<HeldReason> | InvoiceAside<LeftOutReason>;
}

const euros = (cents: number | null): number | undefined =>
  cents === null ? undefined : cents / 100;
const amount = (cents: number): DocCell => ({ value: cents / 100, kind: 'amount' });
const integer = (value: number): DocCell => ({ value, kind: 'integer' });
const day = (value: string): DocCell => ({ value, kind: 'date' });
const id = (value: string | null): DocCell => ({ value, kind: 'id' });

function codeOf(ledger: Ledger, journal: Entry['journal']): string {
  return ledger.journals.find((j) => j.journal === journal)?.code ?? journal;
}

export function entryLineFields(l: LedgerWords): Field<LineOfEntry>[] {
  const c = l.columns;
  return [
    { header: c.number, kind: 'integer', value: (r) => r.entry.number },
    { header: c.date, kind: 'date', value: (r) => r.entry.date },
    { header: c.journal, kind: 'id', value: (r) => r.journalCode },
    { header: c.piece, kind: 'id', value: (r) => r.entry.pieceRef },
    { header: c.pieceDate, kind: 'date', value: (r) => r.entry.pieceDate },
    { header: c.label, kind: 'text', value: (r) => r.line.label || r.entry.label },
    { header: c.account, kind: 'id', value: (r) => r.line.account },
    { header: c.accountLabel, kind: 'text', value: (r) => r.line.accountLabel },
    { header: c.auxiliary, kind: 'id', value: (r) => r.line.auxiliary },
    { header: c.debit, kind: 'amount', sum: true, value: (r) => r.line.debitCents / 100 },
    { header: c.credit, kind: 'amount', sum: true, value: (r) => r.line.creditCents / 100 },
    {
      header: c.provisional,
      kind: 'text',
      value: (r) => (r.entry.provisional && r.line.auxiliary ? l.yes : undefined),
    },
  ];
}

function asideFields(l: LedgerWords, language: Language): Field<Aside>[] {
  const c = l.columns;
  const directions = reportWords(language).directions;
  return [
    { header: c.situation, kind: 'text', value: (a) => l.situations[a.situation] },
    {
      header: c.reason,
      kind: 'text',
      value: (a) => (l.reasons as Record<string, string>)[a.invoice.reason] ?? a.invoice.reason,
    },
    { header: c.detail, kind: 'text', value: (a) => codeWordsOf(a.invoice.detail, language) },
    { header: c.invoiceNumber, kind: 'id', value: (a) => a.invoice.number },
    { header: c.invoiceDate, kind: 'date', value: (a) => a.invoice.invoiceDate },
    {
      header: c.direction,
      kind: 'text',
      totalsBy: true,
      value: (a) => directions[a.invoice.direction],
    },
    { header: c.counterparty, kind: 'text', value: (a) => a.invoice.counterpartyName },
    { header: c.ttc, kind: 'amount', sum: true, value: (a) => euros(a.invoice.ttcCents) },
    { header: c.invoiceId, kind: 'id', value: (a) => a.invoice.invoiceId },
  ];
}

function* linesOf(ledger: Ledger): Generator<LineOfEntry> {
  const codes = new Map(ledger.journals.map((j) => [j.journal, j.code]));
  for (const entry of ledger.entries) {
    const journalCode = codes.get(entry.journal) ?? codeOf(ledger, entry.journal);
    for (const line of entry.lines) yield { entry, line, journalCode };
  }
}

function* asideOf(ledger: Ledger): Generator<Aside> {
  for (const invoice of ledger.held) yield { situation: 'held', invoice };
  for (const invoice of ledger.leftOut) yield { situation: 'leftOut', invoice };
}

function journalLines(ledger: Ledger, l: LedgerWords, language: Language): DocLine[] {
  const c = l.columns;
  const { period } = ledger;
  const r = reportWords(language);
  const lines: DocLine[] = [
    { style: 'title', cells: [interpolate(l.title, { period: period.label })] },
    { cells: [l.period, period.label] },
    { cells: [l.from, day(period.from)] },
    { cells: [l.to, day(period.to)] },
    { cells: [l.company, ledger.company.name ?? ''] },
    { cells: [l.siren, id(ledger.company.siren ?? l.noSiren)] },
    { cells: [r.coverage.title, coverageText(ledger.coverage, r, language)] },
    { cells: [] },
    {
      style: 'header',
      cells: [c.code, c.journal, c.entries, c.lines, c.debit, c.credit, c.difference],
    },
  ];
  let balanced = true;
  for (const j of ledger.journals) {
    if (j.debitCents !== j.creditCents) balanced = false;
    lines.push({
      cells: [
        id(j.code),
        j.label,
        integer(j.entries),
        integer(j.lines),
        amount(j.debitCents),
        amount(j.creditCents),
        amount(j.debitCents - j.creditCents),
      ],
    });
  }
  const sum = (pick: (j: Ledger['journals'][number]) => number): number =>
    ledger.journals.reduce((total, j) => total + pick(j), 0);
  lines.push({
    style: 'strong',
    cells: [
      l.total,
      '',
      integer(sum((j) => j.entries)),
      integer(sum((j) => j.lines)),
      amount(ledger.debitCents),
      amount(ledger.creditCents),
      amount(ledger.debitCents - ledger.creditCents),
    ],
  });
  lines.push({ cells: [] }, { cells: [balanced ? l.balanced : l.unbalanced] });
  lines.push({
    cells: [
      interpolate(l.asideCounts, {
        held: countText(l.heldCount, ledger.held.length, language),
        leftOut: countText(l.leftOutCount, ledger.leftOut.length, language),
        sheet: l.sheets.aside,
      }),
    ],
  });
  if (ledger.toMap.length > 0)
    lines.push({ cells: [countText(l.toMapCount, ledger.toMap.length, language)] });
  return lines;
}

/**
 * The entries workbook of a ledger computed later: `get` is called when the writer reaches the
 * first sheet (and returns the same ledger every time after).
 */
export function entriesWorkbook(
  language: Language,
  about: ReportAbout,
  get: () => Ledger,
): WorkbookPlan {
  const l = ledgerWords(language);
  const totals = wordsFor(language).export.totals;
  const s = l.sheets;
  const journals: DocumentSheet = {
    kind: 'document',
    name: s.journals,
    widths: [12, 28, 12, 12, 16, 16, 14],
    lines: () => journalLines(get(), l, language),
  };
  const aboutLater = lazyAboutSheet(language, about, [s.entries, s.aside], () => {
    const ledger = get();
    return {
      query: interpolate(l.query, {
        period: ledger.period.label,
        from: localDate(ledger.period.from, language),
        to: localDate(ledger.period.to, language),
      }),
      coverage: ledger.coverage,
    };
  });
  return {
    sheets: [
      lazyTable(
        s.entries,
        entryLineFields(l),
        () => linesOf(get()),
        totals,
        () => get().entries.reduce((n, e) => n + e.lines.length, 0),
      ),
      journals,
      lazyTable(
        s.aside,
        asideFields(l, language),
        () => asideOf(get()),
        totals,
        () => get().held.length + get().leftOut.length,
      ),
      aboutLater,
    ],
  };
}
