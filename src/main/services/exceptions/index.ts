// The exceptions list of a connection (issue 19, item 4): the invoices dated in a period that
// wait for the accountant, each with its reasons (reasons.ts), and the accountant's "handled"
// marks with a note, kept in the user-data file (it survives clearing the archive). Read from
// the archive, the period's ledger (the same one Comptabilité shows) and the user-data file
// only: never the operator, so it works offline.
//
// Why a period, and not the whole archive: payment statuses are mandatory only for services
// taxed on payment, so most goods invoices never get one and over half of an archive is "past
// due" for ever (1,092 of the demo's 2,000 invoices); a list of thousands is not a to-do list.
// The accountant works a period at a time (the month being closed), as in Comptabilité, whose
// queue and set-aside invoices are a period's anyway.
import type { Ledger } from '#shared/accounting.ts';
import type { ArchiveRow } from '#shared/archive.ts';
import {
  reasonKey,
  type ExceptionList,
  type ExceptionReason,
  type ExceptionRow,
  type ExceptionShow,
} from '#shared/exceptions.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { AppFailure } from '../app-failure.ts';
import { toCents } from '../archive/amounts.ts';
import type { Archives } from '../archive/archives.ts';
import type { ArchiveReads, ArchivesPort } from '../archive/ports.ts';
import type { UserDataDirectory } from '../archive/user-data-port.ts';
import type { BankDirectory } from '../archive/bank-port.ts';
import { userDataDirectory } from '../archive/user-data-directory.ts';
import {
  besideTheArchive,
  marksBeside,
  type BesideTheArchive,
} from '../archive/beside-the-archive.ts';
import { coverageOf } from '../archive/coverage.ts';
import { pastDueOnDay } from '../reports/index.ts';
import { parisDay } from '../tax/rules.ts';
import { workstationUser } from '../workstation-user.ts';
import {
  exceptionRow,
  ledgerReasons,
  mergeReasons,
  pastDueReason,
  statusReason,
} from './reasons.ts';
import { systemClock } from '../clock.ts';

export interface ExceptionsDeps {
  /** The connections' archives (a read creates none). */
  archives: Pick<ArchivesPort, 'existing'>;
  /** The connections' user data, found by connection id. */
  userData: UserDataDirectory;
  /** The bank's matches (paid invoices), beside the archive. */
  beside: Pick<BesideTheArchive, 'userData' | 'bankMatches'>;
  /** The period's ledger (the accounting service). */
  ledger(connectionId: string, period: ReportPeriod): Promise<Ledger>;
  /** Who marks: the workstation's user name (user-name.ts). */
  userName(): string;
  now?: () => Date;
}

/** The deps over the app's archives registry and accounting service (handlers, exports).
 * `stores`: where the handled marks, the paid marks and the bank's matches are read and written,
 * the store chosen (issue 30: the firm's on its archive, so that every workstation's list is the
 * same); without it, the files beside the embedded archives. */
export function exceptionsDeps(
  archives: Pick<Archives, 'ports' | 'dataDir' | 'userData' | 'existingUserData'>,
  accounting: { ledger: ExceptionsDeps['ledger'] },
  now?: () => Date,
  stores?: { userData: UserDataDirectory; bank?: Pick<BankDirectory, 'existing'> },
): ExceptionsDeps {
  const userData = stores?.userData ?? userDataDirectory(archives);
  return {
    ...(now ? { now } : {}),
    archives: archives.ports,
    userData,
    beside: besideTheArchive(archives.dataDir, userData, stores?.bank),
    ledger: (id, period) => accounting.ledger(id, period),
    userName: () => workstationUser(),
  };
}

/** Every invoice of the period with a reason, whatever its mark, newest first. */
async function allRows(
  deps: ExceptionsDeps,
  archive: ArchiveReads,
  connectionId: string,
  period: ReportPeriod,
  today: string,
): Promise<ExceptionRow[]> {
  const userData = await deps.userData.existing(connectionId);
  const paid = await marksBeside(archive, deps.beside);
  const marks = (await userData?.handledExceptions()) ?? new Map();
  // Late by the échéancier's rule on today, credit notes allocated over every open item.
  const late = await pastDueOnDay({ archive, ...deps.beside }, today, paid);
  const rows = new Map<string, ArchiveRow>();
  const reasons = new Map<string, ExceptionReason[]>();
  // Dated in the period (undated invoices: the ledger names those it sets aside).
  const payable = [];
  for await (const batch of archive.payableRowsBetween(period.from, period.to))
    payable.push(...batch);
  for (const { row, payableAmount } of payable) {
    const item = {
      row,
      payableCents: toCents(payableAmount),
      mark: paid.get(row.invoiceId) ?? null,
    };
    const found = [statusReason(row), pastDueReason(item, today, late)].filter(
      (r): r is ExceptionReason => r !== null,
    );
    if (found.length === 0) continue;
    rows.set(row.invoiceId, row);
    reasons.set(row.invoiceId, found);
  }
  for (const [invoiceId, found] of ledgerReasons(await deps.ledger(connectionId, period))) {
    const row = rows.get(invoiceId) ?? (await archive.invoice(invoiceId))?.row;
    if (!row) continue;
    rows.set(invoiceId, row);
    reasons.set(invoiceId, mergeReasons(reasons.get(invoiceId) ?? [], found));
  }
  return [...rows.values()]
    .map((row) => exceptionRow(row, reasons.get(row.invoiceId)!, marks.get(row.invoiceId) ?? null))
    .sort(
      (a, b) =>
        (b.invoiceDate ?? '').localeCompare(a.invoiceDate ?? '') ||
        (a.number ?? '').localeCompare(b.number ?? ''),
    );
}

export async function exceptionList(
  deps: ExceptionsDeps,
  connectionId: string,
  period: ReportPeriod,
  show: ExceptionShow,
): Promise<ExceptionList> {
  const now = (deps.now ?? systemClock.now)();
  const asOf = parisDay(now.toISOString()) as string;
  const archive = await deps.archives.existing(connectionId);
  const all = archive ? await allRows(deps, archive, connectionId, period, asOf) : [];
  const handled = all.filter((r) => r.handled).length;
  return {
    period,
    asOf,
    show,
    rows: all.filter((r) => show === 'all' || r.handled === (show === 'handled')),
    counts: { open: all.length - handled, handled },
    coverage: await coverageOf(archive),
    computedAt: now.toISOString(),
  };
}

/** Marks these invoices of the period's list handled with `note`, covering their reasons of
 * today. Ids no longer on the list (a screen left open while a sync ran) are skipped; none left
 * is a `conflict`. Returns the marked rows as they are now. */
export async function markExceptionsHandled(
  deps: ExceptionsDeps,
  connectionId: string,
  period: ReportPeriod,
  invoiceIds: readonly string[],
  note: string | null,
): Promise<ExceptionRow[]> {
  const list = await exceptionList(deps, connectionId, period, 'all');
  const wanted = new Set(invoiceIds);
  const found = list.rows.filter((r) => wanted.has(r.invoiceId));
  if (found.length === 0)
    throw new AppFailure('conflict', 'None of these invoices is on the list any more.');
  const now = (deps.now ?? systemClock.now)();
  await (
    await deps.userData.of(connectionId)
  ).markExceptionsHandled(
    found.map((r) => ({ invoiceId: r.invoiceId, reasons: r.reasons.map(reasonKey) })),
    note,
    deps.userName(),
    now,
  );
  const again = await exceptionList(deps, connectionId, period, 'all');
  return again.rows.filter((r) => wanted.has(r.invoiceId));
}

/** Takes the handled marks off ("Rouvrir"); returns how many were taken off. */
export async function reopenExceptions(
  deps: Pick<ExceptionsDeps, 'userData'>,
  connectionId: string,
  invoiceIds: readonly string[],
): Promise<number> {
  const user = await deps.userData.existing(connectionId);
  return (await user?.reopenExceptions(invoiceIds)) ?? 0;
}
