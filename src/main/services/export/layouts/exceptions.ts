// The exceptions list of a period in Excel (issue 19, item 4): one row per invoice to act on with
// its reasons in words, its last status and amount, and the accountant's mark (handled, note,
// by, at), then the "À propos" sheet. The list is computed (get) only when the writer comes to
// the first sheet, while the worker starts.
import type { Language } from '#shared/contract.ts';
import { reasonText } from '#shared/exception-words.ts';
import type { ExceptionList, ExceptionReason, ExceptionRow } from '#shared/exceptions.ts';
import { signedAmount } from '#shared/invoices/amount-totals.ts';
import enFollowUp from '#shared/i18n/en/follow-up.ts';
import frFollowUp from '#shared/i18n/fr/follow-up.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { codeWordsOf } from '../code-words.ts';
import { ownedFileName, type FileOwner } from '../output-name.ts';
import { lazyTable, type Field } from '../fields.ts';
import { localDate } from '../local-dates.ts';
import type { WorkbookPlan } from '../workbook-writer.ts';
import { wordsFor } from '../words.ts';
import { lazyAboutSheet, type ReportAbout } from './archive-about.ts';

const WORDS = { fr: frFollowUp.exceptions, en: enFollowUp.exceptions } as const;

/** "ATELIERS DUVAL AGENCEMENT 123456789 À traiter 2026-10.xlsx". */
export function exceptionsFileName(
  period: ReportPeriod,
  language: Language,
  owner: FileOwner,
): string {
  return ownedFileName(owner, WORDS[language].export.fileName, period.label, 'xlsx');
}

/** What the workbook holds, as its first sheet's title says: "À traiter". */
export function exceptionsTitle(language: Language): string {
  return WORDS[language].export.fileName;
}

function fields(language: Language): Field<ExceptionRow>[] {
  const w = WORDS[language];
  const c = w.export.columns;
  const day = (d: string): string => localDate(d, language);
  return [
    { header: c.number, kind: 'id', value: (r) => r.number },
    { header: c.date, kind: 'date', value: (r) => r.invoiceDate },
    { header: c.due, kind: 'date', value: (r) => r.dueDate },
    {
      header: c.direction,
      kind: 'text',
      totalsBy: true,
      value: (r) => w.export.directions[r.direction],
    },
    { header: c.party, kind: 'text', value: (r) => r.counterpartyName },
    { header: c.status, kind: 'text', value: (r) => codeWordsOf(r.lifecycleCode, language) },
    { header: c.currency, kind: 'id', isCurrency: true, value: (r) => r.currency },
    {
      header: c.ttc,
      kind: 'amount',
      sum: true,
      // Credit notes negative, as on screen and in every workbook (one sign rule, issue 27).
      value: (r) => (r.ttcCents === null ? undefined : signedAmount(r.ttcCents, r.typeCode) / 100),
    },
    {
      header: c.reasons,
      kind: 'text',
      value: (r) =>
        r.reasons.map((x) => reasonText(inWords(x, language), w.reasons, true, day)).join(' ; '),
    },
    { header: c.handled, kind: 'text', value: (r) => (r.handled ? w.export.yes : w.export.no) },
    { header: c.note, kind: 'text', value: (r) => r.mark?.note ?? undefined },
    { header: c.by, kind: 'text', value: (r) => r.mark?.by },
    { header: c.at, kind: 'datetime', value: (r) => r.mark?.at },
    { header: c.invoiceId, kind: 'id', value: (r) => r.invoiceId },
  ];
}

/** The workbook of a list computed later: `get` is called when the writer reaches the first
 * sheet (and returns the same list every time after). */
export function exceptionsWorkbook(
  language: Language,
  about: ReportAbout,
  get: () => ExceptionList,
): WorkbookPlan {
  const w = WORDS[language];
  const totals = wordsFor(language).export.totals;
  const aboutLater = lazyAboutSheet(language, about, [w.export.sheet], () => {
    const list = get();
    return {
      query: interpolate(w.export.query, {
        period: list.period.label,
        from: localDate(list.period.from, language),
        to: localDate(list.period.to, language),
        show: w.show[list.show],
      }),
      coverage: list.coverage,
    };
  });
  return {
    sheets: [lazyTable(w.export.sheet, fields(language), () => get().rows, totals), aboutLater],
  };
}

/** A reason whose detail is a platform code ("NOT_DELIVERED"), that code in words. */
function inWords(reason: ExceptionReason, language: Language): ExceptionReason {
  if (reason.kind === 'left_out')
    return { ...reason, detail: codeWordsOf(reason.detail, language) ?? null };
  if (reason.kind === 'status' && reason.entries?.situation === 'left_out')
    return {
      ...reason,
      entries: { ...reason.entries, detail: codeWordsOf(reason.entries.detail, language) ?? null },
    };
  return reason;
}
