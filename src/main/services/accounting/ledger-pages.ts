// The Comptabilité screen's pages of entries (channel 'accounting:ledger'). A year can hold
// 100,000 entries: the ledger is computed once, kept (one per connection: the last period asked),
// and sent a page at a time; the exceptions list reads the same one. It is computed again when
// something it rests on changed (the caller's stamp: the archive's version and date, the
// accountant's settings and third parties), or when told (`forget`, after a write here).
import type { LedgerJournal, Ledger } from '#shared/accounting.ts';
import type { LedgerPage } from '#shared/contract.ts';
import type { ReportPeriod } from '#shared/reports.ts';

interface Kept {
  period: string;
  /** What it rests on when it was computed (the archive's date, the accountant's data). */
  stamp: string | null;
  /** Being computed, or computed: two pages asked at once compute it once. */
  ledger: Promise<Ledger>;
}

export interface PageRequest {
  period: ReportPeriod;
  journal?: LedgerJournal;
  offset: number;
  limit: number;
}

export class LedgerPages {
  readonly #kept = new Map<string, Kept>();

  /** One page of the period's ledger of `connectionId`, computing it (`compute`) only when the
   * one kept is of another period or rests on something that changed since (`stamp`). */
  async page(
    connectionId: string,
    request: PageRequest,
    stamp: string | null,
    compute: () => Promise<Ledger>,
  ): Promise<LedgerPage> {
    const ledger = await this.ledger(connectionId, request.period, stamp, compute);
    return pageOf(connectionId, ledger, request);
  }

  /** The period's whole ledger, kept on the same terms as `page`: the exceptions list reads the
   * ledger Comptabilité computed, and a mark (which lists before and after) computes none. */
  ledger(
    connectionId: string,
    period: ReportPeriod,
    stamp: string | null,
    compute: () => Promise<Ledger>,
  ): Promise<Ledger> {
    const key = `${period.from}..${period.to}`;
    let kept = this.#kept.get(connectionId);
    if (!kept || kept.period !== key || kept.stamp !== stamp) {
      const computing = (kept = { period: key, stamp, ledger: compute() });
      this.#kept.set(connectionId, kept);
      // A failure is not kept: the next page computes again.
      computing.ledger.catch(() => {
        if (this.#kept.get(connectionId) === computing) this.#kept.delete(connectionId);
      });
    }
    return kept.ledger;
  }

  /** The next page computes the ledger again (the settings or the third parties changed). */
  forget(connectionId: string): void {
    this.#kept.delete(connectionId);
  }
}

/** The ledger with only the page of entries asked (all journals when none is named). */
export function pageOf(connectionId: string, ledger: Ledger, request: PageRequest): LedgerPage {
  const { entries, ...summary } = ledger;
  const { journal, offset, limit } = request;
  const chosen = journal ? entries.filter((entry) => entry.journal === journal) : entries;
  return {
    ...summary,
    period: request.period,
    connectionId,
    entries: chosen.slice(offset, offset + limit),
    totalEntries: chosen.length,
    offset,
  };
}
