// `report vat|ca3 … --json` (issue 26, item 8): the figures and the lists behind them, so the
// month's work can be scripted: every invoice held (207 / 208), lacking or left out, with its id,
// number, reason and what it would change in euros, as the report computed from the same archive
// holds them. On the demo operator's data, a fixed clock.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { ReportKind, VatReport } from '#shared/reports.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { reportSourceOf } from '#support/report-source.ts';
import { runCli } from '#support/cli.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
let root: string;
let dataDir: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'report-lists-cli-'));
  dataDir = join(root, 'data');
  fillDemoArchive(dataDir, 'demo-admin', { seed: 26, invoices: 1500, now: NOW });
});
after(() => rmSync(root, { recursive: true, force: true }));

async function computed<T>(kind: ReportKind, period: string): Promise<T> {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    return (await computeReport(reportSourceOf(archive), kind, parsePeriod(period), {
      now: NOW,
    })) as T;
  } finally {
    archive.close();
  }
}

interface Listed {
  invoiceId: string;
  number: string | null;
  reason: string;
  wouldChange?: Record<string, number>;
}

async function summary(kind: string, period: string): Promise<Record<string, unknown>> {
  const run = await runCli(
    ['report', kind, '--connection', 'demo-admin', '--period', period, '--out', root, '--json'],
    { dataDir, env: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() } },
  );
  assert.equal(run.code, 0, run.stderr);
  const last = run.stdout.trim().split('\n').at(-1)!;
  return JSON.parse(last) as Record<string, unknown>;
}

test('report ca3 --json lists the held, lacking and left-out invoices with what each would change', async () => {
  const printed = await summary('ca3', '2026-Q3');
  const lists = printed.lists as { held: Listed[]; lacking: Listed[]; leftOut: Listed[] };
  const report = await computed<Ca3Report>('ca3', '2026-Q3');
  assert.ok(report.held.length > 0 && report.leftOut.length > 0, 'the demo quarter has both');
  assert.deepEqual(
    lists.held,
    report.held.map((h) => ({
      invoiceId: h.invoiceId,
      number: h.number,
      reason: h.reason,
      wouldChange: Object.fromEntries(h.wouldChange.map((c) => [c.code, c.cents / 100])),
    })),
  );
  assert.deepEqual(
    lists.lacking.map((l) => [l.invoiceId, l.reason]),
    report.lacking.map((l) => [l.invoiceId, l.reason]),
  );
  assert.deepEqual(
    lists.leftOut,
    report.leftOut.map((l) => ({ invoiceId: l.invoiceId, number: l.number, reason: l.reason })),
  );
  // The counts stay as they were.
  assert.equal(printed.held, report.held.length);
});

test('report vat --json lists the held, pending and excluded invoices', async () => {
  const printed = await summary('vat', '2026-Q3');
  const lists = printed.lists as { held: Listed[]; pending: Listed[]; excluded: Listed[] };
  const report = await computed<VatReport>('vat', '2026-Q3');
  assert.ok(report.held.length > 0, 'the demo quarter holds disputed or suspended invoices');
  assert.deepEqual(
    lists.held,
    report.held.map((h) => ({
      invoiceId: h.invoiceId,
      number: h.number,
      reason: h.reason,
      wouldChange: {
        collected: h.wouldChange.collectedCents / 100,
        deductible: h.wouldChange.deductibleCents / 100,
      },
    })),
  );
  assert.deepEqual(
    lists.pending.map((p) => p.invoiceId),
    report.pending.map((p) => p.invoiceId),
  );
  assert.ok(lists.pending.every((p) => p.reason === 'payment_date'));
  assert.deepEqual(
    lists.excluded.map((e) => [e.invoiceId, e.reason]),
    report.excluded.map((e) => [e.invoiceId, e.reason]),
  );
  assert.equal(printed.pending, report.pending.length);
});
