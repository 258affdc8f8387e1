// The TVA report over 26,000 archived invoices with their details (issue 10): from the archive
// to the workbook on disk, the way the export of a report runs it (prepareReportExport: the
// writer's worker starts while the report is computed, then writes its sheets). Goal: < 2 s.
// "Sequential" is the same work without the overlap, for comparison.
//   npm run bench -- reports          (REPORTS_BENCH_INVOICES=5000 for a quicker run)
// Then the CA3 of a quarter to its workbook (issue 18), also < 2 s.
// Wall time depends on what else the machine runs: the CPU time of the process (all threads,
// the writer's worker included) is printed beside it, with the load average.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { customPeriod, parsePeriod } from '#shared/report-period.ts';
import type { ReportPeriod, VatReport } from '#shared/reports.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { reportWorkbook } from '#main/services/export/layouts/reports.ts';
import { prepareReportExport } from '#main/services/export/report-export.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { reportSourceOf } from '../tests/support/report-source.ts';

const INVOICES = Number(process.env.REPORTS_BENCH_INVOICES ?? 26_000);
const ROUNDS = 5;
const NOW = new Date('2026-11-22T12:00:00Z');
const ABOUT = { connectionName: 'Bench', appVersion: 'bench' };
const request = (period: ReportPeriod) => ({
  report: 'vat' as const,
  period,
  language: 'fr' as const,
  ...ABOUT,
  now: NOW,
});

// REPORTS_BENCH_DIR: reuse (or create once) an archive there instead of a fresh one per run.
const reuse = process.env.REPORTS_BENCH_DIR;
const dir = reuse ?? mkdtempSync(join(tmpdir(), 'reports-bench-'));
try {
  let t = performance.now();
  if (!reuse || !existsSync(join(dir, 'archive', 'bench.sqlite'))) {
    const filled = fillDemoArchive(dir, 'bench', { invoices: INVOICES, now: NOW });
    console.log(
      `Archive filled: ${filled.invoices} invoices, ${filled.details} with details, ${((performance.now() - t) / 1000).toFixed(1)} s (not measured below)\n`,
    );
  }

  // REPORTS_BENCH_ONLY=ca3: the CA3 alone.
  const periods =
    process.env.REPORTS_BENCH_ONLY === 'ca3'
      ? []
      : [
          { name: 'year 2026', period: parsePeriod('2026') },
          {
            name: 'whole history (every invoice)',
            period: customPeriod('2024-01-01', '2026-12-31'),
          },
          { name: 'quarter 2026-Q3', period: parsePeriod('2026-Q3') },
        ];
  console.log(
    '| Period | Rows written | Compute (ms) | Total, archive to file (ms) | Max (ms) | Sequential (ms) | CPU (ms) | File |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  for (const { name, period } of periods) {
    const computes: number[] = [];
    const totals: number[] = [];
    const sequential: number[] = [];
    const cpus: number[] = [];
    let rows = 0;
    let bytes = 0;
    const compute = async () => {
      const archive = openArchive(dir, 'bench');
      try {
        return (await computeReport(reportSourceOf(archive), 'vat', period, {
          now: NOW,
        })) as VatReport;
      } finally {
        archive.close();
      }
    };
    for (let round = 0; round < ROUNDS; round++) {
      const path = join(dir, `vat-${round}.xlsx`);
      // As the app and the CLI run it: the writer's worker starts while the report is computed.
      t = performance.now();
      const cpu = process.cpuUsage();
      let computed = 0;
      const written = await prepareReportExport(request(period), async () => {
        const start = performance.now();
        const report = await compute();
        computed = performance.now() - start;
        return report;
      }).write(path);
      totals.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1000);
      computes.push(computed);
      rows = [...written.sheets.values()].reduce((a, b) => a + b, 0);
      bytes = statSync(path).size;
      rmSync(path);
      // For comparison: compute, then write (no overlap).
      t = performance.now();
      const report = await compute();
      await writeWorkbook(path, reportWorkbook(report, 'fr', ABOUT));
      sequential.push(performance.now() - t);
      rmSync(path);
    }
    console.log(
      `| ${name} | ${rows.toLocaleString('en')} | ${median(computes).toFixed(0)} | **${median(totals).toFixed(0)}** | ${Math.max(...totals).toFixed(0)} | ${median(sequential).toFixed(0)} | ${median(cpus).toFixed(0)} | ${(bytes / 1e6).toFixed(1)} MB |`,
    );
  }
  console.log(
    `\n${ROUNDS} runs each, median; the goal is a total under 2,000 ms. Load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on this machine's cores.`,
  );

  // Issue 18: the CA3 of a quarter to its workbook, as the export of the report runs it (the
  // return and its check against the entries computed from the archive's ca3Rows while the
  // writer's worker starts). Goal: < 2 s.
  console.log('\nCA3 of a quarter of the archive to its workbook\n');
  console.log(
    '| Period | Rows written | Compute (ms) | Total, archive to file (ms) | Max (ms) | CPU (ms) | File |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const quarter = parsePeriod('2026-Q3');
  const computes: number[] = [];
  const totals: number[] = [];
  const cpus: number[] = [];
  let rows = 0;
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const path = join(dir, `ca3-${round}.xlsx`);
    t = performance.now();
    const cpu = process.cpuUsage();
    let computed = 0;
    const written = await prepareReportExport({ ...request(quarter), report: 'ca3' }, async () => {
      const start = performance.now();
      const archive = openArchive(dir, 'bench');
      try {
        return await computeReport(reportSourceOf(archive), 'ca3', quarter, { now: NOW });
      } finally {
        archive.close();
        computed = performance.now() - start;
      }
    }).write(path);
    totals.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    computes.push(computed);
    rows = [...written.sheets.values()].reduce((a, b) => a + b, 0);
    bytes = statSync(path).size;
    rmSync(path);
  }
  console.log(
    `| CA3 2026-Q3 | ${rows.toLocaleString('en')} | ${median(computes).toFixed(0)} | **${median(totals).toFixed(0)}** | ${Math.max(...totals).toFixed(0)} | ${median(cpus).toFixed(0)} | ${(bytes / 1e6).toFixed(1)} MB |`,
  );
  console.log(
    `\n${ROUNDS} runs, median; the goal is a total under 2,000 ms. Load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}.`,
  );
} finally {
  if (!reuse) rmSync(dir, { recursive: true, force: true });
}
