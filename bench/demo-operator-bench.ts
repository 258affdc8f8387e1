// Demo operator benchmark: data generation time (10k and 100k invoices) and invoice search
// latency at 100k invoices over real HTTP, printed as a markdown table.
// Run: node_modules/.bin/node bench/demo operator-bench.ts
import os from 'node:os';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { startDemoOperator } from '#main/demo-operator/index.ts';

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function timeGeneration(count: number, runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    createDataset(1000 + i, count);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

createDataset(1, 2000); // warm-up: the first run pays for compilation
const gen10k = timeGeneration(10_000, 5);
const gen100k = timeGeneration(100_000, 3);

const demoOperator = await startDemoOperator({ invoices: 100_000, seed: 42 });
demoOperator.buildInvoices(); // the data built before any request is timed
const token = await fetch(demoOperator.tokenUrl, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: 'grant_type=client_credentials&client_id=demo-user&client_secret=demo-user-secret',
}).then((r) => r.json() as Promise<{ access_token: string }>);

const QUERIES: [string, string][] = [
  ['no q, limit 50', 'limit=50'],
  [
    'no q, expand both, limit 200, offset 1000',
    'limit=200&offset=1000&expand=businessData,lastStatusData',
  ],
  ['q state, limit 50', `q=${encodeURIComponent('invoice.state:"DELIVERED"')}&limit=50&offset=500`],
  [
    'q (A OR B) AND C, expand businessData, limit 100',
    `q=${encodeURIComponent('(invoice.state:"INVALID" OR invoice.state:"DUPLICATED") AND invoice.direction:"INBOUND"')}&limit=100&expand=businessData`,
  ],
  [
    'q direction, expand lastStatusData, limit 200',
    `q=${encodeURIComponent('invoice.direction:"OUTBOUND"')}&limit=200&offset=200&expand=lastStatusData`,
  ],
];
const ROUNDS = 80; // × 5 queries = 400 requests
const perQuery = new Map<string, number[]>(QUERIES.map(([name]) => [name, []]));
const all: number[] = [];
for (let round = -5; round < ROUNDS; round++) {
  for (const [name, query] of QUERIES) {
    const started = performance.now();
    const response = await fetch(`${demoOperator.baseUrl}/v1.1/invoice/search?${query}`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status}`);
    if (round >= 0) {
      perQuery.get(name)!.push(ms);
      all.push(ms);
    }
  }
}
await demoOperator.close();

const fmt = (ms: number): string => ms.toFixed(1);
const lines = [
  `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, Node ${process.version}`,
  '',
  '| Measure | Median (ms) | p95 / max (ms) | Runs |',
  '|---|---:|---:|---:|',
  `| Generate 10,000 invoices | ${fmt(quantile(gen10k, 0.5))} | ${fmt(gen10k.at(-1)!)} | ${gen10k.length} |`,
  `| Generate 100,000 invoices | ${fmt(quantile(gen100k, 0.5))} | ${fmt(gen100k.at(-1)!)} | ${gen100k.length} |`,
  ...QUERIES.map(([name]) => {
    const t = perQuery.get(name)!.sort((a, b) => a - b);
    return `| Search @100k: ${name} | ${fmt(quantile(t, 0.5))} | ${fmt(quantile(t, 0.95))} | ${t.length} |`;
  }),
  (() => {
    const t = all.sort((a, b) => a - b);
    return `| **Search @100k: all mixed** | **${fmt(quantile(t, 0.5))}** | **${fmt(quantile(t, 0.95))}** | ${t.length} |`;
  })(),
];
process.stdout.write(`${lines.join('\n')}\n`);
