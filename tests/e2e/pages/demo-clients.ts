// The firm's client companies of the portfolio specs: each on its own demo operator (its seed
// makes its company), saved as a connection whose archive is filled as a sync writes it.
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import type { App } from '../fixtures.ts';
import type { Connections } from './isolation.ts';

export interface DemoClient {
  name: string;
  seed: number;
  company: string;
}

/** Starts `client`'s demo operator of 300 invoices on the clock `now` (pushed on `operators`
 * at once: the caller closes them), saves a connection to it and fills that connection's archive
 * in `dataDir` with half the details, before the page reloads. */
export async function addDemoClient(
  app: App,
  connections: Connections,
  dataDir: string,
  client: DemoClient,
  now: Date,
  operators: RunningDemoOperator[],
): Promise<string> {
  const operator = await startDemoOperator({
    seed: client.seed,
    invoices: 300,
    now: now.getTime(),
  });
  operators.push(operator);
  await connections.add(app, client.name, operator);
  const id = connections.ids.get(client.name)!;
  fillDemoArchive(dataDir, id, {
    seed: client.seed,
    company: client.company,
    invoices: 300,
    now,
    detailShare: 0.5,
  });
  return id;
}
