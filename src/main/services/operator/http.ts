// One HTTP exchange with the operator (or its token endpoint): timeout combined with the caller's
// signal, the body read as a stream inside that time and up to a size cap, redirects never
// followed, plain http refused off this machine, and every failure turned into an OperatorError
// of the right kind. No retries here: callers decide.
import { setTimeout as delay } from 'node:timers/promises';
import { INSECURE_HTTP_MESSAGE, isSecureOperatorUrl } from '#shared/http-url.ts';
import {
  OperatorError,
  networkErrorCode,
  networkErrorKind,
  networkErrorReason,
} from '../errors.ts';

/** Caps on what is read: a page of 200 invoices is a few hundred KB, a token answer a few KB. */
export const MAX_API_RESPONSE_BYTES = 8 * 1024 * 1024;
export const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;

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
  /** Reading stops past this many bytes of body (default MAX_API_RESPONSE_BYTES). */
  maxBytes?: number;
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
  if (!isSecureOperatorUrl(url)) {
    throw new OperatorError({
      kind: 'invalid_input',
      reason: 'insecure_http',
      message: `${what}: refused to send to ${hostOf(url)}: ${INSECURE_HTTP_MESSAGE}.`,
    });
  }
  const maxBytes = options.maxBytes ?? MAX_API_RESPONSE_BYTES;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const response = await options.fetch(url, { ...init, redirect: 'manual', signal: combined });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw redirectError(what, url, response);
    }
    const text = await readCapped(response, maxBytes, what, url);
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
    const reason = networkErrorReason(code);
    const said =
      kind === 'tls'
        ? `TLS failure with ${hostOf(url)}: the certificate or handshake was refused`
        : kind === 'timeout'
          ? `connection to ${hostOf(url)} timed out`
          : reason === 'host_not_found'
            ? `host ${hostOf(url)} not found`
            : `cannot reach ${hostOf(url)}`;
    throw new OperatorError({
      kind,
      ...(reason ? { reason } : {}),
      message: `${what}: ${said}${code ? ` (${code})` : ''}.`,
      details: code ? { code } : undefined,
      cause: error,
    });
  }
}

function redirectError(what: string, url: string, response: Response): OperatorError {
  const location = response.headers.get('location');
  let target = '(no address given)';
  if (location !== null) {
    try {
      target = new URL(location, url).host;
    } catch {
      target = '(an invalid address)';
    }
  }
  return new OperatorError({
    kind: 'invalid_response',
    reason: 'redirect',
    status: response.status,
    message: `${what}: ${hostOf(url)} redirected to ${target} (${response.status}); redirects are not followed: check the address in the connection.`,
    details: { redirectHost: target },
  });
}

function tooLargeError(what: string, url: string, maxBytes: number): OperatorError {
  return new OperatorError({
    kind: 'invalid_response',
    reason: 'too_large',
    message: `${what}: the answer from ${hostOf(url)} is larger than ${formatBytes(maxBytes)}; reading stopped.`,
  });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The body as UTF-8 text, read chunk by chunk; past maxBytes the stream is cancelled. */
async function readCapped(
  response: Response,
  maxBytes: number,
  what: string,
  url: string,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLargeError(what, url, maxBytes);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLargeError(what, url, maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** The JSON of a successful answer, or invalid_response saying what came instead: an HTML page
 * (a proxy's, a login page: reason 'html'), or anything else that is not JSON ('not_json'). */
export function successJson(response: HttpResponse, what: string, host: string): unknown {
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  const looksHtml = /^\s*</.test(response.text);
  if (type.includes('text/html') || (looksHtml && !type.includes('json'))) {
    throw new OperatorError({
      kind: 'invalid_response',
      reason: 'html',
      status: response.status,
      message: `${what}: ${host} answered ${response.status} with an HTML page instead of JSON (a proxy or a login page?).`,
    });
  }
  const json = parseJson(response.text);
  if (!json.ok) {
    throw new OperatorError({
      kind: 'invalid_response',
      reason: 'not_json',
      status: response.status,
      message: `${what}: ${host} answered ${response.status} with a body that is not JSON.`,
    });
  }
  return json.value;
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
