// The D441-6 table's workbook (issue 29, item 3): one sheet laid out as the annexes 4-1 / A-1 of
// the Code de commerce print it: whose it is (company, SIREN, connection) and of when (closing
// day, year), then (A) the bands for the invoices received and issued, (B) the disputed ones
// left out, (C) the payment terms used.
import type { Language } from '#shared/contract.ts';
import { D441_BANDS, type D441Figures, type D441Side, type D441Table } from '#shared/d441.ts';
import frD441 from '#shared/i18n/fr/d441.ts';
import enD441 from '#shared/i18n/en/d441.ts';
import { countText } from '#shared/i18n/plural.ts';
import type { CellValue } from '../cells.ts';
import { ownedFileName, type FileOwner } from '../output-name.ts';
import type { DocCell, DocLine } from '../protocol.ts';
import type { WorkbookPlan } from '../workbook-writer.ts';
import { ownerLines, reportWords, type ReportAbout } from './archive-about.ts';

const D441_WORDS = { fr: frD441, en: enD441 } as const;

export function d441Words(language: Language) {
  return D441_WORDS[language];
}

const amount = (cents: number): DocCell => ({
  value: cents / 100,
  kind: 'amount',
  currency: 'EUR',
});
const integer = (n: number): DocCell => ({ value: n, kind: 'integer' });
// Basis points to the percent the 'percent' kind takes (20 for 20 %).
const percent = (bp: number | null): DocCell | CellValue =>
  bp === null ? '' : { value: bp / 100, kind: 'percent' };
const day = (value: string): DocCell => ({ value, kind: 'date' });

function sideLines(side: D441Side, language: Language): DocLine[] {
  const w = D441_WORDS[language];
  const received = side.direction === 'INBOUND';
  const all: D441Figures[] = [...side.bands, side.total];
  return [
    { cells: [] },
    { style: 'section', cells: [received ? w.received : w.issued] },
    { style: 'header', cells: [w.sectionA, ...D441_BANDS.map((b) => w.bands[b]), w.total] },
    { cells: [w.invoices, ...all.map((f) => integer(f.invoices))] },
    { cells: [w.amount, ...all.map((f) => amount(f.amountCents))] },
    {
      cells: [received ? w.sharePurchases : w.shareTurnover, ...all.map((f) => percent(f.shareBp))],
    },
    { cells: [received ? w.yearPurchases : w.yearTurnover, amount(side.yearHtCents)] },
    { style: 'header', cells: [w.sectionB] },
    { cells: [w.excludedInvoices, integer(side.disputed.invoices)] },
    { cells: [w.excludedAmount, amount(side.disputed.amountCents)] },
    ...(side.otherCurrency > 0
      ? [{ cells: [countText(w.otherCurrency, side.otherCurrency, language)] }]
      : []),
  ];
}

function tableLines(table: D441Table, language: Language, about: ReportAbout): DocLine[] {
  const w = D441_WORDS[language];
  const r = reportWords(language).workbook;
  return [
    { style: 'title', cells: [w.title] },
    ...ownerLines(about, language, table.company),
    { cells: [r.period, table.period.label] },
    { cells: [w.yearFrom, day(table.period.from)] },
    { cells: [w.closing, day(table.closing)] },
    { cells: [w.legal] },
    ...table.sides.flatMap((side) => sideLines(side, language)),
    { cells: [] },
    { style: 'header', cells: [w.sectionC] },
    { cells: [w.terms] },
    { cells: [w.rule] },
  ];
}

/** The D441-6 workbook: its one sheet. */
export function d441Workbook(
  get: () => D441Table,
  language: Language,
  about: ReportAbout,
): WorkbookPlan {
  return {
    sheets: [
      {
        kind: 'document',
        name: D441_WORDS[language].sheet,
        widths: [62, 16, 16, 16, 16, 18],
        lines: () => tableLines(get(), language, about),
      },
    ],
  };
}

/** "<company> <SIREN> Délais de paiement D441-6 2026-12-31.xlsx": named by its closing day. */
export function d441FileName(closing: string, language: Language, owner: FileOwner): string {
  return ownedFileName(owner, D441_WORDS[language].name, closing, 'xlsx');
}
