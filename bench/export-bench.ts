// Excel export of 100,000 invoices (issue 10): the worker-thread writer (writeWorkbook) against
// bare exceljs streaming writing the same rows with the same styles in the same process. Each
// run is a child process of its own, so that its peak RSS (process.resourceUsage().maxRSS, which
// counts the worker thread too) is its own. Also measured: the main thread's event-loop delay
// (a 10 ms timer's lateness) p95 and max while the export runs, the stand-in for "the UI's calls answered in time".
// Goals: time ≤ 1.1 × bare exceljs, peak memory ≤ 300 MB, event-loop delay p95 < 50 ms.
//   npm run bench -- export         (EXPORT_BENCH_ROWS=20000 for a quicker run)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { columnFormat, columnWidths, typedCell, type Row } from '#main/services/export/cells.ts';
import { tableOf } from '#main/services/export/fields.ts';
import { invoiceFields, type InvoiceListEntry } from '#main/services/export/layouts/invoices.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { wordsFor } from '#main/services/export/words.ts';

const ROWS = Number(process.env.EXPORT_BENCH_ROWS ?? 100_000);
const ROUNDS = 2;
const BATCH = 1000;
const STATES = ['VALID', 'DELIVERED', 'PENDING', 'INVALID'] as const;
const NAMES = ['Boulangerie Martin', 'SARL Dupont & Fils', 'Transports Lefèvre', 'Atelier Moreau'];

/** A synthetic search result: deterministic, varied enough to exercise every cell kind. */
function entry(i: number): InvoiceListEntry {
  const ht = Math.round(((i * 7919) % 500_000) + 99) / 100;
  const tva = Math.round(ht * 20) / 100;
  const day = `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  return {
    metadata: {
      invoiceId: `3fa85f64-5717-4562-b3fc-${String(i).padStart(12, '0')}`,
      state: STATES[i % STATES.length] as (typeof STATES)[number],
      direction: i % 2 ? 'INBOUND' : 'OUTBOUND',
      createDate: `${day}T10:00:00Z`,
    },
    lastStatusData: { code: String(200 + (i % 14)), state: 'DELIVERED', date: `${day}T12:00:00Z` },
    businessData: {
      invoiceId: `F-2026-${String(i).padStart(6, '0')}`,
      invoiceDate: day,
      invoiceDueDate: day,
      type: i % 17 ? '380' : '381',
      monetary: {
        invoiceCurrency: 'EUR',
        invoiceAmount: { amount: ht + tva },
        taxBasisTotalAmount: { amount: ht },
        taxTotalAmount: { amount: tva, currency: 'EUR' },
      },
      seller: {
        name: NAMES[i % 4] as string,
        siren: String((i * 31) % 1e9).padStart(9, '0'),
        siret: String((i * 31) % 1e9).padStart(9, '0') + '00012',
        vatNumber: `FR12${String((i * 31) % 1e9).padStart(9, '0')}`,
      },
      buyer: {
        name: NAMES[(i + 1) % 4] as string,
        siren: String((i * 17) % 1e9).padStart(9, '0'),
        siret: String((i * 17) % 1e9).padStart(9, '0') + '00027',
      },
    },
    streamId: `9b1deb4d-3b7d-4bad-9bdd-${String(i).padStart(12, '0')}`,
  };
}

function* entries(): Generator<InvoiceListEntry> {
  for (let i = 0; i < ROWS; i += 1) yield entry(i);
}

const table = tableOf(invoiceFields(wordsFor('fr')));
function* rows(): Generator<Row> {
  for (const e of entries()) yield table.toRow(e);
}

/** Bare exceljs, same process: the same sheet, widths, formats, header, cells and filter. */
async function bareExceljs(path: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Factures', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  const { columns } = table;
  let sample: Row[] = [];
  let count = 0;
  const start = (): void => {
    const widths = columnWidths(columns, sample);
    sheet.columns = columns.map((c, i) => ({
      width: widths[i],
      style: { numFmt: columnFormat(c.kind) as string },
    }));
    const header = sheet.addRow(columns.map((c) => c.header));
    header.eachCell((cell) => {
      cell.style = { font: { bold: true }, border: { bottom: { style: 'thin' } } };
    });
    header.commit();
  };
  const write = (source: Row): void => {
    const cells = columns.map((c, i) =>
      typedCell(
        source[i],
        c.kind,
        c.currencyColumn === undefined ? undefined : source[c.currencyColumn],
      ),
    );
    const row = sheet.addRow(cells.map((c) => c.value));
    cells.forEach((c, i) => {
      if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
    });
    row.commit();
    count += 1;
  };
  for (const row of rows()) {
    if (sample) {
      sample.push(row);
      if (sample.length < BATCH) continue;
      start();
      sample.forEach(write);
      sample = null as unknown as Row[];
      continue;
    }
    write(row);
  }
  if (sample) {
    start();
    sample.forEach(write);
  }
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: count + 1, column: columns.length },
  };
  sheet.commit();
  await workbook.commit();
}

async function viaWorker(path: string): Promise<void> {
  await writeWorkbook(
    path,
    {
      sheets: [
        { kind: 'table', name: 'Factures', columns: table.columns, rows: rows(), total: ROWS },
      ],
    },
    { batchSize: BATCH },
  );
}

interface Measure {
  variant: string;
  seconds: number;
  maxRssMb: number;
  loopP95Ms: number;
  loopMaxMs: number;
  bytes: number;
}

async function child(variant: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
  const path = join(dir, `${variant}.xlsx`);
  // The main thread's responsiveness: a 10 ms timer's lateness, sampled all through the export
  // (perf_hooks.monitorEventLoopDelay misses a thread blocked from its first instant).
  const lags: number[] = [];
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - last - 10));
    last = now;
  }, 10);
  const started = performance.now();
  await (variant === 'worker' ? viaWorker(path) : bareExceljs(path));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  lags.push(Math.max(0, performance.now() - last - 10));
  lags.sort((a, b) => a - b);
  const measure: Measure = {
    variant,
    seconds,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    loopP95Ms: lags[Math.floor(lags.length * 0.95)] ?? 0,
    loopMaxMs: lags.at(-1) ?? 0,
    bytes: statSync(path).size,
  };
  rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify(measure));
}

function run(variant: string): Measure {
  const out = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), `--variant=${variant}`],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (out.status !== 0) throw new Error(`${variant} run failed (${out.status})`);
  return JSON.parse(out.stdout.trim().split('\n').at(-1) as string) as Measure;
}

const variantArg = process.argv.find((a) => a.startsWith('--variant='));
if (variantArg) {
  await child(variantArg.slice('--variant='.length));
} else {
  console.log(
    `Excel export of ${ROWS.toLocaleString('en')} invoice rows (${table.columns.length} columns), ${ROUNDS} rounds, alternating\n`,
  );
  const results: Measure[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    results.push(run('bare'), run('worker'));
  }
  const best = (variant: string): Measure =>
    results
      .filter((r) => r.variant === variant)
      .sort((a, b) => a.seconds - b.seconds)[0] as Measure;
  console.log(
    '| run | time (s) | peak RSS (MB) | event-loop delay p95 (ms) | max (ms) | file (MB) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.variant === 'worker' ? 'worker writer' : 'bare exceljs, same thread'} | ${r.seconds.toFixed(2)} | ${r.maxRssMb.toFixed(0)} | ${r.loopP95Ms.toFixed(1)} | ${r.loopMaxMs.toFixed(0)} | ${(r.bytes / 2 ** 20).toFixed(1)} |`,
    );
  }
  const ratio = best('worker').seconds / best('bare').seconds;
  console.log(
    `\nBest of ${ROUNDS}: worker ${best('worker').seconds.toFixed(2)} s vs bare ${best('bare').seconds.toFixed(2)} s, ratio ${ratio.toFixed(2)}× (goal ≤ 1.1×)`,
  );
  console.log(
    `Worker writer: peak RSS ${Math.max(...results.filter((r) => r.variant === 'worker').map((r) => r.maxRssMb)).toFixed(0)} MB (goal ≤ 300), event-loop p95 ${Math.max(...results.filter((r) => r.variant === 'worker').map((r) => r.loopP95Ms)).toFixed(1)} ms (goal < 50)`,
  );
}
