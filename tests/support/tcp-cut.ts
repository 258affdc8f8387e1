// A TCP relay in front of a real server, which a test cuts: every session through it ends and
// no new one gets in, as when the server is stopped or the network drops (the server itself
// keeps running for the other tests that share it).
import { createServer, connect, type Socket } from 'node:net';

export interface TcpCut {
  port: number;
  /** Ends every session through the relay and refuses new ones. */
  cut(): Promise<void>;
}

export async function tcpRelay(host: string, port: number): Promise<TcpCut> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the relay has no port');
  return {
    port: address.port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
