// Answers a real operator (or something in front of it) has been seen to give, for tests of the
// client over real HTTP: an endless body, an HTML page, a redirect, a body that is not JSON.
import type { ServerResponse } from 'node:http';

export interface EndlessBody {
  /** Bytes written before the client went away. */
  written(): number;
  /** Resolves when the client closed the connection. */
  closed: Promise<void>;
}

/** Streams JSON-looking bytes, 1 MB at a time, until the client closes or `limit` is reached. */
export function endlessBody(
  res: ServerResponse,
  options: { limit?: number; contentLength?: boolean } = {},
): EndlessBody {
  const limit = options.limit ?? 600 * 1024 * 1024;
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let written = 0;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  res.on('close', () => resolveClosed());
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(options.contentLength ? { 'content-length': String(limit) } : {}),
  });
  res.write('{"data":[');
  const pump = (): void => {
    while (!res.destroyed && written < limit) {
      written += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
  return { written: () => written, closed };
}

export function htmlPage(res: ServerResponse, status = 200): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><html><body><h1>Please sign in</h1></body></html>');
}

export function redirectTo(res: ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location, 'content-type': 'text/plain' });
  res.end('Found');
}

export function notJson(res: ServerResponse, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end('OK, but not JSON {');
}
