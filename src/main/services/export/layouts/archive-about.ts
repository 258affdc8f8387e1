// What every workbook computed from the archive (a report, the CA3, the entries, the exceptions
// list) says of where its figures come from: the reports' words, the archive's coverage in words,
// and the "About" sheet written from them once the computation is done.
import type { Language } from '#shared/contract.ts';
import frReports from '#shared/i18n/fr/reports.ts';
import enReports from '#shared/i18n/en/reports.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';
import type { Translation } from '#shared/i18n/translation.ts';
import type { ReportCoverage } from '#shared/reports.ts';
import { aboutSheet, type AboutInfo } from '../about.ts';
import type { FileOwner } from '../output-name.ts';
import type { DocLine } from '../protocol.ts';
import { countText } from '#shared/i18n/plural.ts';
import { localDateTime } from '../local-dates.ts';
import type { DocumentSheet } from '../workbook-writer.ts';

export type ReportWords = Translation<typeof frReports>;
const REPORT_WORDS: Record<Language, ReportWords> = { fr: frReports, en: enReports };

export function reportWords(language: Language): ReportWords {
  return REPORT_WORDS[language];
}

/** What the caller knows that the report does not: never a secret, only the connection's name. */
export interface ReportAbout {
  connectionName: string;
  /** The connection's client company (output-name.ts's FileOwner); absent: unknown. */
  company?: FileOwner['company'];
  appVersion: string;
  exportedAt?: Date;
}

export function coverageText(coverage: ReportCoverage, r: ReportWords, language: Language): string {
  return interpolate(r.coverage.text, {
    invoices: countText(r.coverage.archived, coverage.archivedInvoices, language),
    details: coverage.withDetails,
    sync: coverage.lastSyncAt ? localDateTime(coverage.lastSyncAt, language) : r.coverage.never,
    cut: coverage.partitionsCut,
    unfinished: coverage.partitionsUnfinished,
  });
}

/** What the "About" sheet of a workbook computed from the archive says: its query in words and
 * the archive's coverage, known once the report (ledger, list) is computed. */
export interface ArchiveAbout {
  query: string;
  coverage: ReportCoverage;
}

/** The "About" sheet of a workbook computed from the archive, its words read (`read`) only when
 * the writer comes to it: the reports, the CA3, the entries and the exceptions list. */
export function lazyAboutSheet(
  language: Language,
  about: ReportAbout,
  counted: readonly string[],
  read: () => ArchiveAbout,
): DocumentSheet {
  const shape = aboutSheet(language, { ...about, query: '', source: 'archive', coverage: '' }, []);
  return {
    kind: 'document',
    name: shape.name,
    widths: shape.widths,
    lines: (written) => {
      const { query, coverage } = read();
      const info: AboutInfo = {
        connectionName: about.connectionName,
        query,
        source: 'archive',
        ...(coverage.lastSyncAt ? { dataTo: coverage.lastSyncAt } : {}),
        coverage: coverageText(coverage, reportWords(language), language),
        appVersion: about.appVersion,
        ...(about.exportedAt ? { exportedAt: about.exportedAt } : {}),
      };
      const { lines } = aboutSheet(language, info, counted);
      return typeof lines === 'function' ? lines(written) : lines;
    },
  };
}

/** The first lines of a workbook computed from the archive, under its title: whose it is (the
 * company, its SIREN, the connection), so that a file found on a shared drive says its client.
 * `known`: the company the computation found, when the caller had none. */
export function ownerLines(
  about: Pick<ReportAbout, 'connectionName' | 'company'>,
  language: Language,
  known?: { name: string | null; siren: string | null },
): DocLine[] {
  const w = reportWords(language).workbook;
  const company = about.company ?? known ?? null;
  const id = (value: string | null): DocLine['cells'][number] => ({ value, kind: 'id' });
  return [
    { cells: [w.company, company?.name ?? w.unknown] },
    { cells: [w.siren, id(company?.siren ?? null)] },
    { cells: [w.connection, about.connectionName] },
  ];
}
