// The first screen's first search, sent by the shells' warm-up before the page asks for it
// (issue 27, item 7): by the time the page's code is evaluated, the operator has answered and
// the answer is validated against the spec's schemas (their parsers built on that first use).
// The page's own `invoices:search` takes that outcome instead of asking again, but only when it
// is the same request (same connection's client, the first page with no filter) and asked
// within a few seconds of it: once taken, or for another connection (a switch during start-up),
// a client rebuilt after an edit, other filters or a later visit, the operator is asked as
// usual. A failure is the page's own call's failure (connectivity, archive fallback and error
// shown as if the page had sent it). The answer is written through to the archive once the
// page has drawn it, not before: creating the archive on a first launch takes 0.1–0.4 s, which
// the first rows need not wait for (`writing()` lets a read of the archive wait for it).
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

/** How long after the page took the early answer its write-through starts (the page draws its
 * rows meanwhile; a reader of the archive starts it at once). */
export const WRITE_AFTER_TAKEN_MS = 1_000;

export interface EarlyAnswer {
  value: InvoiceSearchResponse;
  fetchedAt: string;
  /** Written through by the warm-up (being written: `written` says when it is; the page's read
   * writes nothing). */
  saved: boolean;
  /** Resolves once written through (true) or failed to (false, the warm-up's save logged it). */
  written: Promise<boolean>;
}

interface Sent {
  client: OperatorClient;
  sentAt: number;
  answer: Promise<EarlyAnswer>;
}

/** The early answer's write-through: it waits for `start()`. */
interface Write {
  start: () => void;
  /** Set once the answer is in. */
  written: Promise<boolean> | null;
}

export interface FirstSearchOptions {
  /** The answer's date (the services' clock). */
  now: () => Date;
  /** A monotonic clock, ms, for the answer's freshness (default performance.now). */
  elapsed?: () => number;
}

export class FirstSearch {
  #sent: Sent | null = null;
  /** The early answer, taken or not (answered() waits for it), and its write. */
  #latest: { answer: Promise<EarlyAnswer>; write: Write } | null = null;
  /** The page asked already: an early search would come too late, and be asked twice. */
  #asked = false;
  readonly #now: () => Date;
  readonly #elapsed: () => number;

  constructor(options: FirstSearchOptions) {
    this.#now = options.now;
    this.#elapsed = options.elapsed ?? (() => performance.now());
  }

  /** Sends the first page's search through `client`; once answered, writes it through with
   * `save` (resolves true once written; a failure to write is the caller's to log). The write
   * waits for the page (a first launch creates the archive then: 0.1–0.4 s of main's event
   * loop that would hold the page's calls): it starts WRITE_AFTER_TAKEN_MS after the page took
   * the answer, or when nobody took it within EARLY_ANSWER_MS, or as soon as a reader of the
   * archive wants it (answered(), writing()). Nothing once the page has asked for a search. */
  send(
    client: OperatorClient,
    save: (value: InvoiceSearchResponse, fetchedAt: string) => Promise<boolean>,
  ): void {
    if (this.#asked) return;
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const write: Write = { start, written: null };
    const answer = client
      .searchInvoices({ ...FIRST_PAGE, expand: [...EXPAND_VALUES] })
      .then((value) => {
        const fetchedAt = this.#now().toISOString();
        write.written = started.then(() => save(value, fetchedAt)).catch(() => false);
        setTimeout(start, EARLY_ANSWER_MS).unref();
        return { value, fetchedAt, saved: true, written: write.written };
      });
    answer.catch(() => undefined); // the page's call reports it, if it takes it
    this.#sent = { client, sentAt: this.#elapsed(), answer };
    this.#latest = { answer, write };
  }

  /** Resolves once the early search has its answer, written through (or failed; at once when
   * none was sent). */
  async answered(): Promise<void> {
    const latest = this.#latest;
    if (!latest) return;
    latest.write.start();
    await latest.answer.then((a) => a.written).catch(() => undefined);
  }

  /** Resolves once the early answer is written through, when it is in (at once otherwise): a
   * read of the archive sees it. */
  async writing(): Promise<void> {
    const write = this.#latest?.write;
    if (!write?.written) return;
    write.start();
    await write.written;
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
    // Once the page has its answer, and time to draw its rows: the write's CPU is not theirs.
    const write = this.#latest?.write;
    sent.answer.then(
      () => setTimeout(() => write?.start(), WRITE_AFTER_TAKEN_MS).unref(),
      () => undefined,
    );
    return sent.answer;
  }
}
