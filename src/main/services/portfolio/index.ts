// The firm's portfolio (issue 19, item 1): one row per connection, read from each connection's
// archive and user-data file only, never the operator, so it opens at once and offline. The
// counts come from the figures the sync keeps (ArchiveReader.portfolioFigures, schema step 9):
// a few small rows per archive. The third parties to map and the VAT of the month are computed
// from the month's invoices (the same ledger and CA3 draft the Comptabilité and Rapports screens
// show): about 0.2 s for an archive of 20,000 invoices, so they are asked apart, one connection
// at a time, after the table shows (portfolioDetails).
import type { Ca3Report } from '#shared/ca3.ts';
import type { PortfolioDetails, PortfolioRow } from '#shared/portfolio.ts';
import { periodOf } from '#shared/report-period.ts';
import type { AccountingService } from '../accounting/accounting.ts';
import type { ArchiveStore } from '../archive/archive-store.ts';
import { computeReport } from '../reports/index.ts';
import { parisDay } from '../reports/rules.ts';

export interface PortfolioDeps {
  /** Every connection's id and name (no demo operator started, no keychain asked). */
  references: () => { id: string; name: string }[];
  /** A connection's archive, null when it has none (reading never creates one). */
  existingArchive: (connectionId: string) => ArchiveStore | null;
  /** The SIREN the accountant set in the connection's accounting settings, if any. */
  settingsSiren: (connectionId: string) => string | null;
  accounting: Pick<AccountingService, 'ledger'>;
  now?: () => Date;
}

/** The VAT of a CA3 draft: tax due (TD, > 0) or credit (line 25, < 0), in cents. */
export function vatOfReturn(report: Ca3Report): number {
  const box = (code: string): number => report.boxes.find((b) => b.code === code)?.amountCents ?? 0;
  const due = box('TD');
  return due > 0 ? due : -box('25') || 0; // no -0 for a return at zero
}

export function portfolioRows(deps: PortfolioDeps): PortfolioRow[] {
  const now = (deps.now ?? (() => new Date()))();
  const today = parisDay(now.toISOString()) as string;
  return deps.references().map(({ id, name }) => {
    const row: PortfolioRow = {
      connectionId: id,
      connectionName: name,
      companyName: null,
      siren: null,
      lastSyncAt: null,
      complete: false,
      figures: null,
      error: null,
    };
    try {
      const store = deps.existingArchive(id);
      if (!store) return row;
      const settingsSiren = deps.settingsSiren(id);
      const figures = store.portfolioFigures(today);
      const found = figures.company; // as companySiren() finds it, without reading the invoices
      const partitions = store.coverage();
      Object.assign(row, {
        siren: settingsSiren ?? found?.siren ?? null,
        companyName: found?.name ?? null,
        lastSyncAt: store.lastSyncAt(),
        complete:
          partitions.length > 0 &&
          partitions.every((p) => p.complete) &&
          !store.hasUnfinishedSync(),
        figures,
      });
    } catch (error) {
      // One archive that cannot be read (damaged, newer schema) leaves the others shown.
      row.error = (error as Error).message;
    }
    return row;
  });
}

/** The month's third parties to map and VAT of one connection (null each without an archive). */
export function portfolioDetails(
  deps: Omit<PortfolioDeps, 'references' | 'settingsSiren'>,
  connectionId: string,
): PortfolioDetails {
  const now = (deps.now ?? (() => new Date()))();
  const month = periodOf('month', parisDay(now.toISOString()) as string);
  const store = deps.existingArchive(connectionId);
  if (!store) return { connectionId, toMap: null, vatCents: null };
  return {
    connectionId,
    toMap: deps.accounting.ledger(connectionId, month).toMap.length,
    vatCents: vatOfReturn(computeReport(store, 'ca3', month, { now }) as Ca3Report),
  };
}
