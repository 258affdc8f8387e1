// The live sources of an export: every page the operator gives for a search, pulled as the writer
// asks for rows (never all in memory), counted in a Tally. Each calls `finished` once it has read
// its last page, so that the "À propos" sheet states what was read.
import { EXPAND_VALUES, INVOICE_SEARCH_LIMITS } from '#shared/operator/enums.ts';
import type { DirectoryEntry, Participant, Webhook } from '#shared/operator/schemas.ts';
import type { OperatorClient } from '../operator/operator-client.ts';
import { rowOfSearchItem, type InvoiceRow } from './invoice-row.ts';
import type { Tally } from './tally.ts';

/** What an export needs of the operator client. */
export type ExportOperator = Pick<
  OperatorClient,
  'searchInvoices' | 'getInvoice' | 'searchDirectory' | 'searchParticipants' | 'listWebhooks'
>;

// The operator's invoice search shows at most offset 1000 + limit 200 rows of one query.
export const INVOICE_PAGE = INVOICE_SEARCH_LIMITS.limitMax;
const INVOICE_WINDOW = INVOICE_SEARCH_LIMITS.offsetMax + INVOICE_SEARCH_LIMITS.limitMax;
// The directory and participant searches give no bounds: the page sizes the screens use, and a
// ceiling so that a broad search cannot run for ever.
export const DIRECTORY_PAGE = 100;
export const PARTICIPANT_PAGE = 50;
const MAX_ROWS_PER_SEARCH = 10_000;

/**
 * Every page the operator gives for the query, newest first, at most 1,200 invoices. An invoice
 * deposited between two pages shifts the next page by one: the repeat is skipped.
 */
export async function* liveInvoices(
  client: ExportOperator,
  q: string,
  tally: Tally,
  signal: AbortSignal | undefined,
  finished: () => void,
): AsyncGenerator<InvoiceRow> {
  const ids = new Set<string>();
  for (let offset = 0; offset < INVOICE_WINDOW; offset += INVOICE_PAGE) {
    const page = await client.searchInvoices(
      { ...(q ? { q } : {}), expand: [...EXPAND_VALUES], offset, limit: INVOICE_PAGE },
      signal,
    );
    tally.seen(new Date().toISOString()); // when the operator answered: a real instant
    tally.matching = page.meta.count;
    tally.total = Math.min(page.meta.count, INVOICE_WINDOW);
    const fresh = page.data.filter((item) => !ids.has(item.metadata.invoiceId));
    for (const item of fresh) ids.add(item.metadata.invoiceId);
    tally.add(fresh.length);
    for (const item of fresh) yield rowOfSearchItem(item);
    if (page.data.length < INVOICE_PAGE || offset + INVOICE_PAGE >= page.meta.count) break;
  }
  finished();
}

export async function* directoryEntries(
  client: ExportOperator,
  q: string,
  tally: Tally,
  signal: AbortSignal | undefined,
  finished: () => void,
): AsyncGenerator<DirectoryEntry> {
  for (let offset = 0; offset < MAX_ROWS_PER_SEARCH; offset += DIRECTORY_PAGE) {
    const page = await client.searchDirectory({ q, offset, limit: DIRECTORY_PAGE }, signal);
    tally.seen(new Date().toISOString()); // when the operator answered: a real instant
    tally.matching = page.meta.count;
    tally.total = Math.min(page.meta.count, MAX_ROWS_PER_SEARCH);
    tally.add(page.data.length);
    yield* page.data;
    if (page.data.length < DIRECTORY_PAGE || offset + DIRECTORY_PAGE >= page.meta.count) break;
  }
  finished();
}

/** Participants come as a bare array without a total: pages until one is short. An operator
 * that ignores the offset would send the same page again: that ends the export too. */
export async function* participants(
  client: ExportOperator,
  value: string,
  tally: Tally,
  signal: AbortSignal | undefined,
  finished: (cut: boolean) => void,
): AsyncGenerator<Participant> {
  let previousFirst: string | undefined;
  let offset = 0;
  for (; offset < MAX_ROWS_PER_SEARCH; offset += PARTICIPANT_PAGE) {
    const page = await client.searchParticipants(
      { value, offset, limit: PARTICIPANT_PAGE },
      signal,
    );
    tally.seen(new Date().toISOString()); // when the operator answered: a real instant
    const first = page[0]?.participantId;
    if (first !== undefined && first === previousFirst) break;
    previousFirst = first;
    tally.add(page.length);
    yield* page;
    if (page.length < PARTICIPANT_PAGE) break;
  }
  finished(offset >= MAX_ROWS_PER_SEARCH);
}

export async function* webhooks(
  client: ExportOperator,
  tally: Tally,
  signal: AbortSignal | undefined,
  finished: () => void,
): AsyncGenerator<Webhook> {
  const list = await client.listWebhooks(signal);
  tally.seen(new Date().toISOString()); // when the operator answered: a real instant
  tally.total = list.length;
  tally.add(list.length);
  yield* list;
  finished();
}
