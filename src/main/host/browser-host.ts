// The browser host: the built renderer and the same dispatcher as Electron's IPC, served over
// loopback HTTP (protocol in src/shared/rpc.ts) for a local browser. 127.0.0.1 only, a random
// per-launch token on every call, Host and Origin checked (no DNS rebinding, no cross-site call).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { EVENTS, isChannel, type AppError } from '#shared/contract.ts';
import {
  DOWNLOAD_PATH_PREFIX,
  EVENTS_PATH,
  RPC_PATH_PREFIX,
  TOKEN_FRAGMENT_KEY,
  TOKEN_HEADER,
} from '#shared/rpc.ts';
import { createDispatcher, createHandlers, type Dispatch } from '../handlers/index.ts';
import {
  createServices,
  stderrLogger,
  type CreateServicesOptions,
  type Logger,
  type Services,
} from '../services/index.ts';
import { CONTENT_SECURITY_POLICY } from '#shared/csp.ts';
import { resolveStaticFile } from './static-files.ts';
import { FAVICON_PATH, resolveFavicon } from './favicon.ts';
import { DownloadShelf } from './downloads.ts';
import { traceStart } from '../services/start-trace.ts';

/** Larger than any contract argument (a secret is at most 4 KiB), small enough to be harmless. */
export const MAX_BODY_BYTES = 256 * 1024;
const SSE_HEARTBEAT_MS = 20_000;

export interface BrowserHostOptions {
  /** 0 or absent: a random free port. */
  port?: number;
  dataDir: string;
  rendererDir: string;
  log?: Logger;
  /** Test seam: services built by the caller (closed by the host's close()); their exports
   * do not go to this host's downloads. */
  services?: Services;
  /** How long an export waits for its download, ms (default 10 minutes). */
  downloadTtlMs?: number;
  /** Background sync rounds while the host runs (createServices' option; off when absent). */
  backgroundSync?: CreateServicesOptions['backgroundSync'];
  /** The demo operator's start (createServices' option): `cli web` starts its thread first. */
  startDemo?: CreateServicesOptions['startDemo'];
}

export interface BrowserHost {
  /** What to open: http://127.0.0.1:PORT/#token=… (a fragment is never sent to a server). */
  url: string;
  origin: string;
  token: string;
  services: Services;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

class HttpFailure extends Error {
  readonly status: number;
  readonly kind: AppError['kind'];
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    kind: AppError['kind'],
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.kind = kind;
    this.headers = headers;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Equal-length digests make the comparison constant-time whatever the candidate's length. */
function tokenMatches(expected: Buffer, candidate: unknown): boolean {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 1024)
    return false;
  return timingSafeEqual(expected, digest(candidate));
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

function sendFailure(res: ServerResponse, failure: HttpFailure): void {
  sendJson(
    res,
    failure.status,
    { ok: false, error: { kind: failure.kind, message: failure.message } },
    failure.headers,
  );
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        // Stop buffering; the rest is read and dropped so the client sees our 413, not a reset.
        chunks.length = 0;
        reject(
          new HttpFailure(413, 'invalid_input', `The request body is larger than ${limit} bytes`, {
            connection: 'close',
          }),
        );
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!done)
        reject(
          new HttpFailure(
            400,
            'invalid_input',
            `The request body could not be read: ${error.message}`,
          ),
        );
      done = true;
    });
  });
}

/** When the page's start-up scripts (those its index.html names: the entry and its preloads)
 * have all been sent, or at its first call, or after 2 s whatever happens. */
function pageScripts(rendererDir: string): {
  served: Promise<void>;
  sending(path: string, res: ServerResponse): void;
  done(): void;
} {
  let done!: () => void;
  const served = new Promise<void>((resolve) => (done = resolve));
  setTimeout(done, 2_000).unref();
  let html = '';
  try {
    html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  } catch {
    // No page to wait for: the first call or the 2 s let the search go.
  }
  const pending = new Set(
    [...html.matchAll(/(?:src|href)="\.?(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!),
  );
  return {
    served,
    sending(path, res) {
      if (!pending.has(path)) return;
      res.once('close', () => {
        pending.delete(path);
        if (pending.size === 0) done();
      });
    },
    done: () => done(),
  };
}

/** Starts the host on 127.0.0.1; the services (and the demo operator) stop with close(). */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  traceStart('host: starting');
  const log = options.log ?? stderrLogger;
  const token = randomBytes(32).toString('base64url');
  const tokenDigest = digest(token);
  // Exports are written to a temporary folder and offered once as a download.
  const downloads = new DownloadShelf({
    log,
    ...(options.downloadTtlMs !== undefined ? { ttlMs: options.downloadTtlMs } : {}),
  });
  const services =
    options.services ??
    createServices({
      dataDir: options.dataDir,
      shell: 'browser',
      log,
      exportDestination: downloads.destination,
      ...(options.backgroundSync ? { backgroundSync: options.backgroundSync } : {}),
      ...(options.startDemo ? { startDemo: options.startDemo } : {}),
    });
  // The page's scripts first, then the first screen's search (services' warmUp): its validation
  // and write-through hold the event loop for up to ~0.4 s on a first launch, and the page
  // cannot evaluate anything before its code has come. Its first call, or 2 s without a page,
  // lets the search go too.
  traceStart('host: services created');
  const scripts = pageScripts(options.rendererDir);
  if (!options.services) services.warmUp({ firstSearchAfter: scripts.served });
  const dispatch: Dispatch = createDispatcher(createHandlers(services), { log });
  const eventStreams = new Set<ServerResponse>();
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  const unsubscribe = services.events.subscribe((event, payload) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload ?? null)}\n\n`;
    for (const stream of eventStreams) stream.write(frame);
  });

  function checkHostAndOrigin(req: IncomingMessage): void {
    const host = req.headers.host?.toLowerCase();
    if (!host || !allowedHosts.has(host)) {
      throw new HttpFailure(
        403,
        'forbidden',
        'Unexpected Host header: this server answers on its loopback address only',
      );
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) {
      throw new HttpFailure(403, 'forbidden', 'Cross-origin requests are not allowed');
    }
  }

  async function handleRpc(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    scripts.done();
    if (req.method !== 'POST') {
      throw new HttpFailure(405, 'invalid_input', 'Use POST for /rpc calls', { allow: 'POST' });
    }
    if (!tokenMatches(tokenDigest, req.headers[TOKEN_HEADER])) {
      throw new HttpFailure(401, 'auth', 'Missing or wrong token');
    }
    let channel: string;
    try {
      channel = decodeURIComponent(path.slice(RPC_PATH_PREFIX.length));
    } catch {
      channel = '';
    }
    if (!isChannel(channel)) throw new HttpFailure(404, 'not_found', 'Unknown channel');
    const contentType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (contentType !== 'application/json') {
      throw new HttpFailure(415, 'invalid_input', 'The body must be application/json');
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      throw new HttpFailure(
        413,
        'invalid_input',
        `The request body is larger than ${MAX_BODY_BYTES} bytes`,
        {
          connection: 'close',
        },
      );
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    let envelope: unknown;
    try {
      envelope = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
    } catch {
      throw new HttpFailure(400, 'invalid_input', 'The body is not valid JSON');
    }
    if (!envelope || typeof envelope !== 'object' || Array.isArray(envelope)) {
      throw new HttpFailure(400, 'invalid_input', 'The body must be a JSON object {"args": …}');
    }
    const result = await dispatch(channel, (envelope as { args?: unknown }).args);
    sendJson(res, 200, result);
  }

  function handleEvents(req: IncomingMessage, res: ServerResponse, query: string): void {
    if (req.method !== 'GET')
      throw new HttpFailure(405, 'invalid_input', 'Use GET for /events', { allow: 'GET' });
    if (!tokenMatches(tokenDigest, new URLSearchParams(query).get(TOKEN_FRAGMENT_KEY))) {
      throw new HttpFailure(401, 'auth', 'Missing or wrong token');
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(`retry: 2000\n: events ${EVENTS.join(' ')}\n\n`);
    eventStreams.add(res);
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), SSE_HEARTBEAT_MS);
    heartbeat.unref();
    req.on('close', () => {
      clearInterval(heartbeat);
      eventStreams.delete(res);
    });
  }

  /** An export's workbook, once, with that download's own token (a download is a navigation: no
   * header); the host's token opens no download. */
  async function handleDownload(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: string,
  ): Promise<void> {
    if (req.method !== 'GET') {
      throw new HttpFailure(405, 'invalid_input', 'Use GET for downloads', { allow: 'GET' });
    }
    const taken = downloads.take(
      path.slice(DOWNLOAD_PATH_PREFIX.length),
      new URLSearchParams(query).get(TOKEN_FRAGMENT_KEY),
    );
    if (!taken.found && taken.why === 'wrong_token') {
      throw new HttpFailure(401, 'auth', 'Missing or wrong token for this download');
    }
    if (!taken.found) {
      throw new HttpFailure(404, 'not_found', 'No such download: it was taken already, or expired');
    }
    await downloads.send(res, taken, SECURITY_HEADERS);
  }

  async function handleStatic(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new HttpFailure(405, 'invalid_input', 'Only GET and HEAD are served here', {
        allow: 'GET, HEAD',
      });
    }
    const file =
      (await resolveStaticFile(options.rendererDir, path)) ??
      (path === FAVICON_PATH ? await resolveFavicon() : undefined);
    if (!file) throw new HttpFailure(404, 'not_found', 'Not found');
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': file.contentType,
      'content-length': file.size,
      // index.html names the hashed assets of this build: always revalidate it.
      'cache-control': file.contentType.startsWith('text/html') ? 'no-store' : 'no-cache',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    traceStart(`static ${path}: asked`);
    res.once('finish', () => traceStart(`static ${path}: sent`));
    const stream = file.open();
    stream.on('error', () => res.destroy());
    scripts.sending(path, res);
    stream.pipe(res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
    const query = queryAt < 0 ? '' : rawUrl.slice(queryAt + 1);
    try {
      checkHostAndOrigin(req);
      if (path.startsWith(RPC_PATH_PREFIX) || path === RPC_PATH_PREFIX.slice(0, -1)) {
        await handleRpc(req, res, path);
      } else if (path === EVENTS_PATH) {
        handleEvents(req, res, query);
      } else if (path.startsWith(DOWNLOAD_PATH_PREFIX)) {
        await handleDownload(req, res, path, query);
      } else {
        await handleStatic(req, res, path);
      }
    } catch (error) {
      if (error instanceof HttpFailure) {
        sendFailure(res, error);
        // Drain what the client still sends so it reads our answer instead of a reset.
        req.resume();
      } else {
        // Never a stack trace or a secret to the client.
        log.error(
          `[host] ${req.method} ${path} failed: ${(error as Error)?.message ?? String(error)}`,
        );
        sendJson(res, 500, { ok: false, error: { kind: 'server', message: 'Internal error' } });
      }
    }
  }

  const server = createServer({ requestTimeout: 60_000, headersTimeout: 20_000 }, (req, res) => {
    void handle(req, res);
  });
  server.on('clientError', (error, socket) => {
    // A connection that sent nothing for headersTimeout (a socket the browser opened ahead of
    // need) is closed without an answer: a 400 written there reaches the request the browser
    // sends on it at that moment (seen as "settings:update answered HTTP 400" once in a few
    // runs of the portfolio's test), while a closed idle socket makes it retry on a new one.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ECONNRESET' || !socket.writable)
      socket.destroy();
    else socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  traceStart('host: listening');
  const { port } = server.address() as AddressInfo;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  const origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/#${TOKEN_FRAGMENT_KEY}=${token}`,
    origin,
    token,
    services,
    close() {
      closing ??= (async () => {
        unsubscribe();
        for (const stream of eventStreams) stream.end();
        eventStreams.clear();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await services.close();
        await downloads.close();
      })();
      return closing;
    },
  };
}
