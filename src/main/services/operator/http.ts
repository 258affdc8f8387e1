// One HTTP exchange with the operator (or its token endpoint): timeout combined with the caller's
// signal, the whole body read inside that time, and every failure turned into an OperatorError
// of the right kind. No retries here: callers decide.
import { setTimeout as delay } from 'node:timers/promises';
import { OperatorError, networkErrorCode, networkErrorKind } from '../errors.ts';

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The whole body as text (read within the same timeout). */
  text: string;
}

export interface SendOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Names the exchange in messages, e.g. "GET /v1/invoice/{id}". Never a secret. */
  what: string;
}

export function cancelledError(what: string, cause?: unknown): OperatorError {
  return new OperatorError({
    kind: 'cancelled',
    message: `${what}: cancelled by the caller.`,
    cause,
  });
}

export function throwIfCancelled(signal: AbortSignal | undefined, what: string): void {
  if (signal?.aborted) throw cancelledError(what, signal.reason);
}

/** The host part of a URL, for messages (never the userinfo, the path or the query). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid URL)';
  }
}

export async function send(
  url: string,
  init: RequestInit,
  options: SendOptions,
): Promise<HttpResponse> {
  const { signal, what } = options;
  throwIfCancelled(signal, what);
  if (!URL.canParse(url)) {
    throw new OperatorError({
      kind: 'invalid_input',
      message: `${what}: the address is not a valid URL.`,
    });
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const response = await options.fetch(url, { ...init, signal: combined });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (signal?.aborted) throw cancelledError(what, error);
    if (timeout.aborted) {
      throw new OperatorError({
        kind: 'timeout',
        message: `${what}: no complete answer from ${hostOf(url)} within ${options.timeoutMs} ms.`,
      });
    }
    if (error instanceof OperatorError) throw error;
    const code = networkErrorCode(error);
    const kind = networkErrorKind(code);
    const reason =
      kind === 'tls'
        ? `TLS failure with ${hostOf(url)}: the certificate or handshake was refused`
        : kind === 'timeout'
          ? `connection to ${hostOf(url)} timed out`
          : `cannot reach ${hostOf(url)}`;
    throw new OperatorError({
      kind,
      message: `${what}: ${reason}${code ? ` (${code})` : ''}.`,
      details: code ? { code } : undefined,
      cause: error,
    });
  }
}

/** Resolves with the promise, or rejects as cancelled as soon as the signal aborts. */
export function raceSignal<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  what: string,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(cancelledError(what, signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(cancelledError(what, signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return delay(ms, undefined, signal ? { signal } : undefined);
}

/** Retry-After: delta-seconds or an HTTP date (RFC 9110 §10.2.3) → milliseconds, or undefined. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Parses a JSON body; undefined when it is not JSON. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
