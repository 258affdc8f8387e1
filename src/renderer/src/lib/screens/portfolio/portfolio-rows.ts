// The portfolio's rows as the table filters them, and where each figure leads (pure, so that
// node:test checks them: tests/unit/renderer/screens/portfolio/portfolio-rows.test.ts).
import type { ArchiveFilterForm } from '../archive/archive-filter.ts';
import { emptyArchiveFilterForm } from '../archive/archive-filter.ts';
import {
  ACT_ON_CODES,
  type ActOnCode,
  type PortfolioDetails,
  type PortfolioRow,
} from '#shared/portfolio.ts';
import { periodOf } from '#shared/report-period.ts';
import type { FailingConnection } from '#shared/sync-round.ts';
import type { ReportKind, ReportPeriod } from '#shared/reports.ts';
import type { DueReturn } from '#shared/tax-calendar.ts';

/** A row as the table shows it: with its details once they came ('portfolio:details'), and
 * its background sync's failure, if it is failing (the round's backoff). */
export interface ShownRow extends PortfolioRow {
  toMap: number | null;
  vatCents: number | null;
  /** The échéancier's own count of past due invoices (PortfolioDetails.pastDue). */
  pastDue: number | null;
  /** The return due now that `vatCents` is of (issue 26), its period and deadline. */
  vatReturn: DueReturn | null;
  /** The details are still being computed. */
  pending: boolean;
  /** Its syncs fail: why, and when the next try is (null when they do not). */
  failing: Pick<FailingConnection, 'error' | 'nextAttemptAt' | 'failures'> | null;
}

export function withDetails(
  rows: readonly PortfolioRow[],
  details: Readonly<Record<string, PortfolioDetails>>,
  failing: readonly FailingConnection[] = [],
): ShownRow[] {
  return rows.map((row) => {
    const found = details[row.connectionId];
    const failure = failing.find((f) => f.connectionId === row.connectionId);
    return {
      ...row,
      toMap: found?.toMap ?? null,
      vatCents: found?.vatCents ?? null,
      pastDue: found?.pastDue ?? null,
      vatReturn: found?.vatReturn ?? null,
      pending: !found && row.figures !== null && row.error === null,
      failing: failure
        ? { error: failure.error, nextAttemptAt: failure.nextAttemptAt, failures: failure.failures }
        : null,
    };
  });
}

/** The row has figures worth showing: an archive that holds invoices (a connection that never
 * answered has none, and its "0" would read as "nothing to do"). Else every figure shows "—". */
export function hasFigures(row: PortfolioRow): boolean {
  return (
    row.figures !== null &&
    row.error === null &&
    (row.lastSyncAt !== null || row.figures.archived > 0)
  );
}

export type Figure =
  | 'issued'
  | 'received'
  | `code${ActOnCode}`
  | 'pastDue'
  | 'toMap'
  | 'vat'
  | 'bankUnmatched'
  | 'bankSuggested';

/** The name a row is known by: the company's, else the connection's. */
export function companyOf(row: PortfolioRow): string {
  return row.companyName ?? row.connectionName;
}

/** How many things wait for action on this company (statuses, past due, third parties). */
export function toActOn(row: ShownRow): number {
  const f = row.figures;
  if (!f) return 0;
  return (
    ACT_ON_CODES.reduce((n, code) => n + f.codes[code], 0) +
    (row.pastDue ?? 0) +
    (row.toMap ?? 0) +
    (row.bank?.unmatched ?? 0) +
    (row.bank?.suggested ?? 0)
  );
}

/** Something waits for the accountant on this row: a figure to act on, or the connection
 * itself (its syncs fail, it was never synced, its archive cannot be read). */
export function needsAction(row: ShownRow): boolean {
  return row.failing !== null || row.error !== null || !hasFigures(row) || toActOn(row) > 0;
}

/** The rows whose company name, connection name or SIREN holds `text` (accents and case
 * ignored), and only those with something to act on when asked. */
export function filterRows(
  rows: readonly ShownRow[],
  text: string,
  onlyToAct: boolean,
): ShownRow[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const wanted = fold(text.trim()).replace(/\s+/g, ' ');
  const digits = text.replace(/\s/g, '');
  return rows.filter((row) => {
    if (onlyToAct && !needsAction(row)) return false;
    if (!wanted) return true;
    return (
      fold(companyOf(row)).includes(wanted) ||
      fold(row.connectionName).includes(wanted) ||
      (/^\d+$/.test(digits) && (row.siren ?? '').includes(digits))
    );
  });
}

/** The figure's count (the VAT's amount in cents), null when the row has none. */
export function figureValue(row: ShownRow, figure: Figure): number | null {
  const f = row.figures;
  switch (figure) {
    case 'issued':
    case 'received':
      return f ? f[figure] : null;
    case 'pastDue':
      return row.pastDue;
    case 'toMap':
      return row.toMap;
    case 'vat':
      return row.vatCents;
    case 'bankUnmatched':
      return row.bank ? row.bank.unmatched : null;
    case 'bankSuggested':
      return row.bank ? row.bank.suggested : null;
    default:
      return f ? f.codes[figure.slice(4) as ActOnCode] : null;
  }
}

/** Where a figure leads: the archive filtered, a report of the month, Comptabilité's queue, or
 * the Banque screen's lines of a state. */
export type Destination =
  | { screen: 'archive'; form: ArchiveFilterForm }
  | { screen: 'reports'; kind: ReportKind; period: ReportPeriod }
  | { screen: 'accounting'; tab: 'queue'; period: ReportPeriod }
  | { screen: 'bank'; state: 'undecided' | 'suggested' };

export function destinationOf(
  figure: Figure,
  asOf: string,
  vatPeriod: ReportPeriod | null = null,
): Destination {
  const month = periodOf('month', asOf);
  switch (figure) {
    case 'issued':
    case 'received':
      return {
        screen: 'archive',
        form: {
          ...emptyArchiveFilterForm(),
          direction: figure === 'issued' ? 'OUTBOUND' : 'INBOUND',
          invoiceDateFrom: month.from,
          invoiceDateTo: month.to,
        },
      };
    case 'pastDue':
      return { screen: 'reports', kind: 'aging', period: month };
    case 'vat':
      // The return due now (issue 26): last month's for a monthly client, not this month's.
      return { screen: 'reports', kind: 'ca3', period: vatPeriod ?? month };
    case 'toMap':
      return { screen: 'accounting', tab: 'queue', period: month };
    // The Banque screen on the lines counted: the same rule (stores/bank.svelte.ts).
    case 'bankUnmatched':
      return { screen: 'bank', state: 'undecided' };
    case 'bankSuggested':
      return { screen: 'bank', state: 'suggested' };
    default:
      return {
        screen: 'archive',
        form: { ...emptyArchiveFilterForm(), lifecycleCodes: figure.slice(4) },
      };
  }
}
