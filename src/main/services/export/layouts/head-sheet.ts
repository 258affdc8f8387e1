// The first sheet of a workbook whose data is a table (issue 27, item 1): a search's or the
// archive's invoices, the directory, the participants, the webhooks, À traiter. A table's first row
// is its header (its filter and frozen pane hang on it), so whose file it is and of when goes on a
// short sheet before it, in the same lines as every report's first sheet: the title, then
// ownerLines (company, SIREN, connection), then the period.
import type { Language } from '#shared/contract.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import type { FileOwner } from '../output-name.ts';
import type { DocLine } from '../protocol.ts';
import type { DocumentSheet, WorkbookPlan } from '../workbook-writer.ts';
import { ownerLines, reportWords } from './archive-about.ts';

/** Whose workbook and of when: a report's period, or the day of a search (its file name's). */
export interface WorkbookHead {
  owner: FileOwner;
  /** What the workbook holds, its title ("Factures", "Archive des factures"). */
  title: string;
  period: ReportPeriod | { day: string };
}

/** Title, company, SIREN, connection, then the period: what every workbook's first sheet says
 * first. */
export function headLines(head: WorkbookHead, language: Language): DocLine[] {
  return [{ style: 'title', cells: [head.title] }, ...headBody(head, language)];
}

/** The head's lines under a title: company, SIREN, connection, period. */
function headBody(head: WorkbookHead, language: Language): DocLine[] {
  const w = reportWords(language).workbook;
  const { period } = head;
  const lines: DocLine[] = ownerLines(
    { connectionName: head.owner.connectionName, company: head.owner.company },
    language,
  );
  if ('day' in period) lines.push({ cells: [w.period, { value: period.day, kind: 'date' }] });
  else
    lines.push(
      { cells: [w.period, period.label] },
      { cells: [w.from, { value: period.from, kind: 'date' }] },
      { cells: [w.to, { value: period.to, kind: 'date' }] },
    );
  return lines;
}

/** The head as a sheet of its own, first in the workbook; `head` is read when the writer comes
 * to it (a computed list knows its period then). */
export function headSheet(language: Language, head: () => WorkbookHead): DocumentSheet {
  return {
    kind: 'document',
    name: reportWords(language).workbook.headSheet,
    widths: [18, 60],
    lines: () => headLines(head(), language),
  };
}

/** A plan with its head first: a sheet of its own before a table, or under the title of a
 * document sheet (one invoice, which has its own title), followed by an empty line. */
export function withHead(
  plan: WorkbookPlan,
  language: Language,
  head: () => WorkbookHead,
): WorkbookPlan {
  const [first, ...rest] = plan.sheets;
  if (!first) return plan;
  if (first.kind === 'table') return { sheets: [headSheet(language, head), ...plan.sheets] };
  const lines = first.lines;
  const headed: DocumentSheet = {
    ...first,
    lines: (written) => {
      const [title, ...body] = typeof lines === 'function' ? lines(written) : lines;
      return [...(title ? [title] : []), ...headBody(head(), language), { cells: [] }, ...body];
    },
  };
  return { sheets: [headed, ...rest] };
}

/** The sheet whose rows an export counts and reports as progress: its first table. */
export function mainSheetIndex(plan: WorkbookPlan): number {
  return Math.max(
    0,
    plan.sheets.findIndex((sheet) => sheet.kind === 'table'),
  );
}
