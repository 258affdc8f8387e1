// The first screen's first search, sent by the shells' warm-up before the page asks for it
// (issue 27, item 7): by the time the page's code is evaluated, the operator has answered and
// the answer is validated against the spec's schemas (their parsers built on that first use).
// The page's own `invoices:search` takes that outcome instead of asking again, but only when it
// is the same request (same connection's client, the first page with no filter) and asked
// within a few seconds of it: once taken, or for another connection (a switch during start-up),
// a client rebuilt after an edit, other filters or a later visit, the operator is asked as
// usual. A failure is the page's own call's failure (connectivity, archive fallback and error
// shown as if the page had sent it). The answer is written through to the archive before the
// page takes it, as a live search's is: what the page shows is in the archive (written after
// the rows were drawn, the archive's counts moved under the user's eyes, and under two UI
// tests' that counted the archive: CI failed on 113 → 114 invoices).
import { EXPAND_VALUES, INVOICE_SEARCH_LIMITS } from '#shared/operator/enums.ts';
import type { InvoiceSearchResponse } from '#shared/operator/schemas.ts';
import { invoiceSearchKey } from './archive/request-key.ts';
import type { OperatorClient } from './operator/operator-client.ts';
import { traceStart } from './start-trace.ts';

/** What the Invoices screen asks first: its first page, no filter (stores/invoices.svelte.ts). */
export const FIRST_PAGE = { offset: 0, limit: INVOICE_SEARCH_LIMITS.defaultLimit } as const;
const FIRST_PAGE_KEY = invoiceSearchKey(FIRST_PAGE);

/** How long after it was sent the page may take the early answer (it asks within a second). */
export const EARLY_ANSWER_MS = 5_000;

export interface EarlyAnswer {
  value: InvoiceSearchResponse;
  fetchedAt: string;
  /** Written through by the warm-up (false: the page's read writes it). */
  saved: boolean;
}

interface Sent {
  client: OperatorClient;
  sentAt: number;
  answer: Promise<EarlyAnswer>;
}

export interface FirstSearchOptions {
  /** The answer's date (the services' clock). */
  now: () => Date;
  /** A monotonic clock, ms, for the answer's freshness (default performance.now). */
  elapsed?: () => number;
}

export class FirstSearch {
  #sent: Sent | null = null;
  /** The early answer, taken or not (answered() waits for it). */
  #latest: Promise<EarlyAnswer> | null = null;
  /** Its write-through, once the answer is in. */
  #written: Promise<boolean> | null = null;
  /** The page asked already: an early search would come too late, and be asked twice. */
  #asked = false;
  readonly #now: () => Date;
  readonly #elapsed: () => number;

  constructor(options: FirstSearchOptions) {
    this.#now = options.now;
    this.#elapsed = options.elapsed ?? (() => performance.now());
  }

  /** Sends the first page's search through `client`, then writes it through with `save`
   * (resolves true once written; a failure to write is the caller's to log). Nothing once the
   * page has asked for a search. */
  send(
    client: OperatorClient,
    save: (value: InvoiceSearchResponse, fetchedAt: string) => Promise<boolean>,
  ): void {
    if (this.#asked) return;
    const answer = client
      .searchInvoices({ ...FIRST_PAGE, expand: [...EXPAND_VALUES] })
      .then(async (value) => {
        const fetchedAt = this.#now().toISOString();
        const written = save(value, fetchedAt).catch(() => false);
        this.#written = written;
        return { value, fetchedAt, saved: await written };
      });
    answer.catch(() => undefined); // the page's call reports it, if it takes it
    this.#sent = { client, sentAt: this.#elapsed(), answer };
    this.#latest = answer;
  }

  /** Resolves once the early search has its answer, written through (or failed; at once when
   * none was sent). */
  async answered(): Promise<void> {
    await this.#latest?.catch(() => undefined);
  }

  /** Resolves once the early answer is written through, when it is in (at once otherwise): a
   * read of the archive sees it. */
  async writing(): Promise<void> {
    await this.#written;
  }

  /** The early answer for this request, once: null when it is not the one sent early (another
   * client, other parameters) or was sent too long ago. */
  take(client: OperatorClient, params: { q?: string; offset?: number; limit?: number }) {
    this.#asked = true;
    const sent = this.#sent;
    if (!sent || sent.client !== client || invoiceSearchKey(params) !== FIRST_PAGE_KEY) return null;
    this.#sent = null;
    const fresh = this.#elapsed() - sent.sentAt <= EARLY_ANSWER_MS;
    traceStart(fresh ? 'first search: taken by the page' : 'first search: too old, asked again');
    if (!fresh) return null;
    return sent.answer;
  }
}
