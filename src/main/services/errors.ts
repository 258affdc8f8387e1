// Errors of the main process and their mapping onto the envelope's AppError (shared/contract.ts).
// Messages are plain English for logs and the details pane; the UI translates by kind. Nothing
// here may carry a client secret or a bearer token: messages and details are redacted on the way
// out as a last line of defence, and the operator client never puts them there in the first place.
import type { AppError, ErrorKind, ErrorReason } from '#shared/contract.ts';
import { ERROR_KINDS, ERROR_REASONS } from '#shared/contract.ts';

/** An AppError's fields (reason: what exactly happened, where the kind alone would mislead:
 * redirect, html, too_large…), plus what stays in main. */
export interface OperatorErrorInit extends AppError {
  cause?: unknown;
  /** How long the operator asked us to wait before trying again (429 / 503 Retry-After). */
  retryAfterMs?: number;
}

export class OperatorError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly operatorMessage?: string;
  readonly reason?: ErrorReason;
  readonly details?: unknown;
  /** Set from a Retry-After header; used by the retry loop, never sent to the renderer. */
  readonly retryAfterMs?: number;

  constructor(init: OperatorErrorInit) {
    super(redact(init.message), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'OperatorError';
    this.kind = init.kind;
    if (init.status !== undefined) this.status = init.status;
    if (init.operatorMessage !== undefined) this.operatorMessage = init.operatorMessage;
    if (init.reason !== undefined) this.reason = init.reason;
    if (init.details !== undefined) this.details = init.details;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

// ---- Network error classification (undici's fetch) ----

/** TLS failures: certificate chain, self-signed, host name mismatch, expiry, handshake. */
const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CRL_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CRL_NOT_YET_VALID',
  'CRL_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_TLS_HANDSHAKE_TIMEOUT',
  'ERR_TLS_INVALID_PROTOCOL_VERSION',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

/** The host cannot be reached, or the connection broke. */
const OFFLINE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The first error code found in the cause chain (and AggregateError members) of a fetch error. */
export function networkErrorCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors)) queue.push(...errors);
    queue.push((current as { cause?: unknown }).cause);
  }
  return undefined;
}

/** The kind of a network-level failure (fetch rejected, or the body stream broke). */
export function networkErrorKind(code: string | undefined): 'tls' | 'offline' | 'timeout' {
  if (code === undefined) return 'offline';
  if (TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'))
    return 'tls';
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (OFFLINE_CODES.has(code)) return 'offline';
  return 'offline';
}

/** The host name does not resolve: the address is mistyped (or DNS cannot be reached). */
const HOST_NOT_FOUND_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA']);

/** The reason of a network-level failure, where its kind (offline) would send the user the wrong
 * way: a host name that does not resolve is an address to check before a network. */
export function networkErrorReason(code: string | undefined): ErrorReason | undefined {
  return code !== undefined && HOST_NOT_FOUND_CODES.has(code) ? 'host_not_found' : undefined;
}

function isDomException(error: unknown, name: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === name &&
    (error instanceof DOMException || error instanceof Error)
  );
}

// ---- Redaction ----

// Patterns catch credentials we were never told about; the actual secret and tokens are removed
// by value (SecretScrubber). A pattern replaces only the value, and only a value that looks like a
// credential (8+ characters with a digit or a symbol), so prose such as "access_token: Invalid
// input: expected string" or "Basic authentication" is left whole.
const CREDENTIAL = String.raw`(?=[A-Za-z0-9._~+/=-]*[0-9._~+/=-])[A-Za-z0-9._~+/=-]{8,}`;
const SECRET_NAMES = String.raw`access_token|refresh_token|id_token|client_secret|clientSecret|password|secret`;
const REDACTIONS: [RegExp, string][] = [
  [new RegExp(String.raw`\b(Bearer|Basic)(\s+)${CREDENTIAL}`, 'gi'), '$1$2[redacted]'],
  // JSON: "access_token": "anything up to the closing quote"
  [new RegExp(String.raw`("(?:${SECRET_NAMES})"\s*:\s*")(?:[^"\\]|\\.)*"`, 'gi'), '$1[redacted]"'],
  // Form or query: access_token=value
  [new RegExp(String.raw`\b((?:${SECRET_NAMES})=)[^&\s"']+`, 'gi'), '$1[redacted]'],
  // Prose or headers: access_token: value (a credential-looking value only)
  [
    new RegExp(String.raw`\b((?:${SECRET_NAMES})['"]?\s*:\s*['"]?)${CREDENTIAL}`, 'gi'),
    '$1[redacted]',
  ],
];

/** Removes anything shaped like a credential from a text meant for logs or the renderer. */
export function redact(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REDACTIONS) out = out.replace(pattern, replacement);
  return out;
}

/** The forms a value takes on the wire: as is, percent- and form-encoded, base64 (a Basic header
 * carries base64 of "id:secret", so the pair is added too, by the token provider). */
function wireForms(value: string): string[] {
  const forms = new Set([value, encodeURIComponent(value)]);
  forms.add(new URLSearchParams([['v', value]]).toString().slice(2));
  forms.add(Buffer.from(value, 'utf8').toString('base64'));
  forms.add(Buffer.from(value, 'utf8').toString('base64').replace(/=+$/, ''));
  return [...forms];
}

/** Values too short to remove without mangling every message (a one-letter "secret"). */
const MIN_SCRUBBED_LENGTH = 4;
const MAX_REMEMBERED = 64;

/** Removes the actual secrets one client knows (its client secret, the tokens it was given), in
 * every form they travel in, from errors before they leave the client. */
export class SecretScrubber {
  readonly #values: string[] = [];

  /** Remembers a secret value (and its encodings); the oldest are forgotten past a bound. */
  add(value: string): void {
    for (const form of wireForms(value)) {
      if (form.length < MIN_SCRUBBED_LENGTH || this.#values.includes(form)) continue;
      this.#values.push(form);
    }
    if (this.#values.length > MAX_REMEMBERED)
      this.#values.splice(0, this.#values.length - MAX_REMEMBERED);
    // Longest first, so that a value containing another is removed whole.
    this.#values.sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    let out = value;
    for (const secret of this.#values) out = out.split(secret).join('[redacted]');
    return out;
  }

  /** A deep copy of JSON-like data with every string scrubbed. */
  data(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object' || depth > 10) return value;
    if (Array.isArray(value)) return value.map((item) => this.data(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      out[this.text(key)] = this.data(item, depth + 1);
    return out;
  }

  /** The error with its message, operator message and details scrubbed (same kind, status…). */
  error<E>(error: E): E {
    if (this.#values.length === 0) return error;
    if (error instanceof OperatorError) {
      return new OperatorError({
        kind: error.kind,
        message: this.text(error.message),
        ...(error.status !== undefined ? { status: error.status } : {}),
        ...(error.operatorMessage !== undefined
          ? { operatorMessage: this.text(error.operatorMessage) }
          : {}),
        ...(error.reason !== undefined ? { reason: error.reason } : {}),
        ...(error.details !== undefined ? { details: this.data(error.details) } : {}),
        ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
        // The cause may quote the raw body: it stays behind.
      }) as E;
    }
    return error;
  }
}

const SECRET_KEY =
  /^(authorization|access_token|refresh_token|id_token|client_secret|clientsecret|password|secret|token)$/i;

/** A JSON-safe, bounded, redacted copy of details (they cross IPC and may be logged). */
function sanitizeDetails(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string')
    return redact(value.length > 2000 ? `${value.slice(0, 2000)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (depth >= 8) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, 100).map((item) => sanitizeDetails(item, depth + 1));
    if (value.length > 100) items.push(`… ${value.length - 100} more`);
    return items;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    let count = 0;
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (count++ >= 100) break;
      out[key] = SECRET_KEY.test(key) ? '[redacted]' : sanitizeDetails(item, depth + 1);
    }
    return out;
  }
  return undefined;
}

// ---- The envelope ----

/** An error that already carries an envelope kind (e.g. the spine's AppFailure): passed through. */
export function hasErrorKind(error: unknown): error is { kind: ErrorKind; message?: unknown } {
  return (
    typeof error === 'object' && error !== null && isErrorKind((error as { kind?: unknown }).kind)
  );
}

function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && (ERROR_REASONS as readonly string[]).includes(value);
}

function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === 'string' && (ERROR_KINDS as readonly string[]).includes(value);
}

/** Any thrown value → the envelope's AppError. Never puts a secret or token in message/details. */
export function toAppError(error: unknown): AppError {
  if (error instanceof OperatorError) {
    const out: AppError = { kind: error.kind, message: redact(error.message) };
    if (error.status !== undefined) out.status = error.status;
    if (error.operatorMessage !== undefined) out.operatorMessage = redact(error.operatorMessage);
    if (error.reason !== undefined) out.reason = error.reason;
    if (error.details !== undefined) out.details = sanitizeDetails(error.details);
    return out;
  }
  if (isDomException(error, 'AbortError'))
    return { kind: 'cancelled', message: 'The request was cancelled.' };
  if (isDomException(error, 'TimeoutError'))
    return { kind: 'timeout', message: 'The request timed out.' };
  // Something already shaped like an AppError (e.g. from another service).
  if (
    typeof error === 'object' &&
    error !== null &&
    isErrorKind((error as { kind?: unknown }).kind)
  ) {
    const e = error as {
      kind: ErrorKind;
      message?: unknown;
      status?: unknown;
      operatorMessage?: unknown;
      reason?: unknown;
      details?: unknown;
    };
    const out: AppError = {
      kind: e.kind,
      message: redact(typeof e.message === 'string' ? e.message : String(e.kind)),
    };
    if (typeof e.status === 'number') out.status = e.status;
    if (typeof e.operatorMessage === 'string') out.operatorMessage = redact(e.operatorMessage);
    if (isErrorReason(e.reason)) out.reason = e.reason;
    if (e.details !== undefined) out.details = sanitizeDetails(e.details);
    return out;
  }
  // undici's "fetch failed" and friends that escaped a service.
  if (error instanceof TypeError && error.message === 'fetch failed') {
    const code = networkErrorCode(error);
    const kind = networkErrorKind(code);
    const reason = networkErrorReason(code);
    return {
      kind,
      message: `Network error${code ? ` (${code})` : ''}.`,
      ...(reason ? { reason } : {}),
    };
  }
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: 'server', message: redact(`Unexpected error: ${text}`.slice(0, 1000)) };
}
