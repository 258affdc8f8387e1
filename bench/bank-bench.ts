// Importing and matching a year of bank statements (issue 29): 5,000 lines against an archive
// of 20,000 invoices, the way `cli bank import` runs it: the file parsed, its lines keyed and
// written to a fresh bank file, the archive's payable invoices read (one json_extract each),
// every line matched, the proposals written; one transaction. Goal: < 2 s.
//   npm run bench -- bank          (BANK_BENCH_DIR=/some/dir keeps the archive between runs)
// The archive is filled first (the demo operator's generator, written as a sync writes it; not
// measured); the statements are the demo statements of the same data set (demo-statements.ts),
// their first 5,000 lines put in one file of each format.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Statement } from '#shared/bank.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { bankDataPath, openBankData } from '#main/services/archive/bank-store.ts';
import { importBankFile } from '#main/services/bank/bank-import.ts';
import { demoStatements, windows1252 } from '#main/services/bank/demo-statements.ts';
import { writeCamt053, writeCfonb120, writeOfx } from '#main/services/bank/write-statements.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const INVOICES = Number(process.env.BANK_BENCH_INVOICES ?? 20_000);
const LINES = Number(process.env.BANK_BENCH_LINES ?? 5_000);
const ROUNDS = 3;
const NOW = new Date('2026-11-20T12:00:00Z');
const CONNECTION = 'bench';

const keep = process.env.BANK_BENCH_DIR;
const dir = keep ?? mkdtempSync(join(tmpdir(), 'bank-bench-'));
try {
  if (!existsSync(join(dir, 'archive', `${CONNECTION}.sqlite`))) {
    const t = performance.now();
    fillDemoArchive(dir, CONNECTION, { invoices: INVOICES, now: NOW });
    console.log(
      `archive of ${INVOICES} invoices filled in ${((performance.now() - t) / 1000).toFixed(1)} s (not measured)`,
    );
  }
  const set = demoStatements(createDataset(42, INVOICES, { startMs: NOW.getTime() }));
  const lines = set.statements.flatMap((s) => s.lines).slice(0, LINES);
  const first = set.statements[0]!;
  const moved = lines.reduce((sum, l) => sum + l.cents, 0);
  const year: Statement = {
    ...first,
    lines,
    closing: { cents: first.opening!.cents + moved, day: lines.at(-1)!.bookingDay },
  };
  const files = [
    { name: 'year.cfonb', bytes: new TextEncoder().encode(writeCfonb120(year)) },
    {
      name: 'year.camt053.xml',
      bytes: new TextEncoder().encode(writeCamt053(year, 'YEAR', '2026-11-01T06:00:00', '08')),
    },
    { name: 'year.ofx', bytes: windows1252(writeOfx(year, 1, '2026-11-01T06:00:00')) },
  ];
  const archive = openArchive(dir, CONNECTION);
  const invoices = () => archive.bankInvoices();
  console.log(
    `${lines.length} lines (${set.statements.length} months), ${[...invoices()].length} payable invoices of ${INVOICES}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${cpus().length} × ${cpus()[0]?.model}\n`,
  );
  console.log(
    '| File | Size | Lines | Auto | Suggested | Unmatched | Median (ms) | Max (ms) | CPU (ms) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const file of files) {
    const times: number[] = [];
    const cpu: number[] = [];
    let summary;
    for (let round = 0; round < ROUNDS; round++) {
      rmSync(bankDataPath(dir, CONNECTION), { force: true });
      for (const s of ['-wal', '-shm']) rmSync(bankDataPath(dir, CONNECTION) + s, { force: true });
      const store = openBankData(dir, CONNECTION);
      const started = performance.now();
      const used = process.cpuUsage();
      summary = importBankFile(store, invoices, file, NOW);
      times.push(performance.now() - started);
      const c = process.cpuUsage(used);
      cpu.push((c.user + c.system) / 1000);
      store.close();
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    console.log(
      `| ${file.name} | ${(file.bytes.length / 1024 / 1024).toFixed(1)} MB | ${summary!.lines} | ${summary!.auto} | ${summary!.suggested} | ${summary!.unmatched} | **${times[1]!.toFixed(0)}** | ${times[2]!.toFixed(0)} | ${cpu[1]!.toFixed(0)} |`,
    );
  }
  archive.close();
} finally {
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
