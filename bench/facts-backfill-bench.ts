// Schema step 14's one pass (issue 28, item 3): the VAT and accounting facts of every archived
// invoice read from its JSON into columns, on an archive of FACTS_BENCH_INVOICES invoices with
// their details (default 26,000, as the reports bench). The archive is filled at the latest
// schema, taken back to step 13 (the facts' tables and column dropped), then opened: the
// migration's time is the backfill's.
//   npm run bench -- facts-backfill          (FACTS_BENCH_INVOICES=100000 for a larger one)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { archivePath, openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { FACTS_VERSION } from '#main/services/archive/sqlite/schema.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const INVOICES = Number(process.env.FACTS_BENCH_INVOICES ?? 26_000);
const NOW = new Date('2026-11-22T12:00:00Z');

const dir = mkdtempSync(join(tmpdir(), 'facts-backfill-bench-'));
try {
  let t = performance.now();
  const filled = fillDemoArchive(dir, 'bench', { invoices: INVOICES, now: NOW });
  console.log(
    `Archive filled: ${filled.invoices} invoices, ${filled.details} with details, ${((performance.now() - t) / 1000).toFixed(1)} s (not measured)\n`,
  );
  const db = new DatabaseSync(archivePath(dir, 'bench'));
  db.exec(`
    DROP TABLE invoice_facts;
    DROP TABLE invoice_vat_lines;
    ALTER TABLE invoices DROP COLUMN payable_amount;
    PRAGMA user_version = ${FACTS_VERSION - 1};
    VACUUM;
  `);
  db.close();
  const cpu = process.cpuUsage();
  t = performance.now();
  const archive = openArchive(dir, 'bench');
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const facts = archive.counts();
  archive.close();
  console.log(
    '| Invoices | With details | Step 14, backfill included (ms) | CPU (ms) | µs an invoice |',
  );
  console.log('|---:|---:|---:|---:|---:|');
  console.log(
    `| ${facts.invoices.toLocaleString('en')} | ${facts.details.toLocaleString('en')} | **${ms.toFixed(0)}** | ${((used.user + used.system) / 1000).toFixed(0)} | ${((ms * 1000) / facts.invoices).toFixed(1)} |`,
  );
  console.log(
    `\nLoad average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
