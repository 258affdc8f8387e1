// The VAT returns' calendar and declarations of one connection (issue 26, items 5 and 6), over
// its archive and its user data, through the ports (issue 28): the return due now, a period recorded as declared (its
// figures kept), and that declaration against the return computed again from today's archive.
import { systemClock } from '../clock.ts';
import type { Ca3Report } from '#shared/ca3.ts';
import type { DeclareArgs, DeclaredReturn } from '#shared/declared.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { parisDayOf, type DueReturn } from '#shared/tax-calendar.ts';
import { isDay } from '#shared/report-period.ts';
import { AppFailure } from '../app-failure.ts';
import type { ArchivesPort } from '../archive/ports.ts';
import type { UserDataDirectory, UserDataPort } from '../archive/user-data-port.ts';
import { checkReturnPeriod, computeReport, type ReportSource } from '../reports/index.ts';
import { declaredAgainst, figuresOf } from '../tax/declared.ts';
import { dueReturnOf, type DueReturnFiles } from '../tax/due-return.ts';

export interface TaxDeps {
  /** The connection's archive if it has one (a read creates none). */
  archives: Pick<ArchivesPort, 'existing'>;
  /** The connection's user data, found by connection id. */
  userData: UserDataDirectory;
  /** Runs a report's read of the connection (services/index.ts readReports). */
  readReports: <T>(connectionId: string, read: (source: ReportSource) => Promise<T>) => Promise<T>;
  now?: () => Date;
  /** Who records a declaration (the workstation's user). */
  user: () => string;
}

export async function dueReturn(deps: TaxDeps, connectionId: string): Promise<DueReturn> {
  const archive = await deps.archives.existing(connectionId);
  const company = (await archive?.company()) ?? null;
  const user = await dueReturnUser(await deps.userData.existing(connectionId));
  return dueReturnOf({ company, user }, (deps.now ?? systemClock.now)());
}

/** What the due return reads of the user data (its settings, the periods declared), read once. */
export async function dueReturnUser(user: UserDataPort | null): Promise<DueReturnFiles['user']> {
  if (!user) return null;
  const [settings, declared] = await Promise.all([
    user.accountingSettings(),
    user.declaredReturns(),
  ]);
  return {
    readAccountingSettings: () => settings,
    declaredReturn: (period) =>
      declared.find((d) => d.period.from === period.from && d.period.to === period.to) ?? null,
  };
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

async function ca3(deps: TaxDeps, connectionId: string, period: ReportPeriod): Promise<Ca3Report> {
  const now = (deps.now ?? systemClock.now)();
  return (await deps.readReports(connectionId, (source) =>
    computeReport(source, 'ca3', period, { now }),
  )) as Ca3Report;
}

/** The period's declaration against today's figures, or null when not declared. */
export async function declaredReturn(
  deps: TaxDeps,
  connectionId: string,
  period: ReportPeriod,
): Promise<DeclaredReturn | null> {
  const user = await deps.userData.existing(connectionId);
  const record = (await user?.declaredReturn(period)) ?? null;
  return record ? declaredAgainst(record, await ca3(deps, connectionId, period)) : null;
}

/** Records the period as declared on `declaredOn` for `amountCents`, with today's figures. */
export async function declareReturn(deps: TaxDeps, args: DeclareArgs): Promise<DeclaredReturn> {
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
  const report = await ca3(deps, args.connectionId, period);
  const record = {
    period,
    declaredOn: args.declaredOn,
    amountCents: args.amountCents,
    figures: figuresOf(report),
    by: deps.user(),
    at: now.toISOString(),
  };
  await (await deps.userData.of(args.connectionId)).saveDeclaredReturn(record);
  return declaredAgainst(record, report);
}

export async function undeclareReturn(
  deps: TaxDeps,
  connectionId: string,
  period: ReportPeriod,
): Promise<boolean> {
  const user = await deps.userData.existing(connectionId);
  return (await user?.removeDeclaredReturn(period)) ?? false;
}
