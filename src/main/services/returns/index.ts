// The VAT returns' calendar and declarations of one connection (issue 26, items 5 and 6), over
// its archive and its user-data file: the return due now, a period recorded as declared (its
// figures kept), and that declaration against the return computed again from today's archive.
import { systemClock } from '../clock.ts';
import type { Ca3Report } from '#shared/ca3.ts';
import type { DeclareArgs, DeclaredReturn } from '#shared/declared.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { parisDayOf, type DueReturn } from '#shared/tax-calendar.ts';
import { isDay } from '#shared/report-period.ts';
import { AppFailure } from '../app-failure.ts';
import type { ArchiveStore } from '../archive/sqlite/archive-store.ts';
import type { Archives } from '../archive/archives.ts';
import { checkReturnPeriod, computeReport } from '../reports/index.ts';
import { declaredAgainst, figuresOf } from '../tax/declared.ts';
import { dueReturnOf } from '../tax/due-return.ts';

export interface TaxDeps {
  archives: Pick<Archives, 'existing' | 'existingUserData' | 'userData'>;
  /** Reads the connection's archive (creating none: an empty one reads as no invoices). */
  readArchive: <T>(connectionId: string, read: (archive: ArchiveStore) => T) => T;
  now?: () => Date;
  /** Who records a declaration (the workstation's user). */
  user: () => string;
}

export function dueReturn(deps: TaxDeps, connectionId: string): DueReturn {
  const company = deps.archives.existing(connectionId)?.companySiren() ?? null;
  const user = deps.archives.existingUserData(connectionId);
  return dueReturnOf({ company, user }, (deps.now ?? systemClock.now)());
}

function returnPeriod(period: ReportPeriod): ReportPeriod {
  try {
    checkReturnPeriod(period);
    return period;
  } catch (error) {
    if (error instanceof RangeError) throw new AppFailure('invalid_input', error.message);
    throw error;
  }
}

function ca3(deps: TaxDeps, connectionId: string, period: ReportPeriod): Ca3Report {
  const now = (deps.now ?? systemClock.now)();
  return deps.readArchive(connectionId, (archive) =>
    computeReport(archive, 'ca3', period, { now }),
  ) as Ca3Report;
}

/** The period's declaration against today's figures, or null when not declared. */
export function declaredReturn(
  deps: TaxDeps,
  connectionId: string,
  period: ReportPeriod,
): DeclaredReturn | null {
  const record = deps.archives.existingUserData(connectionId)?.declaredReturn(period) ?? null;
  return record ? declaredAgainst(record, ca3(deps, connectionId, period)) : null;
}

/** Records the period as declared on `declaredOn` for `amountCents`, with today's figures. */
export function declareReturn(deps: TaxDeps, args: DeclareArgs): DeclaredReturn {
  const period = returnPeriod(args.period);
  const now = (deps.now ?? systemClock.now)();
  if (!isDay(args.declaredOn))
    throw new AppFailure('invalid_input', `Not a day: ${args.declaredOn}`);
  if (args.declaredOn < period.to)
    throw new AppFailure(
      'invalid_input',
      `A return is declared once its period is over: ${args.declaredOn} is before ${period.to}.`,
    );
  if (args.declaredOn > parisDayOf(now))
    throw new AppFailure('invalid_input', `The day ${args.declaredOn} is in the future.`);
  const report = ca3(deps, args.connectionId, period);
  const record = {
    period,
    declaredOn: args.declaredOn,
    amountCents: args.amountCents,
    figures: figuresOf(report),
    by: deps.user(),
    at: now.toISOString(),
  };
  deps.archives.userData(args.connectionId).saveDeclaredReturn(record);
  return declaredAgainst(record, report);
}

export function undeclareReturn(
  deps: TaxDeps,
  connectionId: string,
  period: ReportPeriod,
): boolean {
  return deps.archives.existingUserData(connectionId)?.removeDeclaredReturn(period) ?? false;
}
