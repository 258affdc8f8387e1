// `npm run cli -- report ca3` (issue 18, item 5): the VAT return's draft written to Excel by a
// child process over its own data folder, and with --json one object whose `boxes` maps each box
// code as printed on the form to its exact euros (a rate line to { base, tax }), equal to the
// return computed from the same archive and to the workbook's form sheet (read with openpyxl).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import { CA3_BOX_ORDER, boxKind, boxOfReport } from '#shared/ca3-layout.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { runCli } from '#support/cli.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { reportSourceOf } from '../../../support/report-source.ts';

let root: string;
let dataDir: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'report-ca3-cli-'));
  dataDir = join(root, 'data');
  fillDemoArchive(dataDir, 'demo-admin', {
    seed: 18,
    invoices: 1500,
    now: new Date('2026-11-22T12:00:00Z'),
  });
});
after(() => rmSync(root, { recursive: true, force: true }));

async function expected(): Promise<Ca3Report> {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    return (await computeReport(
      reportSourceOf(archive),
      'ca3',
      parsePeriod('2026-Q3'),
    )) as Ca3Report;
  } finally {
    archive.close();
  }
}

test('report ca3 --json: one object, every box by its printed code in exact euros', async () => {
  const out = join(root, 'ca3-t3.xlsx');
  const run = await runCli(
    [
      'report',
      'ca3',
      '--connection',
      'Démo (administrateur)',
      '--period',
      '2026-Q3',
      '--out',
      out,
      '--json',
    ],
    { dataDir, env: { INVOICE_DESK_LANG: 'fr' } },
  );
  assert.equal(run.code, 0, run.stderr);
  // One object on stdout, nothing else.
  const printed = JSON.parse(run.stdout) as {
    ok: boolean;
    boxes: Record<string, number | { base: number; tax: number }>;
  };
  assert.equal(printed.ok, true);
  const report = await expected();
  assert.deepEqual(Object.keys(printed.boxes).sort(), [...CA3_BOX_ORDER].sort());
  for (const code of CA3_BOX_ORDER) {
    const box = boxOfReport(report, code);
    const want =
      boxKind(code) === 'rate'
        ? { base: (box.baseCents ?? 0) / 100, tax: box.amountCents / 100 }
        : box.amountCents / 100;
    assert.deepEqual(printed.boxes[code], want, code);
  }
  // Numbers with two decimals at most (cents, never float noise).
  for (const match of run.stdout.matchAll(/"(?:base|tax|[A-Z0-9]{2})":(-?\d+(?:\.\d+)?)/g))
    assert.match(match[1]!, /^-?\d+(\.\d{1,2})?$/);
  assert.ok((printed.boxes.A1 as number) > 0, 'the demo quarter has sales');

  // The workbook says the same, whole euros beside the exact amount.
  const form = sheetNamed(readXlsx(out), 'Déclaration CA3');
  const a1 = form.rows.find((r) => r[0]?.v === 'A1')!.map((c) => c.v);
  assert.deepEqual(a1.slice(2, 4), [Math.round(printed.boxes.A1 as number), printed.boxes.A1]);
  const rate = form.rows.find((r) => r[0]?.v === '08')!.map((c) => c.v);
  const printedRate = printed.boxes['08'] as { base: number; tax: number };
  assert.deepEqual([rate[3], rate[5]], [printedRate.base, printedRate.tax]);
});

test('report ca3 of a year: bad usage (exit 2), nothing written', async () => {
  const out = join(root, 'ca3-year.xlsx');
  const run = await runCli(
    ['report', 'ca3', '--connection', 'demo-admin', '--period', '2026', '--out', out, '--json'],
    { dataDir, env: { INVOICE_DESK_LANG: 'fr' } },
  );
  assert.equal(run.code, 2);
  assert.match(run.stderr, /covers a month or a quarter/);
  assert.equal(existsSync(out), false);
});
