// Excel export of 100,000 archived invoices (issue 10): what "Exporter vers Excel" runs for the
// archive (prepareExport with an archive target: SQLite cursor → rows on the main thread → the
// writer's worker), against bare exceljs streaming writing the same rows with the same styles in
// the same thread. The archive is the demo operator's data written as a sync writes it, every
// invoice with its details, so the workbook has its two tables (one row per invoice, one per VAT
// breakdown line) and "About". Both runs read the archive the same way (the same cursors and
// layout functions, the column widths from the same first rows); only the writing differs.
// Each run is a child process of its own, so that its peak RSS (process.resourceUsage().maxRSS,
// which counts the worker thread too) is its own; CPU time is the whole process (all threads).
// Also measured: the main thread's event-loop delay (a 10 ms timer's lateness) p95 and max while
// the export runs, the stand-in for "the UI's calls answered in time".
// Goals: time ≤ 1.1 × bare exceljs, peak memory ≤ 300 MB, event-loop delay p95 < 50 ms.
//   npm run bench -- export      (EXPORT_BENCH_INVOICES=20000 for a quicker run; EXPORT_BENCH_DIR
//                                 keeps the archive there and reuses it, as it takes a minute)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { typedCell, type Row } from '#main/services/export/cells.ts';
import { ARCHIVE_BATCH } from '#main/services/export/archive-sources.ts';
import { prepareExport, vatDetailsOf } from '#main/services/export/exporter.ts';
import { rowOfArchive, type InvoiceRow } from '#main/services/export/invoice-row.ts';
import { invoicesWorkbook } from '#main/services/export/layouts/invoices.ts';
import type { DocCell, DocLine } from '#main/services/export/protocol.ts';
import { plainTable, type PlainTable } from '#support/plain-exceljs.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { besideTheArchive } from '#main/services/reports/index.ts';

const INVOICES = Number(process.env.EXPORT_BENCH_INVOICES ?? 100_000);
const ROUNDS = 2;
const CONNECTION = 'bench';
const NOW = new Date('2026-11-22T12:00:00Z');

function* archivedEntries(store: ArchiveStore): Generator<InvoiceRow> {
  for (const row of store.iterateInvoices()) yield rowOfArchive(row);
}

/** The app: the archive export as "Exporter vers Excel" runs it. */
async function viaApp(dir: string, path: string): Promise<Record<string, number>> {
  const prepared = await prepareExport(
    {
      operator: () => Promise.reject(new Error('an archive export asks no operator')),
      borrowArchive: () =>
        Promise.resolve(
          ((store) => ({ archive: new SqliteArchive(store), release: () => store.close() }))(
            openArchive(dir, CONNECTION),
          ),
        ),
      beside: besideTheArchive(dir, { existing: async () => null }),
      version: 'bench',
    },
    {
      target: { kind: 'invoices', source: 'archive' },
      connection: { id: CONNECTION, name: 'Bench' },
      language: 'fr',
      now: NOW,
    },
  );
  try {
    const written = await prepared.write(path);
    return { Factures: written.rows };
  } finally {
    prepared.close();
  }
}

/** Bare exceljs, same thread: the same sheets, widths, formats, header, cells and filters. */
async function bareExceljs(dir: string, path: string): Promise<Record<string, number>> {
  // Loaded here only: the app's main thread never loads exceljs (its worker does).
  const { default: ExcelJS } = await import('exceljs');
  const store = openArchive(dir, CONNECTION);
  const plan = invoicesWorkbook({
    language: 'fr',
    invoices: archivedEntries(store),
    details: (function* () {
      for (const facts of store.detailVatFacts({})) yield vatDetailsOf(facts);
    })(),
    about: {
      connectionName: 'Bench',
      query: 'Toutes les factures archivées',
      source: 'archive',
      coverage: '',
      appVersion: 'bench',
      exportedAt: NOW,
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  });
  const counts: Record<string, number> = {};
  try {
    for (const sheetPlan of plan.sheets) {
      if (sheetPlan.kind === 'document') {
        const sheet = workbook.addWorksheet(sheetPlan.name);
        sheet.columns = sheetPlan.widths.map((width) => ({ width }));
        const lines: readonly DocLine[] =
          typeof sheetPlan.lines === 'function'
            ? sheetPlan.lines(new Map(Object.entries(counts)))
            : sheetPlan.lines;
        for (const line of lines) {
          const row = sheet.addRow(
            line.cells.map((cell) => {
              const doc = (
                typeof cell === 'object' && cell !== null ? cell : { value: cell }
              ) as DocCell;
              return typedCell(doc.value, doc.kind ?? 'text', doc.currency).value;
            }),
          );
          if (line.style) row.font = { bold: true };
          row.commit();
        }
        sheet.commit();
        continue;
      }
      // Widths from the first batch, as the app's writer takes them.
      let sample: Row[] | null = [];
      let table: PlainTable | undefined;
      for await (const row of sheetPlan.rows) {
        if (sample) {
          sample.push(row);
          if (sample.length < ARCHIVE_BATCH) continue;
          table = plainTable(workbook, sheetPlan.name, sheetPlan.columns, sample);
          sample.forEach(table.write);
          sample = null;
          continue;
        }
        table!.write(row);
      }
      if (sample) {
        table = plainTable(workbook, sheetPlan.name, sheetPlan.columns, sample);
        sample.forEach(table.write);
      }
      const count = table!.finish();
      counts[sheetPlan.name] = count;
    }
    await workbook.commit();
  } finally {
    store.close();
  }
  return counts;
}

interface Measure {
  variant: string;
  seconds: number;
  cpuSeconds: number;
  maxRssMb: number;
  loopP95Ms: number;
  loopMaxMs: number;
  bytes: number;
  rows: Record<string, number>;
}

async function child(variant: string, dir: string): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'export-bench-'));
  const path = join(out, `${variant}.xlsx`);
  // The main thread's responsiveness: a 10 ms timer's lateness, sampled all through the export
  // (perf_hooks.monitorEventLoopDelay misses a thread blocked from its first instant).
  const lags: number[] = [];
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - last - 10));
    last = now;
  }, 10);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const rows = await (variant === 'app' ? viaApp(dir, path) : bareExceljs(dir, path));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  lags.push(Math.max(0, performance.now() - last - 10));
  lags.sort((a, b) => a - b);
  const measure: Measure = {
    variant,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    loopP95Ms: lags[Math.floor(lags.length * 0.95)] ?? 0,
    loopMaxMs: lags.at(-1) ?? 0,
    bytes: statSync(path).size,
    rows,
  };
  rmSync(out, { recursive: true, force: true });
  console.log(JSON.stringify(measure));
}

function run(variant: string, dir: string): Measure {
  const out = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), `--variant=${variant}`, `--dir=${dir}`],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (out.status !== 0) throw new Error(`${variant} run failed (${out.status})`);
  return JSON.parse(out.stdout.trim().split('\n').at(-1) as string) as Measure;
}

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const variant = arg('variant');
if (variant) {
  await child(variant, arg('dir') as string);
} else {
  const reuse = process.env.EXPORT_BENCH_DIR;
  const dir = reuse ?? mkdtempSync(join(tmpdir(), 'export-bench-archive-'));
  try {
    if (!existsSync(join(dir, 'archive', `${CONNECTION}.sqlite`))) {
      const t = performance.now();
      const filled = fillDemoArchive(dir, CONNECTION, { invoices: INVOICES, now: NOW });
      console.log(
        `Archive filled: ${filled.invoices.toLocaleString('en')} invoices, ${filled.details.toLocaleString('en')} with details, ${((performance.now() - t) / 1000).toFixed(0)} s (not measured)\n`,
      );
    }
    console.log(`Excel export of the archive, ${ROUNDS} rounds, alternating\n`);
    const results: Measure[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      results.push(run('bare', dir), run('app', dir));
    }
    const best = (v: string): Measure =>
      results.filter((r) => r.variant === v).sort((a, b) => a.seconds - b.seconds)[0] as Measure;
    const sheets = results.find((r) => r.variant === 'bare')?.rows ?? {};
    console.log(
      `Rows written (counted by the bare run; the app writes the same plan): ${Object.entries(
        sheets,
      )
        .map(([name, n]) => `${name} ${n.toLocaleString('en')}`)
        .join(', ')}, and "À propos"\n`,
    );
    console.log(
      '| Run | Invoice rows | Time (s) | CPU, all threads (s) | Peak RSS (MB) | Event-loop delay p95 (ms) | Max (ms) | File (MB) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${r.variant === 'app' ? 'the app (worker writer)' : 'bare exceljs, same thread'} | ${(r.rows['Factures'] ?? 0).toLocaleString('en')} | ${r.seconds.toFixed(2)} | ${r.cpuSeconds.toFixed(2)} | ${r.maxRssMb.toFixed(0)} | ${r.loopP95Ms.toFixed(1)} | ${r.loopMaxMs.toFixed(0)} | ${(r.bytes / 2 ** 20).toFixed(1)} |`,
      );
    }
    const app = results.filter((r) => r.variant === 'app');
    console.log(
      `\nBest of ${ROUNDS}: the app ${best('app').seconds.toFixed(2)} s vs bare exceljs ${best('bare').seconds.toFixed(2)} s, ratio ${(best('app').seconds / best('bare').seconds).toFixed(2)}× (goal ≤ 1.1×)`,
    );
    console.log(
      `The app: peak RSS ${Math.max(...app.map((r) => r.maxRssMb)).toFixed(0)} MB (goal ≤ 300), event-loop delay p95 ${Math.max(...app.map((r) => r.loopP95Ms)).toFixed(1)} ms (goal < 50). Load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
  } finally {
    if (!reuse) rmSync(dir, { recursive: true, force: true });
  }
}
