// The operator client's request machinery (docs/operator-api.md, section 4): OAuth token, then
// HTTP with a timeout, retries (network errors and 5xx on idempotent calls, 429 on every call),
// one retry after a 401 with a fresh token, the response parsed by the endpoint's validation, and
// every failure thrown as an OperatorError of a kind the UI can act on. The endpoints
// (operator-client.ts) say what to send and how to read the answer; this module sends it.
// A 429 pauses the whole client, not one call: every call waits for the same "not before" time,
// and for a while after it calls go one at a time, so a burst does not hammer a rate limit.
// A caller that paces itself (the sync, with its RequestPacer) is left out of that: each of its
// attempts waits for the pacer's turn, and its 429s slow the pacer down instead.
// Every error leaving it is scrubbed of the actual secret and tokens it knows.
import { operatorErrorBodySchema } from '#shared/operator/schemas.ts';
import { TokenProvider } from './token-provider.ts';
import { OperatorError, hasErrorKind } from '../errors.ts';
import { traceStart } from '../start-trace.ts';
import {
  cancelledError,
  MAX_API_RESPONSE_BYTES,
  defaultSleep,
  hostOf,
  parseJson,
  parseRetryAfter,
  raceSignal,
  send,
  successJson,
  throwIfCancelled,
  type HttpResponse,
} from './http.ts';

export interface OperatorConnection {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  customerId?: string;
}

/** An operator client's settings: the connection, its secret, and the knobs of its requests. */
export interface RequestOptions {
  connection: OperatorConnection;
  getClientSecret: () => Promise<string>;
  fetch?: typeof fetch;
  timeoutMs?: number /* default 20000 */;
  maxRetries?: number /* default 3 */;
  retryBaseDelayMs?: number /* default 300 */;
  maxRetryAfterSeconds?: number /* cap, default 30 */;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock of the token cache (tests). */
  now?: () => number;
  /** Refresh the token this long before it expires (default 30 s, at most half its lifetime). */
  refreshMarginSeconds?: number;
  /** Share a token provider between clients of the same connection (default: one per client). */
  tokenProvider?: TokenProvider;
  /** Reading an answer stops past this size (default 8 MB): invalid_response, too_large. */
  maxResponseBytes?: number;
}

type Method = 'GET' | 'POST' | 'DELETE';
type QueryValue = string | number | readonly string[] | undefined;

export interface RequestSpec<T> {
  method: Method;
  /** Path below baseUrl, each dynamic segment already encoded. */
  path: string;
  /** Names the endpoint in messages, without ids or query: "GET /v1/invoice/{invoiceId}". */
  label: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Send the connection's customer-id header (invoice endpoints). */
  customer?: boolean;
  parse: (json: unknown, status: number) => T;
}

/** A caller's own pace for its calls (the sync's request budget): every attempt, retries
 * included, waits for `take`; a 429 is told to `rateLimited` (with the Retry-After, capped, and
 * when that attempt was sent) and retried at the pacer's slower pace, without pausing the rest of
 * the client. */
export interface RequestPacer {
  take(signal?: AbortSignal): Promise<void>;
  rateLimited(retryAfterMs: number | undefined, sentAt: number): void;
}

/** 429s a paced call retries before giving up: its pacer slows down after each. */
const PACED_RATE_LIMIT_RETRIES = 10;

/** After a 429, calls go one at a time for this long past the pause. */
const RATE_LIMIT_CAUTION_MS = 5_000;

const DEFAULTS = {
  timeoutMs: 20_000,
  maxRetries: 3,
  retryBaseDelayMs: 300,
  maxRetryAfterSeconds: 30,
} as const;

const STATUS_TEXT: Record<number, string> = {
  400: 'the operator rejected the request as invalid',
  401: 'the operator did not accept the access token',
  403: 'the operator refused: this connection lacks the role for this call',
  404: 'the operator found nothing at this address',
  409: 'the operator reports a conflict with an existing resource',
  429: 'the operator is rate limiting this client',
};

function kindOfStatus(status: number): OperatorError['kind'] {
  switch (status) {
    case 400:
      return 'invalid_input';
    case 401:
      return 'auth';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'rate_limited';
    default:
      if (status >= 500) return 'server';
      if (status >= 400) return 'invalid_input';
      return 'invalid_response';
  }
}

/** The requests of one operator client: its token, its shared 429 pause, its retries. */
export class OperatorRequests {
  readonly #connection: OperatorConnection;
  readonly #tokens: TokenProvider;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #retryBaseDelayMs: number;
  readonly #maxRetryAfterMs: number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #maxResponseBytes: number;
  /** No request leaves before this time (epoch ms): set by a 429, shared by every call. */
  #notBefore = 0;
  /** Until this time calls go one at a time (a rate limit was met recently). */
  #cautiousUntil = 0;
  /** The tail of the one-at-a-time queue. */
  #queue: Promise<void> = Promise.resolve();

  constructor(options: RequestOptions) {
    this.#connection = { ...options.connection };
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
    this.#maxRetries = Math.max(0, Math.floor(options.maxRetries ?? DEFAULTS.maxRetries));
    this.#retryBaseDelayMs = Math.max(0, options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs);
    this.#maxRetryAfterMs = Math.max(
      0,
      (options.maxRetryAfterSeconds ?? DEFAULTS.maxRetryAfterSeconds) * 1000,
    );
    this.#sleep = options.sleep ?? defaultSleep;
    this.#maxResponseBytes = options.maxResponseBytes ?? MAX_API_RESPONSE_BYTES;
    this.#tokens =
      options.tokenProvider ??
      new TokenProvider({
        credentials: {
          tokenUrl: options.connection.tokenUrl,
          clientId: options.connection.clientId,
          getClientSecret: options.getClientSecret,
        },
        fetch: this.#fetch,
        timeoutMs: this.#timeoutMs,
        ...(options.now ? { now: options.now } : {}),
        ...(options.refreshMarginSeconds !== undefined
          ? { refreshMarginSeconds: options.refreshMarginSeconds }
          : {}),
      });
  }

  /** The token provider of these requests (to share it, or to read its request count). */
  get tokens(): TokenProvider {
    return this.#tokens;
  }

  /** Builds the request (argument errors are thrown as rejections) and runs it; what fails
   * leaves scrubbed of the secret and tokens. */
  async call<T>(
    signal: AbortSignal | undefined,
    pacer: RequestPacer | undefined,
    build: () => RequestSpec<T>,
  ): Promise<T> {
    const spec = build();
    try {
      return await this.#execute(spec, signal, pacer);
    } catch (error) {
      throw this.#tokens.scrubber.error(error);
    }
  }

  #url(spec: RequestSpec<unknown>): string {
    const base = this.#connection.baseUrl.replace(/\/+$/, '');
    const parts: string[] = [];
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined) continue;
      const encoded =
        typeof value === 'string' || typeof value === 'number'
          ? encodeURIComponent(String(value))
          : value.map((v) => encodeURIComponent(v)).join(','); // comma-separated, not exploded
      parts.push(`${encodeURIComponent(name)}=${encoded}`);
    }
    return `${base}${spec.path}${parts.length > 0 ? `?${parts.join('&')}` : ''}`;
  }

  #headers(spec: RequestSpec<unknown>, token: string): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    const customerId = this.#connection.customerId;
    if (spec.customer && customerId !== undefined && customerId !== '')
      headers['customer-id'] = customerId;
    return headers;
  }

  async #execute<T>(
    spec: RequestSpec<T>,
    signal: AbortSignal | undefined,
    pacer: RequestPacer | undefined,
  ): Promise<T> {
    const url = this.#url(spec);
    const idempotent = spec.method !== 'POST';
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    let authRetried = false;
    const attempt = async (): Promise<T> => {
      for (;;) {
        // The token phase: the request has not been sent, so its failures may be retried for
        // any method (the retry loop sees them as phase 'token').
        let token: string;
        try {
          token = await this.#tokens.getToken(signal);
        } catch (error) {
          throw markTokenPhase(error);
        }
        traceStart(`${spec.label}: sent`);
        const response = await send(
          url,
          {
            method: spec.method,
            headers: this.#headers(spec, token),
            ...(body !== undefined ? { body } : {}),
          },
          {
            fetch: this.#fetch,
            timeoutMs: this.#timeoutMs,
            signal,
            what: spec.label,
            maxBytes: this.#maxResponseBytes,
          },
        );
        if (response.status === 401 && !authRetried) {
          // One retry with a fresh token: the operator may have forgotten or expired this one.
          authRetried = true;
          this.#tokens.invalidate(token);
          continue;
        }
        if (response.status >= 200 && response.status < 300) {
          traceStart(`${spec.label}: answered`);
          const json = successJson(response, spec.label, hostOf(url));
          const parsed = spec.parse(json, response.status);
          traceStart(`${spec.label}: validated`);
          return parsed;
        }
        throw this.#statusError(spec.label, response);
      }
    };
    if (pacer) return this.#withPacer(spec.label, idempotent, signal, pacer, attempt);
    return this.withRetries(spec.label, idempotent, signal, attempt);
  }

  /** Runs a paced call's attempts: each waits for the pacer's turn; a 429 slows the pacer and is
   * tried again (up to PACED_RATE_LIMIT_RETRIES times), other failures as #withRetries does. */
  async #withPacer<T>(
    what: string,
    idempotent: boolean,
    signal: AbortSignal | undefined,
    pacer: RequestPacer,
    attempt: () => Promise<T>,
  ): Promise<T> {
    let rateLimited = 0;
    for (let retry = 0; ;) {
      throwIfCancelled(signal, what);
      let sentAt = 0;
      try {
        await raceSignal(pacer.take(signal), signal, what);
        sentAt = Date.now();
        return await attempt();
      } catch (error) {
        if (!(error instanceof OperatorError)) {
          if (signal?.aborted) throw cancelledError(what, error);
          if (hasErrorKind(error)) throw error;
          throw unexpected(what, error);
        }
        const err = error;
        if (err.kind === 'cancelled' || signal?.aborted)
          throw err.kind === 'cancelled' ? err : cancelledError(what, err);
        if (err.kind === 'rate_limited') {
          if (++rateLimited > PACED_RATE_LIMIT_RETRIES) throw this.#exhausted(err, rateLimited);
          const wait =
            err.retryAfterMs === undefined
              ? undefined
              : Math.min(err.retryAfterMs, this.#maxRetryAfterMs);
          pacer.rateLimited(wait, sentAt);
          continue;
        }
        if (!this.#retryable(err, idempotent)) throw err;
        if (retry >= this.#maxRetries) throw this.#exhausted(err, retry + 1);
        await this.#pause(err, retry, signal, what, { until: 0 });
        retry++;
      }
    }
  }

  /** Runs `attempt`, retrying what may be retried, sleeping between tries (cancellable). */
  async withRetries<T>(
    what: string,
    idempotent: boolean,
    signal: AbortSignal | undefined,
    attempt: () => Promise<T>,
  ): Promise<T> {
    // The "not before" time this call already waited for (its own pause, or another call's).
    const waited = { until: 0 };
    for (let retry = 0; ; retry++) {
      throwIfCancelled(signal, what);
      try {
        return await this.#paced(
          () => this.#waitNotBefore(waited, signal, what).then(attempt),
          signal,
          what,
        );
      } catch (error) {
        if (!(error instanceof OperatorError)) {
          // Another service's typed failure (e.g. the vault's, from getClientSecret): unchanged.
          if (hasErrorKind(error)) throw error;
          throw unexpected(what, error);
        }
        const err = error;
        if (err.kind === 'cancelled' || signal?.aborted)
          throw err.kind === 'cancelled' ? err : cancelledError(what, err);
        if (!this.#retryable(err, idempotent)) throw err;
        if (retry >= this.#maxRetries) throw this.#exhausted(err, retry + 1);
        await this.#pause(err, retry, signal, what, waited);
      }
    }
  }

  /** Runs `go` at once, or in the one-at-a-time queue while a rate limit was met recently.
   * Every Date.now() of this client paces requests (waits, Retry-After): real time, not a date. */
  async #paced<T>(go: () => Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
    if (Date.now() >= this.#cautiousUntil) return go();
    const previous = this.#queue;
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.#queue = previous.then(() => mine);
    try {
      await raceSignal(previous, signal, what);
      return await go();
    } finally {
      release();
    }
  }

  /** Waits for the client-wide "not before" time, unless this call already waited for it. */
  async #waitNotBefore(
    waited: { until: number },
    signal: AbortSignal | undefined,
    what: string,
  ): Promise<void> {
    const until = this.#notBefore;
    if (until <= waited.until) return;
    waited.until = until;
    const ms = until - Date.now();
    if (ms > 0) await this.#waitUntil(until, ms, signal, what);
  }

  /** Sleeps until the shared time; once it is reached, it is the past (whatever the sleep). */
  async #waitUntil(
    until: number,
    ms: number,
    signal: AbortSignal | undefined,
    what: string,
  ): Promise<void> {
    await this.#sleepCancellable(ms, signal, what);
    if (this.#notBefore === until) this.#notBefore = Math.min(until, Date.now());
  }

  #retryable(error: OperatorError, idempotent: boolean): boolean {
    // 429 means the request was not processed: safe to repeat for any method.
    if (error.kind === 'rate_limited') return true;
    const beforeSending = tokenPhase.has(error);
    if (error.kind === 'server' || error.kind === 'offline') return idempotent || beforeSending;
    return false;
  }

  #exhausted(error: OperatorError, attempts: number): OperatorError {
    if (attempts <= 1) return error;
    return new OperatorError({
      kind: error.kind,
      message: `${error.message} Gave up after ${attempts} attempts.`,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.operatorMessage !== undefined ? { operatorMessage: error.operatorMessage } : {}),
      ...(error.reason !== undefined ? { reason: error.reason } : {}),
      ...(error.details !== undefined ? { details: error.details } : {}),
      cause: error,
    });
  }

  async #pause(
    error: OperatorError,
    retry: number,
    signal: AbortSignal | undefined,
    what: string,
    waited: { until: number },
  ): Promise<void> {
    let ms: number;
    if (error.retryAfterMs !== undefined) {
      ms = Math.min(error.retryAfterMs, this.#maxRetryAfterMs);
    } else {
      // Exponential backoff with jitter: base·2^retry scaled by a random factor in [0.5, 1).
      const exp = Math.min(this.#retryBaseDelayMs * 2 ** retry, this.#maxRetryAfterMs || Infinity);
      ms = Math.round(exp * (0.5 + Math.random() * 0.5));
    }
    if (error.kind === 'rate_limited') {
      // One pause for the whole client: every call waits for the same time.
      const now = Date.now();
      this.#notBefore = Math.max(this.#notBefore, now + ms);
      this.#cautiousUntil = Math.max(this.#cautiousUntil, this.#notBefore + RATE_LIMIT_CAUTION_MS);
      const until = this.#notBefore;
      waited.until = until;
      if (until > now) await this.#waitUntil(until, until - now, signal, what);
      return;
    }
    if (ms <= 0) return;
    await this.#sleepCancellable(ms, signal, what);
  }

  async #sleepCancellable(
    ms: number,
    signal: AbortSignal | undefined,
    what: string,
  ): Promise<void> {
    const sleeping = this.#sleep(ms, signal);
    await raceSignal(sleeping, signal, what).catch((sleepError: unknown) => {
      if (signal?.aborted || sleepError instanceof OperatorError)
        throw cancelledError(what, sleepError);
      throw sleepError;
    });
  }

  #statusError(label: string, response: HttpResponse): OperatorError {
    const { status } = response;
    const json = parseJson(response.text);
    let operatorMessage: string | undefined;
    let details: unknown;
    let code: string | undefined;
    if (json.ok) {
      const parsed = operatorErrorBodySchema.safeParse(json.value);
      if (parsed.success) {
        const raw = parsed.data as Record<string, unknown>;
        const message =
          parsed.data.statusMessage ??
          (typeof raw.message === 'string' ? raw.message : undefined) ??
          (typeof raw.error_description === 'string' ? raw.error_description : undefined);
        if (message !== undefined) operatorMessage = message.slice(0, 1000);
        code = parsed.data.code;
        details = parsed.data.details ?? (code !== undefined ? { code } : undefined);
      }
    }
    const kind = kindOfStatus(status);
    const reason =
      STATUS_TEXT[status] ??
      (status >= 500 ? 'the operator failed' : `the operator answered with an unexpected status`);
    const retryAfterMs =
      status === 429 || status === 503
        ? parseRetryAfter(response.headers.get('retry-after'), Date.now())
        : undefined;
    return new OperatorError({
      kind,
      status,
      message: `${label}: ${reason} (${status}${code ? `, ${code}` : ''}).`,
      ...(operatorMessage !== undefined ? { operatorMessage } : {}),
      ...(details !== undefined ? { details } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
}

// Errors raised while getting the token, before the API request was sent.
const tokenPhase = new WeakSet<OperatorError>();

function markTokenPhase(error: unknown): unknown {
  if (error instanceof OperatorError) tokenPhase.add(error);
  return error;
}

function unexpected(what: string, error: unknown): OperatorError {
  return new OperatorError({
    kind: 'server',
    message: `${what}: unexpected failure (${error instanceof Error ? error.name : typeof error}).`,
    cause: error,
  });
}
