// The "À propos" / "About" sheet every export ends with: where the rows come from and when, so
// that a workbook found on a shared drive months later still says what it is. The connection is
// named, never its secret (the caller passes only the name).
import type { Language } from '#shared/contract.ts';
import type { DocLine } from './protocol.ts';
import type { DocumentSheet } from './workbook-writer.ts';
import { wordsFor } from './words.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';
import { systemClock } from '../clock.ts';

export interface AboutInfo {
  /** The connection's name as the user gave it. */
  connectionName: string;
  /** The query or the filters, as the user would read them. */
  query: string;
  source: 'live' | 'archive';
  /** Oldest and newest fetch (live) or sync (archive) time of the rows: ISO date-times. */
  dataFrom?: string;
  dataTo?: string;
  /** What the rows cover and what they miss (e.g. the operator's window cut the results). */
  coverage: string;
  appVersion: string;
  /** Default: when the sheet is written. */
  exportedAt?: Date;
}

/** The sheet, reporting the rows written in `countedSheets` (table sheet names). */
export function aboutSheet(
  language: Language,
  info: AboutInfo,
  countedSheets: readonly string[],
): DocumentSheet {
  const words = wordsFor(language).export;
  return {
    kind: 'document',
    name: words.sheets.about,
    widths: [30, 80],
    lines: (written) => {
      const lines: DocLine[] = [
        { style: 'title', cells: [words.about.title] },
        { cells: [words.about.connection, info.connectionName] },
        { cells: [words.about.query, info.query] },
        {
          cells: [
            words.about.source,
            info.source === 'live' ? words.about.sourceLive : words.about.sourceArchive,
          ],
        },
      ];
      if (info.dataFrom) {
        lines.push({ cells: [words.about.dataFrom, { value: info.dataFrom, kind: 'datetime' }] });
      }
      if (info.dataTo) {
        lines.push({ cells: [words.about.dataTo, { value: info.dataTo, kind: 'datetime' }] });
      }
      lines.push({ cells: [words.about.coverage, info.coverage] });
      for (const sheet of countedSheets) {
        lines.push({
          cells: [
            interpolate(words.about.rows, { sheet }),
            { value: written.get(sheet) ?? 0, kind: 'integer' },
          ],
        });
      }
      lines.push(
        { cells: [words.about.appVersion, info.appVersion] },
        {
          cells: [
            words.about.exportedAt,
            { value: (info.exportedAt ?? systemClock.now()).toISOString(), kind: 'datetime' },
          ],
        },
      );
      return lines;
    },
  };
}
