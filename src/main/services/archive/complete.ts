// Completing a partition the operator's window cut (issue 27, item 3): the operator lists at most
// 1,200 invoices of one query, so a partition holding more keeps its oldest ones out of every
// sync. The user gives the missing invoices' ids (pasted, or a CSV / text file exported from the
// operator's portal) and they are fetched by id: a search whose q is an OR of ids (the only
// answer that carries an invoice's state and direction, which the archive's rows need), then
// GET /v1/invoice/{id} for each one's full business data, every request at the connection's
// budget.
import { systemClock } from '../clock.ts';
import { STATUS_BATCH_SIZE, statusBatchQuery, type SyncOperator } from './sync.ts';
import type { ArchiveStore } from './sqlite/archive-store.ts';
import type { RequestBudget } from './pace.ts';

/** What a completion did, id by id where it matters. */
export interface CompletionSummary {
  /** Distinct ids given. */
  asked: number;
  /** Found by the operator and written to the archive for the first time. */
  added: number;
  /** Found, and already in the archive (updated if anything moved). */
  alreadyArchived: number;
  /** Ids the operator does not know (mistyped, or another account's). */
  notFound: string[];
  /** Full business data fetched. */
  details: number;
  /** Ids whose full business data could not be fetched (their list data is archived). */
  detailsFailed: string[];
  requests: number;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/giu;

/** The invoice ids in a pasted text or a file (one a line, a CSV's column, anything around
 * them): every platform id (a UUID) in it, lower case, once, in the order given. */
export function invoiceIdsIn(text: string): string[] {
  return [...new Set([...text.matchAll(UUID)].map((match) => match[0].toLowerCase()))];
}

export interface CompleteOptions {
  client: SyncOperator;
  archive: ArchiveStore;
  budget: RequestBudget;
  ids: readonly string[];
  signal?: AbortSignal;
  now?: () => Date;
}

/** Fetches the given invoices by id into the archive. Throws the operator's error when a
 * search fails (nothing half-written: each batch is written in one go). */
export async function completeByIds(options: CompleteOptions): Promise<CompletionSummary> {
  const { client, archive, budget, signal } = options;
  const now = options.now ?? systemClock.now;
  const ids = [...new Set(options.ids.map((id) => id.toLowerCase()))];
  const summary: CompletionSummary = {
    asked: ids.length,
    added: 0,
    alreadyArchived: 0,
    notFound: [],
    details: 0,
    detailsFailed: [],
    requests: 0,
  };
  const paced = async <T>(call: () => Promise<T>): Promise<T> => {
    await budget.take(signal);
    summary.requests++;
    return call();
  };
  const found: string[] = [];
  for (let i = 0; i < ids.length; i += STATUS_BATCH_SIZE) {
    const batch = ids.slice(i, i + STATUS_BATCH_SIZE);
    const page = await paced(() =>
      client.searchInvoices(
        {
          q: statusBatchQuery(batch),
          expand: ['businessData', 'lastStatusData'],
          limit: batch.length,
        },
        signal,
        budget,
      ),
    );
    const listed = new Set(page.data.map((item) => item.metadata.invoiceId.toLowerCase()));
    const known = new Set(batch.filter((id) => archive.getInvoice(id) !== null));
    archive.upsertSearchItems(page.data, now().toISOString());
    for (const id of batch) {
      if (!listed.has(id)) summary.notFound.push(id);
      else if (known.has(id)) summary.alreadyArchived++;
      else {
        summary.added++;
        found.push(id);
      }
    }
  }
  // The full business data of the invoices added: the FEC and the VAT need it.
  for (const id of found) {
    try {
      const invoice = await paced(() => client.getInvoice(id, signal, budget));
      archive.saveDetail(invoice, now().toISOString());
      summary.details++;
    } catch (error) {
      if (signal?.aborted) throw error;
      summary.detailsFailed.push(id);
    }
  }
  return summary;
}

/** How many invoices a partition the window cut misses: the operator's count less what is
 * archived (0 for a complete one, or one never read). */
export function missingIn(partition: {
  complete: boolean;
  operatorCount: number | null;
  archived: number;
}): number {
  if (partition.complete || partition.operatorCount === null) return 0;
  return Math.max(0, partition.operatorCount - partition.archived);
}
