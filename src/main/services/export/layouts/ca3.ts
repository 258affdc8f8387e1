// The CA3 draft's workbook (issue 18, item 3): the form's layout sheet (each box with its code,
// the notice's label, the whole euros the form takes beside the exact amount), one sheet per box
// that invoices fill (each invoice with the rule that put it there), the invoices held, lacking
// details or left out, the check against the entries, and "À propos". Returns a plan for
// writeWorkbook(); the sheets read the report only when the writer comes to them.
import type { Language } from '#shared/contract.ts';
import { CA3_INVOICE_BOXES, CA3_SECTIONS, boxKind, boxOfReport } from '#shared/ca3-layout.ts';
import {
  wholeEuros,
  type Ca3Aside,
  type Ca3Box,
  type Ca3BoxCode,
  type Ca3Contribution,
  type Ca3Explanation,
  type Ca3Report,
} from '#shared/ca3.ts';
import frCa3 from '#shared/i18n/fr/ca3.ts';
import enCa3 from '#shared/i18n/en/ca3.ts';
import type { Translation } from '#shared/i18n/translation.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';
import { countText } from '#shared/i18n/plural.ts';
import { LOCALES } from '#shared/i18n/locales.ts';
import { explanationText } from '#shared/ca3-explanation.ts';
import { codeLabel } from '#shared/invoices/labels.ts';
import type { ReportInvoice } from '#shared/reports.ts';
import type { CellValue } from '../cells.ts';
import { lazyTable, type Field } from '../fields.ts';
import { localDate } from '../local-dates.ts';
import type { DocCell, DocLine } from '../protocol.ts';
import type { WorkbookPlan } from '../workbook-writer.ts';
import { labelOf, wordsFor, type ExportWords } from '../words.ts';
import { lazyAboutSheet, ownerLines, type ReportAbout } from './archive-about.ts';
import { paidByWords } from './paid-by.ts';
import frReports from '#shared/i18n/fr/reports.ts';
import enReports from '#shared/i18n/en/reports.ts';

export { CA3_INVOICE_BOXES, CA3_SECTIONS };

export type Ca3Words = Translation<typeof frCa3>;
const CA3_WORDS: Record<Language, Ca3Words> = { fr: frCa3, en: enCa3 };
const REPORT_WORDS = { fr: frReports, en: enReports } as const;

export function ca3Words(language: Language): Ca3Words {
  return CA3_WORDS[language];
}

export type Ca3About = ReportAbout;

interface Words {
  c: Ca3Words;
  r: (typeof REPORT_WORDS)[Language];
  x: ExportWords;
  language: Language;
  /** Whose return: its first lines (ownerLines). */
  about: ReportAbout;
}

const amount = (cents: number): DocCell => ({
  value: cents / 100,
  kind: 'amount',
  currency: 'EUR',
});
const whole = (cents: number): DocCell => ({ value: wholeEuros(cents), kind: 'integer' });
const integer = (value: number): DocCell => ({ value, kind: 'integer' });
const day = (value: string | null): DocCell => ({ value, kind: 'date' });

/** A box's line on the form: code, label, base (whole, exact), tax (whole, exact), invoices. */
function boxCells(box: Ca3Box, w: Words): (CellValue | DocCell)[] {
  const label = w.c.boxes[box.code];
  const invoices = integer(new Set(box.contributions.map((c) => c.invoiceId)).size);
  if (boxKind(box.code) === 'rate') {
    const base = box.baseCents ?? 0;
    return [
      box.code,
      label,
      whole(base),
      amount(base),
      whole(box.amountCents),
      amount(box.amountCents),
      invoices,
    ];
  }
  if (boxKind(box.code) === 'base')
    return [box.code, label, whole(box.amountCents), amount(box.amountCents), '', '', invoices];
  return [box.code, label, '', '', whole(box.amountCents), amount(box.amountCents), invoices];
}

/** A form section's column headers: the box, its base and tax as on the form (whole euros) and
 * exact, and the invoices it counts (the CA12 reads its form with the same columns). */
export function formHeader(c: Ca3Words): string[] {
  const col = c.columns;
  return [
    col.code,
    col.label,
    col.baseForm,
    col.baseExact,
    col.taxForm,
    col.taxExact,
    col.invoices,
  ];
}

function formLines(report: Ca3Report, w: Words): DocLine[] {
  const { period } = report;
  const lines: DocLine[] = [
    { style: 'title', cells: [interpolate(w.c.workbook.title, { period: period.label })] },
    ...ownerLines(w.about, w.language, report.company),
    { cells: [w.r.workbook.period, period.label] },
    { cells: [w.r.workbook.from, day(period.from)] },
    { cells: [w.r.workbook.to, day(period.to)] },
    { cells: [w.c.workbook.formNote] },
    ...declaredLines(report, w),
  ];
  for (const section of CA3_SECTIONS) {
    lines.push(
      { cells: [] },
      { style: 'section', cells: [w.c.sections[section.key]] },
      {
        style: 'header',
        cells: formHeader(w.c),
      },
    );
    for (const code of section.codes) {
      const cells = boxCells(boxOfReport(report, code), w);
      lines.push(
        code === '16' || code === '23' || code === 'TD' || code === '28'
          ? { style: 'strong', cells }
          : { cells },
      );
    }
  }
  lines.push({ cells: [] }, { style: 'section', cells: [w.c.check.title] });
  lines.push({ cells: [checkVerdict(report, w)] });
  return lines;
}

/** A declared period (issue 26, item 6): when, for how much, by whom, and what changed since,
 * invoice by invoice (each box then → now). */
function declaredLines(report: Ca3Report, w: Words): DocLine[] {
  const d = report.declared;
  if (!d) return [];
  const k = w.c.declared;
  const money = (cents: number): string => euroText(cents, w.language);
  const lines: DocLine[] = [
    { cells: [] },
    {
      style: 'strong',
      cells: [
        k.title,
        interpolate(k.done, {
          day: localDate(d.declaredOn, w.language),
          amount: money(d.amountCents),
          by: d.by,
        }),
      ],
    },
    {
      cells: [
        '',
        d.changes.length === 0 ? k.unchanged : countText(k.changed, d.changes.length, w.language),
      ],
    },
  ];
  for (const change of d.changes)
    lines.push({
      cells: [
        '',
        `${change.number ?? change.invoiceId} · ${k.kinds[change.kind]} · ${change.cells
          .map((c) =>
            interpolate(k.cell, {
              code: c.code,
              declared: money(c.declaredCents),
              now: money(c.nowCents),
            }),
          )
          .join(' ; ')}`,
      ],
    });
  return lines;
}

function checkVerdict(report: Ca3Report, w: Words): string {
  const r = report.reconciliation;
  const money = (cents: number): string => euroText(cents, w.language);
  return r.differenceCents === 0
    ? w.c.check.agrees
    : interpolate(w.c.check.differs, {
        collected: money(r.collectedGapCents),
        deductible: money(r.deductibleGapCents),
        net: money(r.netEffectCents),
      });
}

function euroText(cents: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

/** An explanation worded in the workbook's language, as the screen words it. */
function explanationOf(e: Ca3Explanation, w: Words): string {
  const word = (path: string, params?: Record<string, string>): string => {
    let node: unknown = w.c.check;
    for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
    return interpolate(typeof node === 'string' ? node : path, params);
  };
  // The workbook's own date format (cells.ts DATE_FORMAT), in both languages.
  const day = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  return explanationText(e, word, { day, money: (cents) => euroText(cents, w.language) });
}

function checkLines(report: Ca3Report, w: Words): DocLine[] {
  const k = w.c.check;
  const r = report.reconciliation;
  const lines: DocLine[] = [
    { style: 'title', cells: [k.title] },
    { style: 'strong', cells: [checkVerdict(report, w)] },
    { cells: [] },
    { style: 'header', cells: ['', k.inReturn, k.inEntries, k.difference] },
    {
      cells: [
        k.collected,
        amount(r.collectedReturnCents),
        amount(r.collectedEntriesCents),
        amount(r.collectedReturnCents - r.collectedEntriesCents),
      ],
    },
    {
      cells: [
        k.deductible,
        amount(r.deductibleReturnCents),
        amount(r.deductibleEntriesCents),
        amount(r.deductibleReturnCents - r.deductibleEntriesCents),
      ],
    },
  ];
  if (r.explanations.length > 0) {
    lines.push({ cells: [] }, { style: 'section', cells: [k.explanations] });
    for (const e of r.explanations) lines.push({ cells: [explanationOf(e, w)] });
  }
  return lines;
}

const directionLabel = (w: Words, direction: string): string =>
  w.r.directions[direction as 'INBOUND'] ?? direction;

/** A box's invoices; a base box (A1…F2) holds bases only, so no column of zero tax. */
function contributionFields(w: Words, code: Ca3BoxCode): Field<Ca3Contribution>[] {
  const col = w.r.columns;
  const c = w.c.columns;
  return [
    { header: col.direction, kind: 'text', value: (i) => directionLabel(w, i.direction) },
    { header: col.number, kind: 'id', value: (i) => i.number },
    { header: col.invoiceDate, kind: 'date', value: (i) => i.invoiceDate },
    { header: c.dueDay, kind: 'date', value: (i) => i.dueDay },
    { header: col.counterparty, kind: 'text', value: (i) => i.counterpartyName },
    { header: c.rule, kind: 'text', value: (i) => w.c.rules[i.rule] },
    // VAT on payment: where its day came from (212, the accountant's mark, the bank).
    {
      header: w.r.vat.paidBy,
      kind: 'text',
      value: (i) => (i.payment ? paidByWords(i.payment, w.language) : undefined),
    },
    { header: c.creditNote, kind: 'text', value: (i) => (i.creditNote ? w.r.vat.creditNote : '') },
    // Signed already: a credit note's part is negative.
    {
      header: w.x.export.columns.vatBaseSigned,
      kind: 'amount',
      sum: true,
      value: (i) => i.baseCents / 100,
    },
    ...(boxKind(code) === 'base'
      ? []
      : [
          {
            header: w.x.export.columns.vatAmountSigned,
            kind: 'amount',
            sum: true,
            value: (i: Ca3Contribution) => i.taxCents / 100,
          } satisfies Field<Ca3Contribution>,
        ]),
    { header: col.currency, kind: 'id', isCurrency: true, value: () => 'EUR' },
    { header: col.invoiceId, kind: 'id', value: (i) => i.invoiceId },
  ];
}

function invoiceFields<T extends ReportInvoice>(w: Words): Field<T>[] {
  const col = w.r.columns;
  return [
    { header: col.direction, kind: 'text', value: (i) => directionLabel(w, i.direction) },
    { header: col.number, kind: 'id', value: (i) => i.number },
    { header: col.invoiceDate, kind: 'date', value: (i) => i.invoiceDate },
    {
      header: col.type,
      kind: 'text',
      value: (i) =>
        i.typeCode === null ? undefined : (labelOf(w.x.invoices.types, i.typeCode) ?? i.typeCode),
    },
    { header: col.counterparty, kind: 'text', value: (i) => i.counterpartyName },
    { header: col.counterpartySiren, kind: 'id', value: (i) => i.counterpartySiren },
    {
      header: col.ht,
      kind: 'amount',
      value: (i) => (i.htCents === null ? undefined : i.htCents / 100),
    },
    {
      header: col.tva,
      kind: 'amount',
      value: (i) => (i.tvaCents === null ? undefined : i.tvaCents / 100),
    },
    {
      header: col.ttc,
      kind: 'amount',
      value: (i) => (i.ttcCents === null ? undefined : i.ttcCents / 100),
    },
    { header: col.currency, kind: 'id', isCurrency: true, value: (i) => i.currency },
    { header: col.lifecycleCode, kind: 'id', value: (i) => i.lifecycleCode },
  ];
}

/** What a held or incomplete invoice would add: "20 : 1 234,00 € ; A1 : …". */
export function wouldChangeText(aside: Ca3Aside, c: Ca3Words, language: Language): string {
  return aside.wouldChange
    .map((change) =>
      interpolate(c.aside.change, { code: change.code, amount: euroText(change.cents, language) }),
    )
    .join(' ; ');
}

function asideFields(w: Words): Field<Ca3Aside & { list: string }>[] {
  return [
    { header: w.c.workbook.kind, kind: 'text', value: (i) => i.list },
    { header: w.c.columns.reason, kind: 'text', value: (i) => w.c.aside.reasons[i.reason] },
    ...invoiceFields<Ca3Aside & { list: string }>(w),
    {
      header: w.c.columns.wouldChange,
      kind: 'text',
      value: (i) => wouldChangeText(i, w.c, w.language),
    },
    { header: w.r.columns.invoiceId, kind: 'id', value: (i) => i.invoiceId },
  ];
}

function leftOutFields(w: Words): Field<ReportInvoice & { reason: string }>[] {
  return [
    ...invoiceFields<ReportInvoice & { reason: string }>(w),
    {
      header: w.c.columns.reason,
      kind: 'text',
      value: (e) =>
        /^\d{3}$/.test(e.reason)
          ? codeLabel(e.reason, w.x.invoices.lifecycle)
          : (labelOf(w.x.common.states, e.reason) ?? e.reason),
    },
    { header: w.r.columns.invoiceId, kind: 'id', value: (i) => i.invoiceId },
  ];
}

/** The name of a box's sheet: "Case A1" / "Box A1". */
export function boxSheetName(code: Ca3BoxCode, language: Language): string {
  return interpolate(ca3Words(language).workbook.sheets.box, { code });
}

/** The CA3 workbook, its sheets reading the report (get) only when the writer comes to them. */
export function ca3Workbook(
  get: () => Ca3Report,
  language: Language,
  about: Ca3About,
): WorkbookPlan {
  const w: Words = {
    c: ca3Words(language),
    r: REPORT_WORDS[language],
    x: wordsFor(language),
    language,
    about,
  };
  const s = w.c.workbook.sheets;
  const totals = w.x.export.totals;
  const boxSheets = CA3_INVOICE_BOXES.map((code) =>
    lazyTable(
      boxSheetName(code, language),
      contributionFields(w, code),
      () => boxOfReport(get(), code).contributions,
      totals,
    ),
  );
  const aside = (): (Ca3Aside & { list: string })[] => {
    const report = get();
    return [
      ...report.held.map((i) => ({ ...i, list: w.c.aside.held })),
      ...report.lacking.map((i) => ({ ...i, list: w.c.aside.lacking })),
    ];
  };
  const counted = [...boxSheets.map((sheet) => sheet.name), s.aside, s.leftOut];
  const aboutLater = lazyAboutSheet(language, about, counted, () => {
    const { period, coverage } = get();
    return {
      query: interpolate(w.r.workbook.query, {
        report: w.c.name,
        period: period.label,
        from: localDate(period.from, language),
        to: localDate(period.to, language),
      }),
      coverage,
    };
  });
  return {
    sheets: [
      {
        kind: 'document',
        name: s.form,
        widths: [8, 60, 16, 16, 16, 16, 10],
        lines: () => formLines(get(), w),
      },
      ...boxSheets,
      lazyTable(s.aside, asideFields(w), aside),
      lazyTable(s.leftOut, leftOutFields(w), () => get().leftOut),
      {
        kind: 'document',
        name: s.check,
        widths: [30, 18, 18, 18],
        lines: () => checkLines(get(), w),
      },
      aboutLater,
    ],
  };
}
