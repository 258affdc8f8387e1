// The HTTP server: routing, body limits, injected faults, bearer authentication and roles, and
// JSON error answers. Route handlers only see validated, authorised requests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Dataset } from './data/dataset.ts';
import { HttpError, badRequest, sendJson } from './errors.ts';
import { applyFaults, RateLimiter, refuseQFields, type DemoOperatorFaults } from './faults.ts';
import { TOKEN_PATH, REALM, answerTokenRequest, type Role, type TokenStore } from './token.ts';
import type { WebhookStore } from './webhook-store.ts';
import { CLIENT_CLOSED, type RequestLog } from './request-log.ts';
import type { RouteContext, RouteHandler } from './routes/types.ts';
import { retrieveInvoice, searchInvoices } from './routes/invoices.ts';
import { searchDirectory } from './routes/directory.ts';
import { searchParticipants } from './routes/participants.ts';
import { createWebhook, deleteWebhook, listWebhooks } from './routes/webhooks.ts';

/** Largest request body accepted; beyond it 413. */
const MAX_BODY_BYTES = 64 * 1024;

/** 'any' = any valid token; 'user' is also granted to admin tokens. */
type Access = 'any' | Role;

interface Route {
  pattern: RegExp;
  methods: Partial<Record<string, { access: Access; handler: RouteHandler }>>;
}

const ROUTES: Route[] = [
  {
    pattern: /^\/v1\.1\/invoice\/search$/,
    methods: { GET: { access: 'any', handler: searchInvoices } },
  },
  {
    pattern: /^\/v1\/invoice\/([^/]+)$/,
    methods: { GET: { access: 'any', handler: retrieveInvoice } },
  },
  {
    pattern: /^\/v1\/directory\/french$/,
    methods: { GET: { access: 'user', handler: searchDirectory } },
  },
  {
    pattern: /^\/v1\/directory\/fr\/search$/,
    methods: { GET: { access: 'user', handler: searchDirectory } },
  },
  {
    pattern: /^\/v1\/config\/participant$/,
    methods: { GET: { access: 'admin', handler: searchParticipants } },
  },
  {
    pattern: /^\/v1\/config\/webhook$/,
    methods: {
      GET: { access: 'admin', handler: listWebhooks },
      POST: { access: 'admin', handler: createWebhook },
    },
  },
  {
    pattern: /^\/v1\/config\/webhook\/([^/]+)$/,
    methods: { DELETE: { access: 'admin', handler: deleteWebhook } },
  },
];

export interface ServerDeps {
  /** Built on first use; every read catches up on the invoices arrived since. */
  dataset: () => Dataset;
  tokens: TokenStore;
  webhooks: WebhookStore;
  /** Read on every request: tests change faults while the server runs. */
  faults(): DemoOperatorFaults;
  /** The demo operator's clock (ms): data is shown as of this time. */
  now(): number;
  /** Where each request is logged, if anywhere. */
  log?: RequestLog;
}

type Reply = (status: number, body: unknown, headers?: Record<string, string>) => void;

/** Reads the body; past the limit it keeps draining (so that the client gets to read our 413
 * instead of a reset connection) but stores nothing, and gives up on absurd sizes. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > 256 * MAX_BODY_BYTES) req.destroy();
    });
    req.on('end', () =>
      size > MAX_BODY_BYTES ? reject(tooLarge()) : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

function tooLarge(): HttpError {
  return new HttpError(
    413,
    {
      code: 'PAYLOAD_TOO_LARGE',
      statusMessage: `Request body larger than ${MAX_BODY_BYTES} bytes`,
    },
    { Connection: 'close' },
  );
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw badRequest('Content-Type must be application/json', {
      header: 'content-type',
      value: req.headers['content-type'] ?? null,
    });
  }
  const text = (await readBody(req)).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw badRequest('The request body is not valid JSON', {
      field: '(body)',
      reason: (e as Error).message,
    });
  }
}

function unauthorized(message: string, invalidToken: boolean): HttpError {
  const challenge = invalidToken
    ? `Bearer realm="${REALM}", error="invalid_token"`
    : `Bearer realm="${REALM}"`;
  return new HttpError(
    401,
    { code: 'UNAUTHORIZED', statusMessage: message },
    { 'WWW-Authenticate': challenge },
  );
}

function authenticate(req: IncomingMessage, tokens: TokenStore, access: Access): void {
  const header = req.headers.authorization;
  if (!header)
    throw unauthorized('Authentication required: send Authorization: Bearer <token>', false);
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw unauthorized('Authentication required: send Authorization: Bearer <token>', true);
  const role = tokens.roleOf(m[1]!);
  if (!role) throw unauthorized('Invalid or expired access token', true);
  if (access === 'admin' && role !== 'admin') {
    throw new HttpError(403, {
      code: 'FORBIDDEN',
      statusMessage: 'Forbidden: this endpoint requires the admin role',
      details: { requiredRole: 'admin', role },
    });
  }
}

async function handle(
  req: IncomingMessage,
  reply: Reply,
  deps: ServerDeps,
  limiter: RateLimiter,
  now: number,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://demo-operator.invalid');
  const method = req.method ?? 'GET';

  if (url.pathname === TOKEN_PATH) {
    if (method !== 'POST') throw methodNotAllowed(['POST']);
    await applyFaults(deps.faults(), limiter, { mayFail: false });
    const body = (await readBody(req)).toString('utf8');
    const answer = answerTokenRequest(req, body, deps.tokens);
    reply(answer.status, answer.body, answer.headers);
    return;
  }

  let params: string[] | undefined;
  const route = ROUTES.find((r) => {
    const m = r.pattern.exec(url.pathname);
    if (m) params = m.slice(1);
    return m !== null;
  });
  if (!route || !params) {
    throw new HttpError(404, {
      code: 'NOT_FOUND',
      statusMessage: `No such endpoint: ${url.pathname}`,
    });
  }
  const entry = route.methods[method];
  if (!entry) throw methodNotAllowed(Object.keys(route.methods));

  await applyFaults(deps.faults(), limiter, { mayFail: true });
  authenticate(req, deps.tokens, entry.access);
  refuseQFields(deps.faults(), url);

  const decoded = params.map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      throw badRequest('Malformed path parameter', {
        value: p,
        reason: 'invalid percent-encoding',
      });
    }
  });
  const ctx: RouteContext = {
    req,
    url,
    params: decoded,
    get dataset() {
      const dataset = deps.dataset();
      dataset.catchUp(now);
      return dataset;
    },
    now,
    webhooks: deps.webhooks,
    readJson: () => readJson(req),
  };
  const result = await entry.handler(ctx);
  reply(result.status, result.body);
}

function methodNotAllowed(allowed: string[]): HttpError {
  return new HttpError(
    405,
    { code: 'METHOD_NOT_ALLOWED', statusMessage: `Method not allowed; use ${allowed.join(', ')}` },
    { Allow: allowed.join(', ') },
  );
}

/** The demo operator's HTTP server: a new one, or `server` (one already listening) answering
 * from now on. */
export function createDemoOperatorServer(
  deps: ServerDeps,
  server: Server = createServer(),
): Server {
  const limiter = new RateLimiter();
  return server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const now = deps.now();
    let logged = false;
    const log = (status: number): void => {
      if (logged || !deps.log) return;
      logged = true;
      const url = req.url ?? '/';
      const path = url.split('?')[0] === TOKEN_PATH ? TOKEN_PATH : url;
      deps.log.write({
        time: new Date(deps.now()).toISOString(),
        method: req.method ?? 'GET',
        path,
        status,
      });
    };
    // Logged before the answer leaves, so that a client holding its answer finds the line.
    const reply: Reply = (status, body, headers) => {
      log(req.socket.destroyed ? CLIENT_CLOSED : status);
      sendJson(res, status, body, headers);
    };
    res.once('close', () => log(CLIENT_CLOSED));
    handle(req, reply, deps, limiter, now).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        reply(error.status, error.body, error.headers);
        return;
      }
      // Never echo request content (it may hold credentials): only the error's message.
      process.stderr.write(
        `demo operator: internal error on ${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}: ${(error as Error)?.message}\n`,
      );
      reply(500, { code: 'INTERNAL_ERROR', statusMessage: 'Internal error' });
    });
  });
}
