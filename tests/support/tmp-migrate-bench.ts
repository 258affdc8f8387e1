import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { freshSchema } from '#support/postgres.ts';
import { copyArchive } from '#main/services/archive/postgres/copy-archive.ts';
import { archivePath } from '#main/services/archive/sqlite/archive-store.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';

const n = Number(process.argv[2] ?? 100000);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
let t = performance.now();
fillDemoArchive(dataDir, 'bench', { invoices: n, now: new Date('2026-03-15T10:00:00.000Z') });
console.log(`fill ${n}: ${((performance.now() - t) / 1000).toFixed(1)} s, ${statSync(archivePath(dataDir, 'bench')).size} bytes`);
const fresh = await freshSchema('bench');
t = performance.now();
const result = await copyArchive(fresh.pool, dataDir, 'bench');
console.log(`copy: ${((performance.now() - t) / 1000).toFixed(1)} s`, JSON.stringify(result));
const port = (await new PostgresArchives(fresh.pool, fresh.schema).ports.existing('bench'))!;
const times: number[] = [];
for (let i = 0; i < 40; i++) {
  const s = performance.now();
  await port.queryInvoices({ filter: { direction: 'INBOUND', kind: 'invoice' }, sort: { key: ['invoiceDate', 'ttcCents', 'counterpartyName', 'createDate'][i % 4] as 'invoiceDate', descending: i % 2 === 0 }, offset: (i % 5) * 100, limit: 100 });
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
console.log(`filter+sort+page p50 ${times[20]!.toFixed(1)} ms p95 ${times[37]!.toFixed(1)} ms`);
await fresh.drop();
rmSync(dataDir, { recursive: true, force: true });
