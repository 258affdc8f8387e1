// The TVA report over 26,000 archived invoices with their details (issue 10): from the archive
// to the workbook on disk, the way the export of a report runs it (computeReport, then
// reportWorkbook written by the worker-thread writer). Goal: < 2 s.
//   npm run bench -- reports          (REPORTS_BENCH_INVOICES=5000 for a quicker run)
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { customPeriod, parsePeriod } from '#shared/report-period.ts';
import type { VatReport } from '#shared/reports.ts';
import { openArchive } from '#main/services/archive/archive-store.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { computeReport, reportWorkbook } from '#main/services/reports/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const INVOICES = Number(process.env.REPORTS_BENCH_INVOICES ?? 26_000);
const ROUNDS = 5;
const NOW = new Date('2026-11-22T12:00:00Z');

const dir = mkdtempSync(join(tmpdir(), 'reports-bench-'));
try {
  let t = performance.now();
  const filled = fillDemoArchive(dir, 'bench', { invoices: INVOICES, now: NOW });
  console.log(
    `Archive filled: ${filled.invoices} invoices, ${filled.details} with details, ${((performance.now() - t) / 1000).toFixed(1)} s (not measured below)\n`,
  );

  const periods = [
    { name: 'year 2026', period: parsePeriod('2026') },
    { name: 'whole history (every invoice)', period: customPeriod('2024-01-01', '2026-12-31') },
    { name: 'quarter 2026-Q3', period: parsePeriod('2026-Q3') },
  ];
  console.log(
    '| Period | Lines | Compute (ms) | Workbook (ms) | **Total (ms)** | Max total (ms) | File |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { name, period } of periods) {
    const computes: number[] = [];
    const writes: number[] = [];
    const totals: number[] = [];
    let lines = 0;
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const path = join(dir, `vat-${round}.xlsx`);
      t = performance.now();
      const archive = openArchive(dir, 'bench');
      const report = computeReport(archive, 'vat', period, { now: NOW }) as VatReport;
      archive.close();
      const computed = performance.now();
      await writeWorkbook(
        path,
        reportWorkbook(report, 'fr', { connectionName: 'Bench', appVersion: 'bench' }),
      );
      const written = performance.now();
      computes.push(computed - t);
      writes.push(written - computed);
      totals.push(written - t);
      lines = report.lines.length;
      bytes = statSync(path).size;
      rmSync(path);
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    console.log(
      `| ${name} | ${lines.toLocaleString('en')} | ${median(computes).toFixed(0)} | ${median(writes).toFixed(0)} | **${median(totals).toFixed(0)}** | ${Math.max(...totals).toFixed(0)} | ${(bytes / 1e6).toFixed(1)} MB |`,
    );
  }
  console.log(`\n${ROUNDS} runs each, median; the goal is a total under 2,000 ms.`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
