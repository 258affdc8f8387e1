// The firm's portfolio (issue 19, items 1 and 5): one row per connection, read from each
// connection's archive and user-data file only, never the operator, so it opens at once and
// offline. Each archive is read and closed again (Archives.read): 200 archives kept open would
// hold over a thousand file descriptors and start 200 quick checks at once.
// The counts come from the figures the sync keeps (ArchivesPort.portfolio, schema step
// 9): a few small rows per archive. The third parties to map and the VAT of the month come from
// the month's invoices (the same ledger and CA3 draft the Comptabilité and Rapports screens
// show: 80 to 200 ms an archive of 20,000 invoices, 16 to 40 s for 200), so they are kept in the
// archive (schema step 11) with what they rest on: the archive's version (a count the triggers
// raise at each write that changes an invoice, its JSON or its status history) and a digest of
// the user's data they read (settings, third parties, line 22). A reading computes them again
// only when either moved, or the month changed; a sync that found nothing new moves neither.
import { createHash } from 'node:crypto';
import type { PaymentMark } from '#shared/payments.ts';
import { marksStamp } from '../archive/payment-marks.ts';
import { userDataDirectory } from '../archive/user-data-directory.ts';
import type { UserDataDirectory } from '../archive/user-data-port.ts';
import type { BankDirectory } from '../archive/bank-port.ts';
import { bankDirectory } from '../archive/bank-directory.ts';
import type { Ca3Report } from '#shared/ca3.ts';
import type { PortfolioDetails, PortfolioRow } from '#shared/portfolio.ts';
import { periodOf } from '#shared/report-period.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import type { AccountingService } from '../accounting/accounting.ts';
import type { Archives } from '../archive/archives.ts';
import { ArchiveBusy } from '../archive/ports.ts';
import type { UserDataStore } from '../archive/user-data-store.ts';
import { besideTheArchive, computeReport, pastDueCount, sourceMarks } from '../reports/index.ts';
import { dueReturnUser } from '../returns/index.ts';
import { parisDay } from '../tax/rules.ts';
import { systemClock } from '../clock.ts';
import { dueReturnOf } from '../tax/due-return.ts';

export interface PortfolioDeps {
  /** Every connection's id and name (no demo operator started, no keychain asked). */
  references: () => { id: string; name: string }[];
  /** Each connection's archive, read and closed again (reading never creates one), and the
   * user data beside it (opened within a read: closed with it). */
  archives: Pick<
    Archives,
    'read' | 'existingUserData' | 'userData' | 'readUserData' | 'ports' | 'dataDir'
  >;
  accounting: Pick<AccountingService, 'ledger'>;
  /** What the accountants wrote (marks, settings, third parties) and the bank, on the store
   * chosen (issue 30: the firm's on its archive); default the files beside the archives. */
  userData?: UserDataDirectory;
  bank?: Pick<BankDirectory, 'existing' | 'toDecideOf'>;
  /** The SIREN each connection's accounting settings name, all in one call (the firm's store);
   * absent or null: read from each connection's user-data file. */
  sirens?: (connectionIds: readonly string[]) => Promise<Map<string, string> | null>;
  now?: () => Date;
}

const banksOf = (deps: Pick<PortfolioDeps, 'archives' | 'bank'>) =>
  deps.bank ?? bankDirectory(deps.archives.dataDir);

/** The VAT of a CA3 draft: tax due (TD, > 0) or credit (line 25, < 0), in cents. */
export function vatOfReturn(report: Ca3Report): number {
  const box = (code: string): number => report.boxes.find((b) => b.code === code)?.amountCents ?? 0;
  const due = box('TD');
  return due > 0 ? due : -box('25') || 0; // no -0 for a return at zero
}

const today = (deps: { now?: () => Date }): string =>
  parisDay((deps.now ?? systemClock.now)().toISOString()) as string;

export async function portfolioRows(deps: PortfolioDeps): Promise<PortfolioRow[]> {
  const asOf = today(deps);
  const references = deps.references();
  const ids = references.map(({ id }) => id);
  // Every connection's figures in one call of the archives' port (ports.ts), and its bank's
  // lines waiting for the accountant in one call of the bank's (bank-port.ts).
  const [entries, banks, sirens] = await Promise.all([
    deps.archives.ports.portfolio(ids, asOf),
    banksOf(deps).toDecideOf(ids),
    deps.sirens?.(ids) ?? null,
  ]);
  return references.map(({ id, name }) => {
    const row: PortfolioRow = {
      connectionId: id,
      connectionName: name,
      companyName: null,
      siren: null,
      lastSyncAt: null,
      complete: false,
      syncUnfinished: false,
      figures: null,
      error: null,
    };
    const entry = entries.get(id) ?? null;
    try {
      if (entry instanceof Error) throw entry;
      if (entry) {
        const { figures } = entry;
        const bank = banks.get(id) ?? null;
        if (bank instanceof Error) throw bank;
        const found = figures.company; // as company() finds it, without reading the invoices
        const settingsSiren = sirens
          ? sirens.get(id)
          : deps.archives.readUserData(id, (user) => user?.readAccountingSettings().siren);
        Object.assign(row, {
          siren: settingsSiren ?? found?.siren ?? null,
          companyName: found?.name ?? null,
          lastSyncAt: entry.lastSyncAt,
          complete: entry.everyPartitionComplete && !entry.hasUnfinishedSync,
          syncUnfinished: entry.hasUnfinishedSync,
          figures,
          bank,
        });
      }
    } catch (error) {
      // One archive that cannot be read (damaged, newer schema) leaves the others shown.
      row.error = (error as Error).message;
    }
    return row;
  });
}

/** The month's third parties to map and VAT of one connection (null each without an archive):
 * those kept in its archive while they still hold, else computed and kept. */
export async function portfolioDetails(
  deps: Omit<PortfolioDeps, 'references'>,
  connectionId: string,
): Promise<PortfolioDetails> {
  const now = (deps.now ?? systemClock.now)();
  const month = periodOf('month', today(deps));
  // What a report reads beside the archive: the user data by connection id, the bank's matches
  // (the store chosen: the firm's on its archive).
  const beside = besideTheArchive(
    deps.archives.dataDir,
    deps.userData ?? userDataDirectory(deps.archives),
    banksOf(deps),
  );
  const details = await deps.archives.ports.read(connectionId, async (archive) => {
    const version = await archive.archiveVersion(); // before computing: a write meanwhile is seen next time
    const source = { archive, ...beside };
    const user = await beside.userData.existing(connectionId);
    const dueUser = await dueReturnUser(user);
    // The VAT column is the return due now (issue 26, item 5): its period by the client's
    // regime, with its deadline; the third parties to map and the past due are the month's.
    const vatReturn = dueReturnOf({ company: await archive.company(), user: dueUser }, now);
    const period = vatReturn.period;
    const key =
      period.label === month.from.slice(0, 7)
        ? period.label
        : `${month.from.slice(0, 7)} ${period.label}`;
    // Read once: the user's marks and the bank's payments (a bank file is read whole).
    const marks = await sourceMarks(source);
    const stamped =
      user && dueUser
        ? {
            ...dueUser,
            thirdParties: constant(await user.thirdParties()),
            carriedCredit: constant(await user.carriedCredit(period)),
            paymentMarks: constant(marks),
          }
        : null;
    const userStamp = userDataStamp(stamped, period, today(deps), marks);
    const kept = await archive.keptPortfolioDetails(key);
    if (version !== null && kept?.archiveVersion === version && kept.userStamp === userStamp)
      return {
        connectionId,
        toMap: kept.toMap,
        vatCents: kept.vatCents,
        pastDue: kept.pastDue,
        vatReturn,
      };
    const toMap = (await deps.accounting.ledger(connectionId, month)).toMap.length;
    // The CA12's draft is not made yet (issue 26, item 4): no amount for a simplified client.
    const vatCents =
      vatReturn.form === 'ca3'
        ? vatOfReturn(
            (await computeReport(source, 'ca3', period, { now, paymentMarks: marks })) as Ca3Report,
          )
        : null;
    // The échéancier the figure opens (the month's, as of today), counted by its own rule.
    const pastDue = await pastDueCount(source, month, now, marks);
    if (version !== null && vatCents !== null) {
      try {
        await archive.keepPortfolioDetails({
          month: key,
          archiveVersion: version,
          userStamp,
          toMap,
          vatCents,
          pastDue,
        });
      } catch (error) {
        // Another process holds the archive's write lock (the CLI's sync) past the wait: the
        // figures are right, only not kept; the next reading computes them again.
        if (!(error instanceof ArchiveBusy)) throw error;
      }
    }
    return { connectionId, toMap, vatCents, pastDue, vatReturn };
  });
  return details ?? { connectionId, toMap: null, vatCents: null, pastDue: null, vatReturn: null };
}

const constant =
  <T>(value: T) =>
  (): T =>
    value;

/** Computes and keeps a connection's details as its sync ends (createServices): a round that
 * brought something new to every connection would otherwise leave all of them to compute at
 * the portfolio's next reading (16 to 40 s for 200). A failure waits for that reading, which
 * says it on the connection's row. */
export async function keepDetailsAfterSync(
  deps: Omit<PortfolioDeps, 'references'>,
  connectionId: string,
): Promise<void> {
  try {
    await portfolioDetails(deps, connectionId);
  } catch {
    // The archives closed meanwhile (the app quits), or this archive cannot be read.
  }
}

/** What the month's details read of the user's own file (the accounting settings, the
 * third-party memory, line 22 of the return, the paid marks: VAT on payment and past due), as a
 * digest, with the day the past due is counted on (it moves daily). */
export function userDataStamp(
  user: Pick<
    UserDataStore,
    'readAccountingSettings' | 'thirdParties' | 'carriedCredit' | 'paymentMarks' | 'declaredReturn'
  > | null,
  month: ReportPeriod,
  asOf: string,
  /** Every payment mark, the bank's included (archive/payment-marks.ts); default: the user's. */
  marks: ReadonlyMap<string, PaymentMark> = user?.paymentMarks() ?? new Map(),
): string {
  const read = user
    ? [
        user.readAccountingSettings(),
        user.thirdParties(),
        user.carriedCredit(month),
        marksStamp(marks),
        user.declaredReturn(month)?.at ?? null,
      ]
    : marks.size > 0
      ? [marksStamp(marks)]
      : null;
  return createHash('sha256')
    .update(JSON.stringify([asOf, read]))
    .digest('base64url');
}
