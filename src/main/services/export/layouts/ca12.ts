// The CA12 draft's workbook (issue 26, item 4): the form's sheet (each line with its code, the
// notice's label, the whole euros the form takes beside the exact amount, and the CA3 boxes it
// adds up), the instalments, then the year's CA3 sheets as they are (each box's invoices, held,
// lacking and left out with what they would change, the check against the entries, "About"):
// one computation, one set of sheets behind both returns.
import type { Language } from '#shared/contract.ts';
import { CA12_SECTIONS, lineKind, lineOf, type Ca12Line, type Ca12Report } from '#shared/ca12.ts';
import { wholeEuros } from '#shared/ca3.ts';
import frCa12 from '#shared/i18n/fr/ca12.ts';
import enCa12 from '#shared/i18n/en/ca12.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';
import { countText } from '#shared/i18n/plural.ts';
import { LOCALES } from '#shared/i18n/locales.ts';
import type { CellValue } from '../cells.ts';
import { ownedFileName, type FileOwner } from '../output-name.ts';
import type { DocCell, DocLine } from '../protocol.ts';
import type { WorkbookPlan } from '../workbook-writer.ts';
import { ownerLines, type ReportAbout } from './archive-about.ts';
import { ca3Workbook, ca3Words, formHeader } from './ca3.ts';

const CA12_WORDS = { fr: frCa12, en: enCa12 } as const;

const amount = (cents: number): DocCell => ({
  value: cents / 100,
  kind: 'amount',
  currency: 'EUR',
});
const whole = (cents: number): DocCell => ({ value: wholeEuros(cents), kind: 'integer' });
const invoices = (line: Ca12Line, report: Ca12Report): DocCell => ({
  value: new Set(
    line.from.flatMap(
      (code) =>
        report.annual.boxes.find((b) => b.code === code)?.contributions.map((c) => c.invoiceId) ??
        [],
    ),
  ).size,
  kind: 'integer',
});

const STRONG = new Set(['16', '26', '28', '33']);

function euroText(cents: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}

function formLines(report: Ca12Report, language: Language, about: ReportAbout): DocLine[] {
  const w = CA12_WORDS[language];
  const c = ca3Words(language);
  const lines: DocLine[] = [
    { style: 'title', cells: [interpolate(w.title, { year: String(report.year) })] },
    ...ownerLines(about, language, report.company),
    { cells: [w.workbook.formNote] },
  ];
  for (const section of CA12_SECTIONS) {
    lines.push(
      { cells: [] },
      { style: 'section', cells: [w.sections[section.key]] },
      {
        style: 'header',
        cells: [...formHeader(c), w.workbook.from],
      },
    );
    for (const code of section.codes) {
      const line = lineOf(report, code);
      const counted = line.from.length > 0;
      const base = lineKind(code) === 'base';
      const baseCents = base ? line.amountCents : line.baseCents;
      const cells: (CellValue | DocCell)[] = [
        code,
        w.lines[code],
        baseCents === null ? '' : whole(baseCents),
        baseCents === null ? '' : amount(baseCents),
        base ? '' : whole(line.amountCents),
        // A computed line's amount is already the form's (sums of rounded lines).
        counted && !base ? amount(line.amountCents) : '',
        counted ? invoices(line, report) : '',
        line.from.join(', '),
      ];
      lines.push(STRONG.has(code) ? { style: 'strong', cells } : { cells });
    }
  }
  const i = report.instalments;
  const year = String(i.baseYear);
  lines.push(
    { cells: [] },
    { style: 'section', cells: [w.instalments.title] },
    { cells: ['', w.instalments.july, '', '', whole(i.julyCents)] },
    { cells: ['', w.instalments.december, '', '', whole(i.decemberCents)] },
    {
      cells: [
        '',
        i.baseInvoices === 0
          ? interpolate(w.instalments.unknown, { year })
          : i.exempt
            ? interpolate(w.instalments.exempt, { year, amount: euroText(i.baseCents, language) })
            : `${interpolate(w.instalments.base, { year, amount: euroText(i.baseCents, language) })}, ${countText(w.instalments.fromInvoices, i.baseInvoices, language)}`,
      ],
    },
  );
  return lines;
}

/** The CA12 workbook: its form, then the year's CA3 sheets (invoices, aside, check, About). */
export function ca12Workbook(
  get: () => Ca12Report,
  language: Language,
  about: ReportAbout,
): WorkbookPlan {
  const year = ca3Workbook(() => get().annual, language, about);
  return {
    sheets: [
      {
        kind: 'document',
        name: CA12_WORDS[language].workbook.sheets.form,
        widths: [8, 60, 16, 16, 16, 16, 10, 12],
        lines: () => formLines(get(), language, about),
      },
      ...year.sheets.slice(1),
    ],
  };
}

/** "<company> <SIREN> Déclaration annuelle CA12 2026.xlsx". */
export function ca12FileName(year: number, language: Language, owner: FileOwner): string {
  return ownedFileName(owner, CA12_WORDS[language].name, String(year), 'xlsx');
}
