// The workbook of a report: a summary sheet laid out for reading, detail sheets listing every
// invoice behind each figure (the TVA one with the rule applied on every line), and the "About"
// sheet with the period and the archive's coverage. Returns a plan for writeWorkbook().
import type { Language } from '#shared/contract.ts';
import { ownedFileName, type FileOwner } from '../output-name.ts';
import { codeLabel } from '#shared/invoices/labels.ts';
import {
  AGING_BUCKETS,
  type AgingReport,
  type AgingSide,
  type Report,
  type ReportKind,
  type ReportInvoice,
  type StatusMatrix,
  type StatusReport,
  type VatExcluded,
  type VatFigure,
  type VatLine,
  type VatPending,
  type VatReport,
} from '#shared/reports.ts';
import type { AgingLine, AgingPaid, VatHeld } from '#shared/reports.ts';
import {
  coverageText,
  lazyAboutSheet,
  ownerLines,
  reportWords,
  type ReportAbout,
  type ReportWords,
} from './archive-about.ts';
import { ca3Workbook } from './ca3.ts';
import { paidByWords } from './paid-by.ts';
import type {
  VatCheck,
  VatCheckFigures,
  VatCheckInvoice,
  VatCheckPayment,
} from '#shared/vat-check.ts';
import type { CellValue } from '../cells.ts';
import { lazyTable, type Field } from '../fields.ts';
import type { DocCell, DocLine } from '../protocol.ts';
import type { DocumentSheet, WorkbookPlan } from '../workbook-writer.ts';
import { labelOf, wordsFor, type ExportWords } from '../words.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';
import { localDate } from '../local-dates.ts';
import { countText } from '#shared/i18n/plural.ts';
import { isPastDue } from '../../reports/aging.ts';

interface Words {
  r: ReportWords;
  x: ExportWords;
  language: Language;
  /** Whose report: its first lines (ownerLines). */
  about: ReportAbout;
}

const euros = (cents: number | null | undefined): number | undefined =>
  cents === null || cents === undefined ? undefined : cents / 100;
const amount = (cents: number, currency: string): DocCell => ({
  value: cents / 100,
  kind: 'amount',
  currency,
});
const integer = (value: number): DocCell => ({ value, kind: 'integer' });
const percent = (value: number | null): DocCell => ({ value, kind: 'percent' });
const day = (value: string | null): DocCell => ({ value, kind: 'date' });
/** "2026-03" as a real date shown as a month ("mars 2026"), not as text. */
const month = (value: string): DocCell => ({ value, kind: 'month' });
/** A credit note's amount negative, as the VAT figures count it. */
const signedEuros = (cents: number | null, creditNote: boolean): number | undefined => {
  const value = euros(cents);
  return value !== undefined && creditNote ? -Math.abs(value) : value;
};
const id = (value: string | null): DocCell => ({ value, kind: 'id' });

/** The file name a report is offered under: "ATELIERS DUVAL AGENCEMENT 123456789 TVA 2026-Q3.xlsx". */
export function reportFileName(
  report: Pick<Report, 'kind' | 'period'>,
  language: Language,
  owner: FileOwner,
): string {
  return ownedFileName(
    owner,
    reportWords(language).names[report.kind],
    report.period.label,
    'xlsx',
  );
}

/** A report's query in words: its name and period. */
function reportQuery(report: Report, w: Words): string {
  const { period } = report;
  return interpolate(w.r.workbook.query, {
    report: w.r.names[report.kind],
    period: period.label,
    from: localDate(period.from, w.language),
    to: localDate(period.to, w.language),
  });
}

function headerLines(report: Report, w: Words): DocLine[] {
  const { period } = report;
  return [
    {
      style: 'title',
      cells: [
        interpolate(w.r.workbook.title, { report: w.r.names[report.kind], period: period.label }),
      ],
    },
    ...ownerLines(w.about, w.language),
    { cells: [w.r.workbook.period, period.label] },
    { cells: [w.r.workbook.from, day(period.from)] },
    { cells: [w.r.workbook.to, day(period.to)] },
    { cells: [w.r.coverage.title, coverageText(report.coverage, w.r, w.language)] },
  ];
}

const directionLabel = (w: Words, direction: string): string =>
  w.r.directions[direction as 'INBOUND'] ?? direction;
const typeLabel = (w: Words, code: string | null): string | undefined =>
  code === null ? undefined : (labelOf(w.x.invoices.types, code) ?? code);
const lifecycleLabel = (w: Words, code: string | null): string | undefined =>
  labelOf(w.x.invoices.lifecycle, code);
const stateLabel = (w: Words, state: string): string => labelOf(w.x.common.states, state) ?? state;
/** S is every taxed rate (20 %, 10 %, 5.5 %…): "taxable", not "standard rate". */
const categoryLabel = (w: Words, code: string | null): string =>
  code === null
    ? w.r.vat.rateUnknown
    : code === 'S'
      ? w.r.vat.taxable
      : (labelOf(w.x.invoices.vatCategories, code) ?? code);
/** A reverse charge's self-assessed VAT is named so, beside its category (issue 18). */
const vatLineLabel = (w: Words, l: { category: string | null; selfAssessed: boolean }): string =>
  l.selfAssessed
    ? interpolate(w.r.vat.selfAssessed, { category: categoryLabel(w, l.category) })
    : categoryLabel(w, l.category);

/** The columns naming an invoice in every list (pending, excluded, rejected). */
function invoiceFields<T extends ReportInvoice>(w: Words): Field<T>[] {
  const c = w.r.columns;
  return [
    {
      header: c.direction,
      kind: 'text',
      totalsBy: true,
      value: (i) => directionLabel(w, i.direction),
    },
    { header: c.number, kind: 'id', value: (i) => i.number },
    { header: c.invoiceDate, kind: 'date', value: (i) => i.invoiceDate },
    { header: c.type, kind: 'text', value: (i) => typeLabel(w, i.typeCode) },
    { header: c.counterparty, kind: 'text', value: (i) => i.counterpartyName },
    { header: c.counterpartySiren, kind: 'id', value: (i) => i.counterpartySiren },
    {
      header: w.x.export.columns.htSigned,
      kind: 'amount',
      sum: true,
      value: (i) => signedEuros(i.htCents, i.creditNote),
    },
    {
      header: w.x.export.columns.tvaSigned,
      kind: 'amount',
      sum: true,
      value: (i) => signedEuros(i.tvaCents, i.creditNote),
    },
    {
      header: w.x.export.columns.ttcSigned,
      kind: 'amount',
      sum: true,
      value: (i) => signedEuros(i.ttcCents, i.creditNote),
    },
    { header: c.currency, kind: 'id', isCurrency: true, value: (i) => i.currency },
    { header: c.state, kind: 'text', value: (i) => stateLabel(w, i.state) },
    { header: c.lifecycleCode, kind: 'id', value: (i) => i.lifecycleCode },
    { header: c.lifecycleLabel, kind: 'text', value: (i) => lifecycleLabel(w, i.lifecycleCode) },
    { header: c.lifecycleDate, kind: 'datetime', value: (i) => i.lifecycleDate },
  ];
}

const idField = <T extends { invoiceId: string }>(w: Words): Field<T> => ({
  header: w.r.columns.invoiceId,
  kind: 'id',
  value: (i) => i.invoiceId,
});

/** The "About" sheet, its coverage read from the report when the writer comes to it. */
function aboutLater(get: () => Report, w: Words, counted: readonly string[]): DocumentSheet {
  return lazyAboutSheet(w.language, w.about, counted, () => {
    const report = get();
    return { query: reportQuery(report, w), coverage: report.coverage };
  });
}

// ---- TVA ----

export function vatLineFields(w: Words): Field<VatLine>[] {
  const c = w.r.columns;
  const v = w.r.vat;
  return [
    {
      header: c.direction,
      kind: 'text',
      totalsBy: true,
      // A reverse charge's two sides are both of a received invoice (issue 18).
      value: (l) =>
        l.selfAssessed ? v.selfAssessedSide[l.direction] : directionLabel(w, l.direction),
    },
    { header: c.number, kind: 'id', value: (l) => l.number },
    { header: c.invoiceDate, kind: 'date', value: (l) => l.invoiceDate },
    { header: c.type, kind: 'text', value: (l) => typeLabel(w, l.typeCode) },
    { header: c.counterparty, kind: 'text', value: (l) => l.counterpartyName },
    { header: c.counterpartySiren, kind: 'id', value: (l) => l.counterpartySiren },
    // VAT on payment says where its day came from (212, the accountant's mark, the bank), as
    // the screen does: in the rule's cell, the sheet's columns staying those scripts read.
    {
      header: v.rule,
      kind: 'text',
      value: (l) =>
        l.payment
          ? interpolate(v.paidByRule, {
              rule: v.rules[l.rule],
              source: paidByWords(l.payment, w.language),
            })
          : v.rules[l.rule],
    },
    { header: v.taxPoint, kind: 'date', value: (l) => l.taxPointDate },
    { header: v.month, kind: 'month', value: (l) => l.month },
    { header: w.r.workbook.categoryCode, kind: 'id', value: (l) => l.category },
    { header: v.category, kind: 'text', value: (l) => vatLineLabel(w, l) },
    { header: v.rate, kind: 'percent', value: (l) => l.percent },
    // Signed already: a credit note's lines count negative.
    {
      header: w.x.export.columns.vatBaseSigned,
      kind: 'amount',
      sum: true,
      value: (l) => l.baseCents / 100,
    },
    {
      header: w.x.export.columns.vatAmountSigned,
      kind: 'amount',
      sum: true,
      value: (l) => l.vatCents / 100,
    },
    { header: c.currency, kind: 'id', isCurrency: true, value: (l) => l.currency },
    idField(w),
  ];
}

function vatSideLines(report: VatReport, w: Words, direction: 'OUTBOUND' | 'INBOUND'): DocLine[] {
  const v = w.r.vat;
  const title =
    direction === 'OUTBOUND'
      ? `${v.collected} (${v.collectedHint})`
      : `${v.deductible} (${v.deductibleHint})`;
  const lines: DocLine[] = [
    { cells: [] },
    { style: 'section', cells: [title] },
    {
      style: 'header',
      cells: [v.month, v.category, v.rate, v.base, v.vat, v.invoices, v.currency],
    },
  ];
  const figures = report.figures.filter((f) => f.direction === direction);
  if (figures.length === 0) lines.push({ cells: [v.noFigures] });
  for (const f of figures) lines.push({ cells: figureCells(f, w) });
  for (const total of report.totals.filter((t) => t.direction === direction)) {
    lines.push({
      style: 'strong',
      cells: [
        v.total,
        '',
        '',
        amount(total.baseCents, total.currency),
        amount(total.vatCents, total.currency),
        integer(total.invoices),
        id(total.currency),
      ],
    });
  }
  return lines;
}

function figureCells(f: VatFigure, w: Words): (CellValue | DocCell)[] {
  return [
    month(f.month),
    vatLineLabel(w, f),
    percent(f.percent),
    amount(f.baseCents, f.currency),
    amount(f.vatCents, f.currency),
    integer(f.invoices),
    id(f.currency),
  ];
}

function vatSummary(report: VatReport, w: Words): DocLine[] {
  const v = w.r.vat;
  const lines: DocLine[] = [
    ...headerLines(report, w),
    ...vatSideLines(report, w, 'OUTBOUND'),
    ...vatSideLines(report, w, 'INBOUND'),
    { cells: [] },
    { style: 'section', cells: [`${v.net} (${v.netHint}), EUR`] },
    { style: 'header', cells: [v.month, v.collected, v.deductible, v.net] },
  ];
  for (const m of report.byMonth)
    lines.push({
      cells: [
        month(m.month),
        amount(m.collectedCents, 'EUR'),
        amount(m.deductibleCents, 'EUR'),
        amount(m.netCents, 'EUR'),
      ],
    });
  lines.push({
    style: 'strong',
    cells: [
      v.total,
      amount(report.balance.collectedCents, 'EUR'),
      amount(report.balance.deductibleCents, 'EUR'),
      amount(report.balance.netCents, 'EUR'),
    ],
  });
  lines.push({ cells: [] }, { style: 'section', cells: [w.r.workbook.notes] });
  lines.push({ cells: [w.r.workbook.rulesNote] });
  lines.push({ cells: [countText(v.pendingCount, report.pending.length, w.language)] });
  lines.push({ cells: [countText(v.excludedCount, report.excluded.length, w.language)] });
  lines.push({ cells: [countText(v.heldCount, report.held.length, w.language)] });
  if (report.withoutDetails > 0)
    lines.push({ cells: [countText(v.withoutDetails, report.withoutDetails, w.language)] });
  return lines;
}

function vatWorkbook(get: () => VatReport, w: Words): WorkbookPlan {
  const s = w.r.workbook.sheets;
  const pendingFields: Field<VatPending>[] = [
    ...invoiceFields<VatPending>(w),
    { header: w.r.vat.collectedLater, kind: 'date', value: (p) => p.collectedOn },
    {
      header: w.r.vat.paidBy,
      kind: 'text',
      value: (p) => (p.payment ? paidByWords(p.payment, w.language) : undefined),
    },
    idField(w),
  ];
  const excludedFields: Field<VatExcluded>[] = [
    ...invoiceFields<VatExcluded>(w),
    {
      header: w.r.vat.reason,
      kind: 'text',
      value: (e) =>
        /^\d{3}$/.test(e.reason)
          ? codeLabel(e.reason, w.x.invoices.lifecycle)
          : stateLabel(w, e.reason),
    },
    idField(w),
  ];
  // Disputed or suspended: held apart, with what each would change (issue 26).
  const heldFields: Field<VatHeld>[] = [
    ...invoiceFields<VatHeld>(w),
    { header: w.r.vat.reason, kind: 'text', value: (h) => w.r.vat.heldReasons[h.reason] },
    {
      header: `${w.r.vat.wouldChange} · ${w.r.vat.collected}`,
      kind: 'amount',
      sum: true,
      value: (h) => euros(h.wouldChange.collectedCents),
    },
    {
      header: `${w.r.vat.wouldChange} · ${w.r.vat.deductible}`,
      kind: 'amount',
      sum: true,
      value: (h) => euros(h.wouldChange.deductibleCents),
    },
    idField(w),
  ];
  return {
    sheets: [
      {
        kind: 'document',
        name: s.vatSummary,
        widths: [24, 26, 10, 18, 18, 12, 10],
        lines: () => vatSummary(get(), w),
      },
      lazyTable(s.vatLines, vatLineFields(w), () => get().lines, w.x.export.totals),
      lazyTable(s.pending, pendingFields, () => get().pending, w.x.export.totals),
      lazyTable(s.excluded, excludedFields, () => get().excluded, w.x.export.totals),
      lazyTable(s.held, heldFields, () => get().held, w.x.export.totals),
      aboutLater(get, w, [s.vatLines, s.pending, s.excluded, s.held]),
    ],
  };
}

// ---- Échéancier ----

function agingSideLines(side: AgingSide, w: Words): DocLine[] {
  const a = w.r.aging;
  const title =
    side.direction === 'OUTBOUND'
      ? `${a.receivables} (${a.receivablesHint})`
      : `${a.payables} (${a.payablesHint})`;
  const lines: DocLine[] = [
    { cells: [] },
    { style: 'section', cells: [title] },
    {
      style: 'header',
      cells: [
        a.counterparty,
        a.identifier,
        ...AGING_BUCKETS.map((b) => a.buckets[b]),
        a.total,
        a.invoices,
        a.currency,
      ],
    },
  ];
  if (side.counterparties.length === 0) lines.push({ cells: [a.none] });
  for (const p of side.counterparties)
    lines.push({
      cells: [
        p.name,
        // A SIREN for a French party, a VAT number for a foreign one, said which (as on screen).
        id(p.siren ? `${a.idSiren} ${p.siren}` : p.vatNumber ? `${a.idVat} ${p.vatNumber}` : null),
        ...p.buckets.map((cents) => amount(cents, p.currency)),
        amount(p.totalCents, p.currency),
        integer(p.invoices),
        id(p.currency),
      ],
    });
  for (const t of side.totals)
    lines.push({
      style: 'strong',
      cells: [
        a.total,
        '',
        ...t.buckets.map((cents) => amount(cents, t.currency)),
        amount(t.totalCents, t.currency),
        integer(t.invoices),
        id(t.currency),
      ],
    });
  return lines;
}

/** "Payée le", its source (status 211, 212, or the user's mark), and the mark's time and note;
 * with `shared` (another workstation's user of the firm's archive marked some), who marked each,
 * as the screen's "Marquée" column: their name, or "vous" for this user's own marks. */
function paidFields<
  T extends {
    paidOn: string | null;
    paidSource: AgingPaid['paidSource'] | null;
    markedAt: string | null;
    note: string | null;
    markedBy?: string;
  },
>(w: Words, shared: boolean): Field<T>[] {
  const a = w.r.aging;
  return [
    { header: a.paidOn, kind: 'date', value: (l) => l.paidOn },
    {
      header: a.source,
      kind: 'text',
      value: (l) => (l.paidSource === null ? undefined : a.sources[l.paidSource]),
    },
    { header: a.markedAt, kind: 'datetime', value: (l) => l.markedAt },
    ...(shared
      ? [
          {
            header: a.markedByHeader,
            kind: 'text',
            value: (l: T) => (l.markedAt === null ? undefined : (l.markedBy ?? a.markedByYouCell)),
          } satisfies Field<T>,
        ]
      : []),
    { header: a.note, kind: 'text', value: (l) => l.note },
  ];
}

/** Whether another workstation's user of the firm's archive marked any invoice of the report
 * (the workbook then says who marked each; on one workstation the writer is always "vous"). */
const marksShared = (report: AgingReport): boolean =>
  (report.paidByOthers ?? 0) > 0 || report.lines.some((l) => l.markedBy !== undefined);

/** The summary's count of what is left out as paid: the marks of other workstations' users of
 * the firm's archive apart, as the screen says, so that no other's mark is said "par vous". */
function paidCountsLine(report: AgingReport, w: Words): string {
  const a = w.r.aging;
  const counts = {
    status: countText(a.paidByStatus, report.paidByStatus, w.language),
    bank: countText(a.paidByBank, report.paidByBank, w.language),
  };
  const others = report.paidByOthers ?? 0;
  if (others === 0)
    return interpolate(a.paidCounts, {
      ...counts,
      marked: countText(a.paidByMark, report.paidByMark, w.language),
    });
  return interpolate(a.paidCountsShared, {
    ...counts,
    marked: countText(a.paidByMark, report.paidByMark - others, w.language),
    others: countText(a.paidByMark, others, w.language),
  });
}

function agingWorkbook(get: () => AgingReport, w: Words): WorkbookPlan {
  const s = w.r.workbook.sheets;
  const a = w.r.aging;
  const summary: DocumentSheet = {
    kind: 'document',
    name: s.agingSummary,
    widths: [36, 12, 15, 15, 15, 15, 15, 16, 10, 10],
    lines: () => {
      const report = get();
      return [
        ...headerLines(report, w),
        { cells: [w.r.workbook.asOf, day(report.asOf)] },
        { style: 'strong', cells: [a.figureName] },
        { cells: [a.notUnpaid] },
        { cells: [marksShared(report) ? a.unpaidRuleShared : a.unpaidRule] },
        { cells: [a.allocationRule] },
        { cells: [paidCountsLine(report, w)] },
        // The portfolio's "échues": the same count, listed on the sheet of that name.
        {
          style: 'strong',
          cells: [
            countText(a.pastDue, report.pastDue, w.language, {
              date: localDate(report.asOf, w.language),
            }),
          ],
        },
        ...report.sides.flatMap((side) => agingSideLines(side, w)),
      ];
    },
  };
  // Who marked each, on the firm's archive where another's marks are among them (marksShared).
  const fields = (shared: boolean): Field<AgingLine>[] => [
    { header: w.r.columns.direction, kind: 'text', value: (l) => directionLabel(w, l.direction) },
    { header: w.r.columns.counterparty, kind: 'text', value: (l) => l.counterpartyName },
    { header: w.r.columns.counterpartySiren, kind: 'id', value: (l) => l.counterpartySiren },
    { header: w.r.columns.number, kind: 'id', value: (l) => l.number },
    { header: w.r.columns.type, kind: 'text', value: (l) => typeLabel(w, l.typeCode) },
    { header: w.r.columns.invoiceDate, kind: 'date', value: (l) => l.invoiceDate },
    { header: a.dueOn, kind: 'date', value: (l) => l.dueOn },
    { header: a.daysLate, kind: 'integer', value: (l) => l.daysLate },
    { header: a.bucket, kind: 'text', value: (l) => a.buckets[l.bucket] },
    { header: a.amount, kind: 'amount', value: (l) => l.amountCents / 100 },
    // What came off the amount to pay by the day (issue 29): parts paid, credit notes allocated.
    { header: a.paidPart, kind: 'amount', value: (l) => (l.paidPartCents ?? 0) / 100 },
    { header: a.credited, kind: 'amount', value: (l) => (l.creditedCents ?? 0) / 100 },
    // Signed as "Reste à payer" beside it: a credit note negative in both.
    {
      header: w.r.columns.ttc,
      kind: 'amount',
      value: (l) => signedEuros(l.ttcCents, l.creditNote),
    },
    { header: w.r.columns.currency, kind: 'id', isCurrency: true, value: (l) => l.currency },
    { header: w.r.columns.lifecycleCode, kind: 'id', value: (l) => l.lifecycleCode },
    {
      header: w.r.columns.lifecycleLabel,
      kind: 'text',
      value: (l) => lifecycleLabel(w, l.lifecycleCode),
    },
    // Paid after the as-of day (a later status or mark): when and by whose word.
    ...paidFields<AgingLine>(w, shared),
    idField(w),
  ];
  const paidList = (shared: boolean): Field<AgingPaid>[] => [
    { header: w.r.columns.direction, kind: 'text', value: (p) => directionLabel(w, p.direction) },
    { header: w.r.columns.counterparty, kind: 'text', value: (p) => p.counterpartyName },
    { header: w.r.columns.counterpartySiren, kind: 'id', value: (p) => p.counterpartySiren },
    { header: w.r.columns.number, kind: 'id', value: (p) => p.number },
    { header: w.r.columns.invoiceDate, kind: 'date', value: (p) => p.invoiceDate },
    { header: a.dueOn, kind: 'date', value: (p) => p.dueDate },
    { header: a.amount, kind: 'amount', value: (p) => p.amountCents / 100 },
    { header: w.r.columns.currency, kind: 'id', isCurrency: true, value: (p) => p.currency },
    ...paidFields<AgingPaid>(w, shared),
    idField(w),
  ];
  return {
    sheets: [
      summary,
      lazyTable(
        s.agingLines,
        () => fields(marksShared(get())),
        () => get().lines,
      ),
      lazyTable(
        s.agingPastDue,
        () => fields(marksShared(get())),
        () => get().lines.filter(isPastDue),
      ),
      lazyTable(
        s.agingPaid,
        () => paidList(marksShared(get())),
        () => get().paid,
      ),
      aboutLater(get, w, [s.agingLines, s.agingPastDue, s.agingPaid]),
    ],
  };
}

// ---- Statuts ----

function matrixLines(
  title: string,
  matrix: StatusMatrix,
  label: (key: string | null) => string,
  w: Words,
): DocLine[] {
  const st = w.r.status;
  const { keys } = matrix;
  // One line per month and direction that has invoices.
  const rows = matrix.rows.flatMap((row) =>
    (['OUTBOUND', 'INBOUND'] as const)
      .map((direction) => ({
        month: row.month,
        direction,
        counts: row.counts[direction],
        total: row.total[direction],
      }))
      .filter((line) => line.counts.some((n) => n > 0)),
  );
  const lines: DocLine[] = [
    { cells: [] },
    { style: 'section', cells: [title] },
    { style: 'header', cells: [st.month, st.direction, ...keys.map(label), st.total] },
  ];
  for (const row of rows)
    lines.push({
      cells: [
        month(row.month),
        directionLabel(w, row.direction),
        ...row.counts.map(integer),
        integer(row.total),
      ],
    });
  // Both directions' lines together: the matrix's totals of all invoices.
  lines.push({
    style: 'strong',
    cells: [
      st.total,
      '',
      ...matrix.totals.counts.all.map(integer),
      integer(matrix.totals.total.all),
    ],
  });
  return lines;
}

function statusWorkbook(get: () => StatusReport, w: Words): WorkbookPlan {
  const s = w.r.workbook.sheets;
  const st = w.r.status;
  const statusLabel = (key: string | null): string =>
    key === null ? st.noStatus : codeLabel(key, w.x.invoices.lifecycle);
  const summary: DocumentSheet = {
    kind: 'document',
    name: s.statusSummary,
    // Counts: narrow columns, grown by the writer where a header word or a month needs more.
    widths: [12, 10, ...Array.from({ length: 16 }, () => 9)],
    lines: () => {
      const report = get();
      return [
        ...headerLines(report, w),
        { cells: [countText(st.invoices, report.invoices, w.language)] },
        ...matrixLines(st.byState, report.stateMatrix, (k) => stateLabel(w, k ?? ''), w),
        ...matrixLines(st.byLifecycle, report.lifecycleMatrix, statusLabel, w),
      ];
    },
  };
  return {
    sheets: [
      summary,
      lazyTable(
        s.rejected,
        [...invoiceFields<ReportInvoice>(w), idField(w)],
        () => get().rejected,
        w.x.export.totals,
      ),
      aboutLater(get, w, [s.rejected]),
    ],
  };
}

/** The workbook plan of a report, in the UI's language. */
export function reportWorkbook(
  report: Report,
  language: Language,
  about: ReportAbout,
): WorkbookPlan {
  return reportWorkbookLater(report.kind, language, about, () => report);
}

/**
 * The plan of a report of `kind` that is computed while the writer starts: the sheets read the
 * report (get) only when the writer comes to them, after its worker has loaded.
 */
export function reportWorkbookLater(
  kind: ReportKind,
  language: Language,
  about: ReportAbout,
  get: () => Report,
): WorkbookPlan {
  const w: Words = { r: reportWords(language), x: wordsFor(language), language, about };
  const as =
    <K extends ReportKind>(k: K) =>
    (): Extract<Report, { kind: K }> => {
      const report = get();
      if (report.kind !== k) throw new Error(`expected a ${k} report, got ${report.kind}`);
      return report as Extract<Report, { kind: K }>;
    };
  switch (kind) {
    case 'vat':
      return vatWorkbook(as('vat'), w);
    case 'aging':
      return agingWorkbook(as('aging'), w);
    case 'status':
      return statusWorkbook(as('status'), w);
    case 'ca3':
      // Laid out like the form, one sheet per box's invoices (issue 18, item 3).
      return ca3Workbook(as('ca3'), language, about);
    case 'vatCheck':
      return vatCheckWorkbook(as('vatCheck'), w);
  }
}

// ---- Contrôle TVA (issue 26, item 1) ----

function vatCheckSummary(report: VatCheck, w: Words): DocLine[] {
  const k = w.r.check;
  const row = (label: string, f: VatCheckFigures): DocLine => ({
    cells: [
      label,
      amount(f.collectedCents, 'EUR'),
      amount(f.deductibleCents, 'EUR'),
      amount(f.netCents, 'EUR'),
    ],
  });
  const form = report.ca3;
  return [
    ...headerLines(report, w),
    { cells: [] },
    { style: 'header', cells: [k.source, k.collected, k.deductible, k.net] },
    row(k.vatReport, report.vatReport),
    row(k.ca3, report.ca3),
    row(k.entries, report.entries),
    row(k.ca3Form, {
      collectedCents: form.form16Cents,
      deductibleCents: form.form23Cents,
      netCents: form.form16Cents - form.form23Cents,
    }),
    { cells: [] },
    {
      style: 'strong',
      cells: [
        report.agrees ? k.agrees : countText(k.differs, report.differences.length, w.language),
      ],
    },
    { cells: [countText(k.held, report.held, w.language)] },
    { cells: [countText(k.leftOut, report.leftOut, w.language)] },
  ];
}

function vatCheckWorkbook(get: () => VatCheck, w: Words): WorkbookPlan {
  const s = w.r.workbook.sheets;
  const k = w.r.check;
  const c = w.r.columns;
  const net = (source: string) => interpolate(k.netOf, { source });
  const differenceFields: Field<VatCheckInvoice>[] = [
    {
      header: c.direction,
      kind: 'text',
      totalsBy: true,
      value: (d) => directionLabel(w, d.direction),
    },
    { header: c.number, kind: 'id', value: (d) => d.number },
    { header: c.invoiceDate, kind: 'date', value: (d) => d.invoiceDate },
    { header: c.counterparty, kind: 'text', value: (d) => d.counterpartyName },
    { header: k.reasonHeader, kind: 'text', value: (d) => k.reasons[d.reason] },
    { header: k.dueDay, kind: 'date', value: (d) => d.dueDay },
    {
      header: net(k.vatReport),
      kind: 'amount',
      sum: true,
      value: (d) => euros(d.vatReport.netCents),
    },
    { header: net('CA3'), kind: 'amount', sum: true, value: (d) => euros(d.ca3.netCents) },
    {
      header: net(k.entriesShort),
      kind: 'amount',
      sum: true,
      value: (d) => euros(d.entries.netCents),
    },
    idField(w),
  ];
  const paymentFields: Field<VatCheckPayment>[] = [
    {
      header: c.direction,
      kind: 'text',
      totalsBy: true,
      value: (p) => directionLabel(w, p.direction),
    },
    { header: c.number, kind: 'id', value: (p) => p.number },
    { header: c.counterparty, kind: 'text', value: (p) => p.counterpartyName },
    { header: k.paidOn, kind: 'date', value: (p) => p.day },
    { header: w.r.vat.paidBy, kind: 'text', value: (p) => paidByWords(p, w.language) },
    { header: k.vat, kind: 'amount', sum: true, value: (p) => euros(p.vatCents) },
    idField(w),
  ];
  return {
    sheets: [
      {
        kind: 'document',
        name: s.checkSummary,
        widths: [36, 18, 18, 18],
        lines: () => vatCheckSummary(get(), w),
      },
      lazyTable(s.checkDifferences, differenceFields, () => get().differences, w.x.export.totals),
      lazyTable(s.checkPayments, paymentFields, () => get().payments, w.x.export.totals),
      aboutLater(get, w, [s.checkDifferences, s.checkPayments]),
    ],
  };
}
