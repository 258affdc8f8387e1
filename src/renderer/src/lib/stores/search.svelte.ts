// One remote search of a screen: what was sent, the answer or the failure, whether a newer one
// is on its way. Each screen keeps its search in a store of its own (lib/stores/<screen>.svelte.ts,
// a subclass holding the form fields too), never in the component: going to another screen and
// back shows the same fields, answer and page.
//
// A screen plugs in with one call in its <script>: `directory.follow()`. On arrival, and whenever
// the active connection changes, the search asks `whenConnectionChanges()` what to send again
// (nothing by default; the last request from its first page, or the first load, in subclasses).
// A screen coming back on the same connection sends nothing: it shows what it kept.
//
// An answer belongs to the connection it was asked for (session.owner): the moment another
// connection becomes active, the answer, the failure and the wait of the previous one are no
// longer shown, on every screen, visited or not, whatever the new connection answers. A failure
// shows no rows, except an earlier answer to the very same request (`earlier`, said on screen).
import { untrack } from 'svelte';
import type { AppError, ArgsOf, Channel, Result, ResultOf } from '#shared/contract.ts';
import { api } from '../api.ts';
import { session } from './session.svelte.ts';
import { earlySearch } from '../startup-calls.ts';

/** api.invoke without the per-channel rest-argument typing, which a generic class cannot meet. */
function invoke(channel: Channel, args: unknown): Promise<Result<unknown>> {
  return (api.invoke as (channel: Channel, args?: unknown) => Promise<Result<unknown>>)(
    channel,
    args,
  );
}

export interface SearchOptions {
  /** A failed search may keep the answer on screen, marked as the earlier one (`earlier`), but
   * only the answer to the very same request on the same connection: a retry that failed. */
  keepResultOnError?: boolean;
  /** Whose answers these are (default: the active connection, session.owner); an answer asked
   * under another owner is never shown. ArchiveSummary, one per connection, gives its own. */
  owner?: () => string;
}

/** The owner of a search sent before the settings were read (see run()). */
const ANY_OWNER = '*';

/** What the screen shows: an answer or a failure, and whose. */
interface Shown<C extends Channel> {
  owner: string;
  /** The arguments `result` answers. */
  args: ArgsOf<C>;
  result: ResultOf<C> | null;
  error: AppError | null;
  /** The result answers the same request asked again, which failed (error): an earlier answer. */
  earlier: boolean;
}

/** Same arguments, field by field (plain JSON-like data: the channels' arguments). */
export function sameArgs(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => [k, sorted(v)]),
  );
}

export class Search<C extends Channel> {
  /** The arguments of the last search sent (the form's request, whoever answered it); null until
   * the first search. A channel without arguments (webhooks:list) records `undefined` once sent. */
  request = $state<ArgsOf<C> | null>(null);

  /** Replaced by each answer or failure, never changed in place. */
  #shown = $state.raw<Shown<C> | null>(null);
  /** The owner of the search on its way, if any. */
  #pending = $state.raw<string | null>(null);

  readonly #channel: C;
  readonly #keepResultOnError: boolean;
  readonly #owner: () => string;
  #sequence = 0;
  /** The active connection (session.generation) of the last search sent. */
  #generation: number | null = null;

  constructor(channel: C, options: SearchOptions = {}) {
    this.#channel = channel;
    this.#keepResultOnError = options.keepResultOnError ?? false;
    this.#owner = options.owner ?? (() => session.owner);
  }

  /** What is shown, if it belongs to the current owner: another connection's answer, failure or
   * wait is dropped the moment the connection changes, before any new answer. */
  get #mine(): Shown<C> | null {
    const shown = this.#shown;
    return shown && shown.owner === this.#owner() ? shown : null;
  }

  /** The answer on screen; never another connection's. */
  get result(): ResultOf<C> | null {
    return this.#mine?.result ?? null;
  }

  /** The arguments `result` answers (request may already be a newer search): what an export of
   * the rows shown sends. */
  get answered(): ArgsOf<C> | null {
    return this.#mine?.result ? this.#mine.args : null;
  }

  /** Why the last search failed; never another connection's. */
  get error(): AppError | null {
    return this.#mine?.error ?? null;
  }

  /** The result is an earlier answer to the very request that just failed (error says why). */
  get earlier(): boolean {
    return this.#mine?.earlier ?? false;
  }

  /** A search of the current owner is on its way. */
  get loading(): boolean {
    const pending = this.#pending;
    return pending !== null && (pending === ANY_OWNER || pending === this.#owner());
  }

  /** Sends `args`. A newer search wins over an older one still on its way: resolves true when
   * this answer is the one kept, false when a newer search superseded it. */
  async run(args: ArgsOf<C>): Promise<boolean> {
    const mine = ++this.#sequence;
    // The first search goes alongside the start-up (App.svelte): until the settings are read,
    // the connection it goes to is the one they name, known when the answer comes.
    const early = untrack(() => session.settings === null);
    let owner = untrack(() => this.#owner());
    this.#generation = untrack(() => session.generation);
    this.request = args;
    this.#pending = early ? ANY_OWNER : owner;
    // The failure on screen is not this new search's: it goes at once (rows stay, dimmed, until
    // the answer, as for any new search).
    const before = untrack(() => this.#shown);
    if (before?.error) this.#shown = before.result ? { ...before, error: null } : null;
    // The first screen's first search may have left with the start-up's calls (startup-calls.ts).
    const r = await (earlySearch(this.#channel, args, sameArgs) ?? invoke(this.#channel, args));
    // An answer may come before the settings that say whose it is (the start-up reads the app's
    // info and the keychain's state alongside): tagged with no connection, it would never show
    // once they came, and nothing would ask again.
    if (early) await session.settingsKnown();
    if (mine !== this.#sequence) return false;
    if (early) owner = untrack(() => this.#owner());
    this.#pending = null;
    if (r.ok) {
      this.#shown = { owner, args, result: r.value as ResultOf<C>, error: null, earlier: false };
      return true;
    }
    // Rows are kept under a failure only when they answer this very request, on this connection.
    const kept = untrack(() => this.#shown);
    const same =
      this.#keepResultOnError &&
      kept !== null &&
      kept.result !== null &&
      kept.owner === owner &&
      sameArgs(kept.args, args);
    this.#shown = same
      ? { ...kept, error: r.error, earlier: true }
      : { owner, args, result: null, error: r.error, earlier: false };
    return true;
  }

  /** Forgets the answer, the failure and the request (another subject: a connection's archive
   * status when another connection becomes active); an answer still on its way is dropped. */
  clear(): void {
    this.#sequence++;
    this.request = null;
    this.#shown = null;
    this.#pending = null;
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
