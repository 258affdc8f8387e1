// The embedded demo operator's own thread (demo-operator-thread.ts starts it), as a real
// operator runs on a machine of its own: building its invoices (0.1–0.5 s) and computing its
// answers never hold main's event loop, which serves the page meanwhile (issue 27, item 7).
// Its server listens first, so that main knows its address before the demo operator's code is
// loaded; a request that comes meanwhile waits for it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { DEMO_CLIENTS, TOKEN_PATH } from '../demo-operator/token.ts';
import type { FromDemoThread, ToDemoThread } from './demo-operator-thread.ts';
import { traceStart } from './start-trace.ts';

const port = parentPort!;
const { now } = workerData as { now: number };
const tell = (message: FromDemoThread): void => port.postMessage(message);

const server = createServer();
const waiting: [IncomingMessage, ServerResponse][] = [];
const wait = (req: IncomingMessage, res: ServerResponse): void => void waiting.push([req, res]);
server.on('request', wait);
const listening = new Promise<void>((resolve, reject) => {
  server.once('error', reject);
  server.listen(0, '127.0.0.1', resolve);
});
void listening.then(
  () => {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = (role: 'admin' | 'user') => ({
      clientId: DEMO_CLIENTS[role].clientId,
      clientSecret: DEMO_CLIENTS[role].clientSecret,
    });
    traceStart('demo thread: listening');
    tell({
      type: 'listening',
      baseUrl,
      tokenUrl: `${baseUrl}${TOKEN_PATH}`,
      clients: { admin: client('admin'), user: client('user') },
    });
  },
  () => undefined,
); // told below, as the demo operator's failure to start

// Its code loads once the address is known (startDemoOperator reads it from the server).
const running = listening
  .then(() => import('../demo-operator/index.ts'))
  .then(({ startDemoOperator }) => startDemoOperator({ server, now }));
running.then(
  () => {
    traceStart('demo thread: answering');
    server.off('request', wait);
    for (const [req, res] of waiting.splice(0)) server.emit('request', req, res);
  },
  (error: unknown) => {
    // Nothing will answer: the requests waiting fail now rather than at their timeout.
    for (const [, res] of waiting.splice(0)) res.writeHead(503).end();
    server.close();
    tell({ type: 'failed', message: (error as Error)?.message ?? String(error) });
  },
);

port.on('message', (message: ToDemoThread) => {
  void running
    .then(async (demo) => {
      if (message.type === 'build') {
        // After the requests that waited for the code (the token): they are answered first.
        await new Promise((resolve) => setImmediate(resolve));
        traceStart('demo thread: building its invoices');
        demo.buildInvoices();
        traceStart('demo thread: invoices built');
      } else await demo.close();
    })
    .catch(() => undefined) // it never started: told already ('failed')
    .then(() => {
      tell({ type: message.type === 'build' ? 'built' : 'closed' });
      if (message.type === 'close') port.close();
    });
});
