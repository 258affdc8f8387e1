// OAuth 2.0 client credentials grant (RFC 6749 §4.4) with HTTP Basic client authentication
// (§2.3.1). The token is cached until shortly before it expires; however many callers wait, only
// one token request is in flight. The secret is asked for at each token request, never logged,
// never put into an error: its value (and the tokens') is remembered only by the scrubber that
// removes it from every error leaving the client, should an operator echo it back.
import { OperatorError, SecretScrubber, hasErrorKind } from '../errors.ts';
import * as http from './http.ts';
import { INSECURE_HTTP_MESSAGE, isSecureOperatorUrl } from '#shared/http-url.ts';
import { tokenResponseSchema } from '#shared/operator/schemas.ts';
import { formatIssues } from './validation.ts';
import { traceStart } from '../start-trace.ts';

export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  getClientSecret: () => Promise<string>;
}

export interface TokenProviderOptions {
  credentials: ClientCredentials;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  /** Refresh this long before expires_in runs out (default 30; never more than half the lifetime). */
  refreshMarginSeconds?: number;
}

/** Lifetime assumed when the token response has no expires_in: short, so we ask again soon. */
const DEFAULT_TOKEN_LIFETIME_SECONDS = 60;
const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MARGIN_SECONDS = 30;
const WHAT = 'Token request';

/** application/x-www-form-urlencoded encoding of one value (RFC 6749 Appendix B). */
function formUrlEncode(value: string): string {
  return new URLSearchParams([['v', value]]).toString().slice(2);
}

/** The Authorization header value of HTTP Basic client authentication (RFC 6749 §2.3.1). */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const pair = `${formUrlEncode(clientId)}:${formUrlEncode(clientSecret)}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

interface CachedToken {
  token: string;
  refreshAt: number;
  expiresAt: number;
}

export class TokenProvider {
  readonly #credentials: ClientCredentials;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #timeoutMs: number;
  readonly #marginSeconds: number;
  #current: CachedToken | undefined;
  #inflight: Promise<string> | undefined;
  #requestCount = 0;
  readonly #scrubber = new SecretScrubber();

  constructor(options: TokenProviderOptions) {
    this.#credentials = options.credentials;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#now = options.now ?? Date.now; // a token's lifetime runs in real time
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#marginSeconds = Math.max(0, options.refreshMarginSeconds ?? DEFAULT_MARGIN_SECONDS);
  }

  /** Knows the secret read and the tokens received: errors pass through it on their way out. */
  get scrubber(): SecretScrubber {
    return this.#scrubber;
  }

  /** How many token requests this provider has sent (diagnostics and tests). */
  get requestCount(): number {
    return this.#requestCount;
  }

  /** A valid access token: the cached one, or a fresh one (one request shared by all callers).
   * The caller's signal only stops this caller's wait; the shared request runs to its end. */
  getToken(signal?: AbortSignal): Promise<string> {
    try {
      http.throwIfCancelled(signal, WHAT);
    } catch (error) {
      return Promise.reject(error);
    }
    const current = this.#current;
    if (current && this.#now() < current.refreshAt) return Promise.resolve(current.token);
    let inflight = this.#inflight;
    if (!inflight) {
      const started = this.#refresh().catch((error: unknown) => {
        throw this.#scrubber.error(error);
      });
      const clear = (): void => {
        if (this.#inflight === started) this.#inflight = undefined;
      };
      started.then(clear, clear);
      this.#inflight = inflight = started;
    }
    return http.raceSignal(inflight, signal, WHAT);
  }

  /** After a 401: drop the token if it is still the current one, so the next call fetches anew. */
  invalidate(token: string): void {
    if (this.#current?.token === token) this.#current = undefined;
  }

  async #refresh(): Promise<string> {
    const startedAt = this.#now();
    // Refused before the secret is even read: it must never travel in clear to another machine.
    if (!isSecureOperatorUrl(this.#credentials.tokenUrl)) {
      throw new OperatorError({
        kind: 'invalid_input',
        reason: 'insecure_http',
        message: `${WHAT}: refused to send the client secret to ${http.hostOf(this.#credentials.tokenUrl)}: ${INSECURE_HTTP_MESSAGE}.`,
      });
    }
    traceStart('token: secret asked');
    const secret = await this.#readSecret();
    traceStart('token: secret read, token asked');
    this.#scrubber.add(secret);
    const authorization = basicAuthorization(this.#credentials.clientId, secret);
    this.#scrubber.add(authorization.slice('Basic '.length));
    this.#requestCount += 1;
    const response = await http.send(
      this.#credentials.tokenUrl,
      {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      {
        fetch: this.#fetch,
        timeoutMs: this.#timeoutMs,
        what: WHAT,
        maxBytes: http.MAX_TOKEN_RESPONSE_BYTES,
      },
    );
    traceStart('token: answered');
    if (response.status >= 200 && response.status < 300)
      return this.#accept(
        http.successJson(response, WHAT, http.hostOf(this.#credentials.tokenUrl)),
        startedAt,
      );
    throw tokenEndpointError(response.status, response.text, response.headers, this.#now());
  }

  async #readSecret(): Promise<string> {
    let secret: string;
    try {
      secret = await this.#credentials.getClientSecret();
    } catch (error) {
      // An error that already knows its kind (OperatorError, the vault's AppFailure) goes
      // through unchanged; anything else is a keychain failure.
      if (error instanceof OperatorError || hasErrorKind(error)) throw error;
      throw new OperatorError({
        kind: 'keychain',
        message: 'The client secret could not be read.',
        cause: error,
      });
    }
    if (typeof secret !== 'string' || secret === '') {
      throw new OperatorError({
        kind: 'auth',
        message: 'No client secret is stored for this connection.',
      });
    }
    return secret;
  }

  #accept(body: unknown, startedAt: number): string {
    // Tolerate expires_in sent as a numeric string (seen in the wild; RFC 6749 says a number).
    if (
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { expires_in?: unknown }).expires_in === 'string' &&
      /^\d+$/.test((body as { expires_in: string }).expires_in)
    ) {
      (body as { expires_in: unknown }).expires_in = Number(
        (body as { expires_in: string }).expires_in,
      );
    }
    const parsed = tokenResponseSchema.safeParse(body);
    if (!parsed.success) {
      throw new OperatorError({
        kind: 'invalid_response',
        reason: 'schema',
        message: `${WHAT}: the token endpoint's answer is not an OAuth 2.0 token response (RFC 6749 §5.1).`,
        details: formatIssues(parsed.error.issues),
      });
    }
    this.#scrubber.add(parsed.data.access_token);
    const lifetime = parsed.data.expires_in ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
    const margin = Math.min(this.#marginSeconds, lifetime / 2);
    const expiresAt = startedAt + lifetime * 1000;
    this.#current = {
      token: parsed.data.access_token,
      expiresAt,
      refreshAt: expiresAt - margin * 1000,
    };
    return parsed.data.access_token;
  }
}

function tokenEndpointError(
  status: number,
  text: string,
  headers: Headers,
  now: number,
): OperatorError {
  const json = http.parseJson(text);
  const body =
    json.ok && typeof json.value === 'object' && json.value !== null
      ? (json.value as Record<string, unknown>)
      : {};
  const oauthError = typeof body.error === 'string' ? body.error.slice(0, 100) : undefined;
  const description =
    typeof body.error_description === 'string'
      ? body.error_description
      : typeof body.statusMessage === 'string'
        ? body.statusMessage
        : undefined;
  const base = {
    status,
    ...(description !== undefined ? { operatorMessage: description.slice(0, 500) } : {}),
    ...(oauthError !== undefined ? { details: { error: oauthError } } : {}),
  };
  const suffix = oauthError ? ` (${oauthError})` : '';
  if (status === 400 || status === 401) {
    const message =
      oauthError === undefined ||
      oauthError === 'invalid_client' ||
      oauthError === 'unauthorized_client' ||
      status === 401
        ? `${WHAT}: the operator rejected the client ID or client secret${suffix}.`
        : `${WHAT}: the token endpoint refused the client credentials request${suffix}.`;
    return new OperatorError({ kind: 'auth', message, ...base });
  }
  if (status === 403) {
    return new OperatorError({
      kind: 'forbidden',
      message: `${WHAT}: the token endpoint refused this client (403)${suffix}.`,
      ...base,
    });
  }
  if (status === 404) {
    return new OperatorError({
      kind: 'not_found',
      message: `${WHAT}: no token endpoint at this address (404).`,
      ...base,
    });
  }
  if (status === 429) {
    const retryAfterMs = http.parseRetryAfter(headers.get('retry-after'), now);
    return new OperatorError({
      kind: 'rate_limited',
      message: `${WHAT}: the token endpoint is rate limiting (429).`,
      ...base,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  }
  if (status >= 500) {
    return new OperatorError({
      kind: 'server',
      message: `${WHAT}: the token endpoint failed (${status}).`,
      ...base,
    });
  }
  return new OperatorError({
    kind: 'invalid_response',
    message: `${WHAT}: unexpected status ${status} from the token endpoint.`,
    ...base,
  });
}
