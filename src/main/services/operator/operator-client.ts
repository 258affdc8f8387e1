// The operator client's endpoints (docs/operator-api.md, section 4): what each sends, the checks
// of its arguments, and how its answer is validated against the spec's schemas. Sending it (the
// token, the timeout, the retries, the shared 429 pause or the caller's pacer, the error kinds,
// the scrubbing of secrets) is request.ts's job. Plain TypeScript: no electron.
import type { ConnectionTestReport } from '#shared/contract.ts';
import { EXPAND_VALUES, INVOICE_SEARCH_LIMITS, type ExpandValue } from '#shared/operator/enums.ts';
import {
  directorySearchResponseSchema,
  invoiceSchema,
  invoiceSearchResponseSchema,
  participantSearchResponseSchema,
  webhookCreateSchema,
  webhookListResponseSchema,
  webhookRefSchema,
  type DirectorySearchResponse,
  type Invoice,
  type InvoiceSearchResponse,
  type Participant,
  type Webhook,
  type WebhookCreate,
  type WebhookRef,
} from '#shared/operator/schemas.ts';
import type { TokenProvider } from '../auth/token-provider.ts';
import { OperatorError } from '../errors.ts';
import {
  OperatorRequests,
  type RequestOptions,
  type RequestPacer,
  type RequestSpec,
} from './request.ts';
import { formatIssues, validateResponse } from './validation.ts';

export type { OperatorConnection, RequestPacer } from './request.ts';
/** The client's settings: the connection, its secret, and the request machinery's knobs. */
export type OperatorClientOptions = RequestOptions;

/** The two paths the spec gives for the French directory, in the order we try them (4.3). */
const DIRECTORY_PATHS = ['/v1/directory/french', '/v1/directory/fr/search'] as const;

function invalidInput(message: string, details?: unknown): OperatorError {
  return new OperatorError({
    kind: 'invalid_input',
    message,
    ...(details !== undefined ? { details } : {}),
  });
}

function checkInteger(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalidInput(`${name} must be an integer from ${min} to ${max}.`, { [name]: value });
  }
}

function checkText(name: string, value: unknown, options: { required: boolean }): void {
  if (value === undefined && !options.required) return;
  if (typeof value !== 'string' || (options.required && value.trim() === '')) {
    throw invalidInput(`${name} must be a non-empty string.`);
  }
}

export class OperatorClient {
  readonly #requests: OperatorRequests;
  #directoryPath: string | undefined;

  constructor(options: OperatorClientOptions) {
    this.#requests = new OperatorRequests(options);
  }

  /** The token provider of this client (to share it, or to read its request count). */
  get tokenProvider(): TokenProvider {
    return this.#requests.tokens;
  }

  // ---- 4.1 Search invoices ----
  searchInvoices(
    params: { q?: string; expand?: ExpandValue[]; offset?: number; limit?: number },
    signal?: AbortSignal,
    pacer?: RequestPacer,
  ): Promise<InvoiceSearchResponse> {
    return this.#call(signal, pacer, () => {
      checkText('q', params.q, { required: false });
      checkInteger('offset', params.offset, 0, INVOICE_SEARCH_LIMITS.offsetMax);
      checkInteger(
        'limit',
        params.limit,
        INVOICE_SEARCH_LIMITS.limitMin,
        INVOICE_SEARCH_LIMITS.limitMax,
      );
      const expand = params.expand === undefined ? [] : [...new Set(params.expand)];
      for (const value of expand) {
        if (!(EXPAND_VALUES as readonly string[]).includes(value)) {
          throw invalidInput(`expand accepts ${EXPAND_VALUES.join(', ')}.`, { expand: value });
        }
      }
      const label = 'GET /v1.1/invoice/search';
      return {
        method: 'GET',
        path: '/v1.1/invoice/search',
        label,
        customer: true,
        query: {
          q: params.q === '' ? undefined : params.q,
          expand: expand.length > 0 ? expand : undefined,
          offset: params.offset,
          limit: params.limit,
        },
        parse: (json, status) => validateResponse(invoiceSearchResponseSchema, json, label, status),
      };
    });
  }

  // ---- 4.2 Retrieve invoice ----
  getInvoice(invoiceId: string, signal?: AbortSignal, pacer?: RequestPacer): Promise<Invoice> {
    return this.#call(signal, pacer, () => {
      checkText('invoiceId', invoiceId, { required: true });
      const label = 'GET /v1/invoice/{invoiceId}';
      return {
        method: 'GET',
        path: `/v1/invoice/${encodeURIComponent(invoiceId)}`,
        label,
        customer: true,
        parse: (json, status) => {
          // The real operator has been seen to answer with an array of one invoice.
          if (Array.isArray(json)) {
            if (json.length === 0) {
              throw new OperatorError({
                kind: 'not_found',
                status,
                message: `${label}: the operator answered with no invoice.`,
              });
            }
            if (json.length > 1) {
              throw new OperatorError({
                kind: 'invalid_response',
                status,
                message: `${label}: the operator answered with ${json.length} invoices instead of one.`,
              });
            }
            return validateResponse(invoiceSchema, json[0], label, status);
          }
          return validateResponse(invoiceSchema, json, label, status);
        },
      };
    });
  }

  // ---- 4.3 French legal directory ----
  async searchDirectory(
    params: { q: string; offset?: number; limit?: number },
    signal?: AbortSignal,
  ): Promise<DirectorySearchResponse> {
    const spec = (path: string): RequestSpec<DirectorySearchResponse> => {
      checkText('q', params.q, { required: false });
      checkInteger('offset', params.offset, 0, Number.MAX_SAFE_INTEGER);
      checkInteger('limit', params.limit, 1, Number.MAX_SAFE_INTEGER);
      const label = `GET ${path}`;
      return {
        method: 'GET',
        path,
        label,
        query: {
          q: params.q === '' ? undefined : params.q,
          offset: params.offset,
          limit: params.limit,
        },
        parse: (json, status) =>
          validateResponse(directorySearchResponseSchema, json, label, status),
      };
    };
    const known = this.#directoryPath;
    if (known !== undefined) return this.#call(signal, undefined, () => spec(known));
    const [first, fallback] = DIRECTORY_PATHS;
    try {
      const result = await this.#call(signal, undefined, () => spec(first));
      this.#directoryPath = first;
      return result;
    } catch (error) {
      if (!(error instanceof OperatorError && error.kind === 'not_found' && error.status === 404))
        throw error;
    }
    const result = await this.#call(signal, undefined, () => spec(fallback));
    this.#directoryPath = fallback;
    return result;
  }

  // ---- 4.4 Participants ----
  searchParticipants(
    params: { value: string; offset?: number; limit?: number },
    signal?: AbortSignal,
  ): Promise<Participant[]> {
    return this.#call(signal, undefined, () => {
      checkText('value', params.value, { required: true });
      checkInteger('offset', params.offset, 0, Number.MAX_SAFE_INTEGER);
      checkInteger('limit', params.limit, 1, Number.MAX_SAFE_INTEGER);
      const label = 'GET /v1/config/participant';
      return {
        method: 'GET',
        path: '/v1/config/participant',
        label,
        query: { value: params.value, offset: params.offset, limit: params.limit },
        parse: (json, status) =>
          validateResponse(participantSearchResponseSchema, json, label, status),
      };
    });
  }

  // ---- 4.6 List webhooks ----
  listWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
    const label = 'GET /v1/config/webhook';
    return this.#call(signal, undefined, () => ({
      method: 'GET',
      path: '/v1/config/webhook',
      label,
      parse: (json, status) => validateResponse(webhookListResponseSchema, json, label, status),
    }));
  }

  // ---- 4.5 Create webhook ----
  createWebhook(body: WebhookCreate, signal?: AbortSignal): Promise<WebhookRef> {
    return this.#call(signal, undefined, () => {
      const parsed = webhookCreateSchema.safeParse(body);
      if (!parsed.success) {
        throw invalidInput(
          'The webhook to create is not valid.',
          formatIssues(parsed.error.issues),
        );
      }
      const label = 'POST /v1/config/webhook';
      return {
        method: 'POST',
        path: '/v1/config/webhook',
        label,
        body: parsed.data,
        parse: (json, status) => validateResponse(webhookRefSchema, json, label, status),
      };
    });
  }

  // ---- 4.7 Delete webhook ----
  deleteWebhook(webhookId: string, signal?: AbortSignal): Promise<WebhookRef> {
    return this.#call(signal, undefined, () => {
      checkText('webhookId', webhookId, { required: true });
      const label = 'DELETE /v1/config/webhook/{webhookId}';
      return {
        method: 'DELETE',
        path: `/v1/config/webhook/${encodeURIComponent(webhookId)}`,
        label,
        parse: (json, status) => validateResponse(webhookRefSchema, json, label, status),
      };
    });
  }

  /** Gets a token, then probes: invoice search (limit 1), directory (user role), webhook list
   * (admin role). A probe refused with 400, 403 or 404 tells about roles and is reported; any
   * other failure (no token, not JSON, an HTML page, a redirect, a timeout…) says what happened
   * and is thrown as it is, never passed off as missing rights. */
  async testConnection(signal?: AbortSignal): Promise<ConnectionTestReport> {
    const started = performance.now();
    const tokens = this.#requests.tokens;
    try {
      await this.#requests.withRetries('Token request', true, signal, () =>
        tokens.getToken(signal),
      );
    } catch (error) {
      throw tokens.scrubber.error(error);
    }
    const [invoices, directory, webhooks] = await Promise.all([
      probe(() => this.searchInvoices({ limit: 1 }, signal)),
      probe(() => this.searchDirectory({ q: '', limit: 1 }, signal)),
      probe(() => this.listWebhooks(signal)),
    ]);
    // A 400 or 404 still means the call got past the role check.
    const allowed = (p: ProbeResult): boolean => p.ok || p.status === 400 || p.status === 404;
    return {
      tokenObtained: true,
      probe: { endpoint: 'GET /v1.1/invoice/search', ...invoices },
      roles: { user: allowed(directory), admin: allowed(webhooks) },
      durationMs: Math.round(performance.now() - started),
    };
  }

  /** Builds the request (argument errors are thrown as rejections) and runs it. */
  #call<T>(
    signal: AbortSignal | undefined,
    pacer: RequestPacer | undefined,
    build: () => RequestSpec<T>,
  ): Promise<T> {
    return this.#requests.call(signal, pacer, build);
  }
}

const ROLE_STATUSES = new Set([400, 403, 404]);

interface ProbeResult {
  ok: boolean;
  status?: number;
}

async function probe(call: () => Promise<unknown>): Promise<ProbeResult> {
  try {
    await call();
    return { ok: true, status: 200 };
  } catch (error) {
    // Only a refusal by status says something about roles; anything else is what went wrong.
    if (
      error instanceof OperatorError &&
      error.status !== undefined &&
      ROLE_STATUSES.has(error.status)
    ) {
      return { ok: false, status: error.status };
    }
    throw error;
  }
}
