// One remote search of a screen: what was sent, the answer or the failure, whether a newer one
// is on its way. Each screen keeps its search in a store of its own (lib/stores/<screen>.svelte.ts,
// a subclass holding the form fields too), never in the component: going to another screen and
// back shows the same fields, answer and page.
//
// A screen plugs in with one call in its <script>: `directory.follow()`. On arrival, and whenever
// the active connection changes, the search asks `whenConnectionChanges()` what to send again
// (nothing by default; the last request from its first page, or the first load, in subclasses).
// A screen coming back on the same connection sends nothing: it shows what it kept.
import { untrack } from 'svelte';
import type { AppError, ArgsOf, Channel, Result, ResultOf } from '#shared/contract.ts';
import { api } from '../api.ts';
import { session } from './session.svelte.ts';

/** api.invoke without the per-channel rest-argument typing, which a generic class cannot meet. */
function invoke(channel: Channel, args: unknown): Promise<Result<unknown>> {
  return (api.invoke as (channel: Channel, args?: unknown) => Promise<Result<unknown>>)(
    channel,
    args,
  );
}

export interface SearchOptions {
  /** A failed search keeps the last answer on screen (marked by the error) instead of clearing it. */
  keepResultOnError?: boolean;
}

export class Search<C extends Channel> {
  /** The arguments of the answer on screen (or on its way); null until the first search. A
   * channel without arguments (webhooks:list) records `undefined` once sent. */
  request = $state<ArgsOf<C> | null>(null);
  /** Never changed in place: replaced by each answer. */
  result = $state.raw<ResultOf<C> | null>(null);
  /** The arguments `result` answers (request may already be a newer search, or one that
   * failed while the last answer stays on screen): what an export of the rows shown sends. */
  answered = $state.raw<ArgsOf<C> | null>(null);
  error = $state<AppError | null>(null);
  loading = $state(false);

  readonly #channel: C;
  readonly #keepResultOnError: boolean;
  #sequence = 0;
  /** The active connection (session.generation) of the last search sent. */
  #generation: number | null = null;

  constructor(channel: C, options: SearchOptions = {}) {
    this.#channel = channel;
    this.#keepResultOnError = options.keepResultOnError ?? false;
  }

  /** Sends `args`. A newer search wins over an older one still on its way: resolves true when
   * this answer is the one kept, false when a newer search superseded it. */
  async run(args: ArgsOf<C>): Promise<boolean> {
    const mine = ++this.#sequence;
    this.#generation = untrack(() => session.generation);
    this.request = args;
    this.loading = true;
    this.error = null;
    const r = await invoke(this.#channel, args);
    if (mine !== this.#sequence) return false;
    this.loading = false;
    if (r.ok) {
      this.result = r.value as ResultOf<C>;
      this.answered = args;
    } else {
      this.error = r.error;
      if (!this.#keepResultOnError) {
        this.result = null;
        this.answered = null;
      }
    }
    return true;
  }

  /** Forgets the answer, the failure and the request (another subject: a connection's archive
   * status when another connection becomes active); an answer still on its way is dropped. */
  clear(): void {
    this.#sequence++;
    this.request = null;
    this.result = null;
    this.answered = null;
    this.error = null;
    this.loading = false;
  }

  /** Sends the last request again (Réessayer). */
  retry(): Promise<boolean> {
    return this.request === null ? Promise.resolve(false) : this.run(this.request);
  }

  /** What to send when the screen shows up on a connection other than the last search's (or
   * before any search): null sends nothing. */
  protected whenConnectionChanges(): ArgsOf<C> | null {
    return null;
  }

  /** Brings the search up to `generation` (session.generation): sends again if the last search
   * belongs to another connection, else nothing. */
  connectionIs(generation: number): void {
    if (generation === this.#generation) return;
    this.#generation = generation;
    const args = this.whenConnectionChanges();
    if (args !== null) void this.run(args);
  }

  /** Call once from a screen's <script>. Only the connection (and `active`) are tracked: the
   * search reads and writes the state it shows, and tracking that would start a new search after
   * each answer. While `active()` is false (the invoices screen showing the archive) nothing is
   * sent; becoming active again catches up with a connection changed meanwhile. */
  follow(active: () => boolean = () => true): void {
    $effect(() => {
      const generation = session.generation;
      if (active()) untrack(() => this.connectionIs(generation));
    });
  }
}

/** A search of pages of rows (the archive and the invoices screens): the form's fields live in
 * the subclass, which builds the arguments (`args()`, null while a field is invalid) from them
 * and from `offset` and `limit`. A new connection, a filter applied and a sort start again from
 * the first page. */
export abstract class PagedSearch<C extends Channel> extends Search<C> {
  offset = $state(0);
  limit = $state<number>(0);

  constructor(channel: C, limit: number, options: SearchOptions = {}) {
    super(channel, options);
    this.limit = limit;
  }

  /** The arguments of the current fields and page; null sends nothing (a field is invalid). */
  protected abstract args(): ArgsOf<C> | null;

  /** The first visit searches at once; a new connection searches its first page. */
  protected override whenConnectionChanges(): ArgsOf<C> | null {
    this.offset = 0;
    return this.args();
  }

  /** Runs the current fields from the first page. */
  apply(): void {
    this.offset = 0;
    this.search();
  }

  page(offset: number, limit: number): void {
    this.offset = offset;
    this.limit = limit;
    this.search();
  }

  /** Runs the current fields and page (nothing while a field is invalid). */
  search(): void {
    const args = this.args();
    if (args) void this.run(args);
  }
}
