// A small real HTTP proxy on 127.0.0.1 that forwards everything to one origin (the demo operator)
// and counts the requests it forwards by path. Tests point a connection at it to see how often
// the app calls the operator (e.g. how many token requests a failing start-up makes), or to make
// the operator answer the way a real one does (`rewrite`: e.g. a search without invoice dates).
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Requests forwarded so far whose path (without the query) ends with `suffix`. */
  count(suffix: string): number;
  /** Every path forwarded so far, in order (query removed). */
  paths(): string[];
  close(): Promise<void>;
}

/** Changes a successful JSON answer of the operator before the app gets it; `undefined` keeps it. */
export type Rewrite = (path: string, body: unknown) => unknown;

/** Starts a proxy to `target` (an http origin, e.g. the demo operator's). */
export async function startCountingProxy(
  target: string,
  rewrite?: Rewrite,
): Promise<CountingProxy> {
  const upstream = new URL(target);
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const path = req.url ?? '/';
    seen.push(path.split('?')[0] ?? path);
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path,
        // No compression, so that `rewrite` can read the body.
        headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        const json = /json/.test(String(answer.headers['content-type']));
        if (!rewrite || status !== 200 || !json) {
          res.writeHead(status, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const text = JSON.stringify(rewrite(path.split('?')[0] ?? path, body) ?? body);
          const headers = { ...answer.headers };
          delete headers['content-encoding'];
          delete headers['transfer-encoding'];
          headers['content-length'] = String(Buffer.byteLength(text));
          res.writeHead(status, headers);
          res.end(text);
        });
      },
    );
    forward.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${error.message}`);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    count: (suffix) => seen.filter((p) => p.endsWith(suffix)).length,
    paths: () => [...seen],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
