// `npm run cli -- report ca12 --period YYYY` (issue 26, item 4) on the demo operator's data: the
// simplified regime's annual return. Its lines are the sums of the twelve monthly CA3s computed
// apart (the same rule for every invoice, no second VAT computation), its totals the form's
// arithmetic on the rounded lines, its instalments 55 % / 40 % of the previous year's line 57
// computed the same way; --json prints the lines, the instalments and the held / lacking /
// left-out lists; the workbook (read with openpyxl) says the same.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Ca3BoxCode, Ca3Report } from '#shared/ca3.ts';
import { wholeEuros } from '#shared/ca3.ts';
import { boxOfReport } from '#shared/ca3-layout.ts';
import { CA12_FROM_CA3, CA12_LINE_ORDER } from '#shared/ca12.ts';
import { monthPeriod } from '#shared/report-period.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { reportSourceOf } from '#support/report-source.ts';
import { runCli } from '#support/cli.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { readXlsx, sheetNamed } from '#support/read-xlsx.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
let root: string;
let dataDir: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'report-ca12-cli-'));
  dataDir = join(root, 'data');
  fillDemoArchive(dataDir, 'demo-admin', { seed: 26, invoices: 1500, now: NOW });
});
after(() => rmSync(root, { recursive: true, force: true }));

/** Each CA3 box of `year`: the sum of its twelve months' exact amounts (and bases). */
async function monthsSummed(
  year: number,
): Promise<Map<Ca3BoxCode, { amount: number; base: number }>> {
  const archive = openArchive(dataDir, 'demo-admin');
  const sums = new Map<Ca3BoxCode, { amount: number; base: number }>();
  try {
    for (let month = 1; month <= 12; month += 1) {
      const report = (await computeReport(
        reportSourceOf(archive),
        'ca3',
        monthPeriod(year, month),
        {
          now: NOW,
        },
      )) as Ca3Report;
      for (const code of Object.values(CA12_FROM_CA3).flat()) {
        const box = boxOfReport(report, code);
        const sum = sums.get(code) ?? { amount: 0, base: 0 };
        sums.set(code, {
          amount: sum.amount + box.amountCents,
          base: sum.base + (box.baseCents ?? 0),
        });
      }
    }
  } finally {
    archive.close();
  }
  return sums;
}

/** The CA12 lines of a year from its months: the oracle, written apart from returns/ca12.ts. */
async function oracle(year: number): Promise<Record<string, number>> {
  const sums = await monthsSummed(year);
  const line = (code: keyof typeof CA12_FROM_CA3): number =>
    CA12_FROM_CA3[code].reduce((s, box) => s + (sums.get(box)?.amount ?? 0), 0);
  const rounded = (cents: number): number => wholeEuros(cents);
  const l16 = ['08', '9B', '09', 'T6'].reduce((s, c) => s + rounded(line(c as '08')), 0);
  const l26 = rounded(line('20')) + rounded(line('21')) + rounded(line('22'));
  return {
    '08': line('08') / 100,
    '20': line('20') / 100,
    '21': line('21') / 100,
    '16': l16,
    '26': l26,
    '28': Math.max(l16 - l26, 0),
    '29': Math.max(l26 - l16, 0),
    '57': Math.max(l16 - l26 + rounded(line('20')), 0),
  };
}

interface Printed {
  ok: boolean;
  lines: Record<string, number | { base: number; tax: number }>;
  instalments: {
    baseYear: number;
    baseCents: number;
    exempt: boolean;
    julyCents: number;
    decemberCents: number;
  };
  held: number;
  lists: {
    held: {
      invoiceId: string;
      number: string | null;
      reason: string;
      wouldChange: Record<string, number>;
    }[];
    lacking: { invoiceId: string; reason: string }[];
    leftOut: { invoiceId: string; reason: string }[];
  };
  reconciliation: { collectedReturnCents: number };
}

test('report ca12 --json: the year is its twelve months, the form adds rounded lines, instalments from last year', async () => {
  const out = join(root, 'ca12-2026.xlsx');
  const run = await runCli(
    [
      'report',
      'ca12',
      '--connection',
      'Démo (administrateur)',
      '--period',
      '2026',
      '--out',
      out,
      '--json',
    ],
    { dataDir, env: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() } },
  );
  assert.equal(run.code, 0, run.stderr);
  const printed = JSON.parse(run.stdout) as Printed;
  assert.equal(printed.ok, true);
  assert.deepEqual(Object.keys(printed.lines).sort(), [...CA12_LINE_ORDER].sort());

  const want = await oracle(2026);
  const tax = (code: string): number => (printed.lines[code] as { tax: number }).tax;
  assert.equal(tax('08'), want['08']);
  assert.ok(tax('08') > 0, 'the demo year has sales at 20 %');
  for (const code of ['20', '21'] as const) assert.equal(printed.lines[code], want[code], code);
  for (const code of ['16', '26', '28', '29'] as const)
    assert.equal(printed.lines[code], want[code], code);

  // The instalments: 55 % and 40 % of 2025's line 57, in whole euros.
  const last = await oracle(2025);
  assert.equal(printed.instalments.baseYear, 2025);
  assert.equal(printed.instalments.baseCents, last['57']! * 100);
  assert.ok(last['57']! >= 1000, 'the demo company paid instalments');
  assert.equal(printed.instalments.julyCents, Math.round((last['57']! * 55) / 100) * 100);
  assert.equal(printed.instalments.decemberCents, Math.round((last['57']! * 40) / 100) * 100);
  const paid = (printed.instalments.julyCents + printed.instalments.decemberCents) / 100;
  assert.equal(printed.lines['30'], paid);
  assert.equal(printed.lines['33'], Math.max(want['28']! - paid, 0));
  assert.equal(printed.lines['34'], Math.max(paid - want['28']!, 0));

  // The lists: every held invoice with its id, number, reason and what it would change.
  assert.equal(printed.lists.held.length, printed.held);
  assert.ok(printed.lists.held.length > 0, 'the demo year has disputed or suspended invoices');
  for (const held of printed.lists.held) {
    assert.match(held.reason, /^(disputed|suspended)$/);
    assert.ok(Object.keys(held.wouldChange).length > 0, held.invoiceId);
  }
  assert.ok(printed.lists.leftOut.every((i) => i.invoiceId && i.reason));

  // The workbook: the form's sheet, whole euros beside the exact amount; the year's CA3 sheets.
  const book = readXlsx(out);
  const form = sheetNamed(book, 'Déclaration CA12');
  const row = (code: string) => form.rows.find((r) => r[0]?.v === code)!.map((c) => c.v);
  assert.deepEqual([row('08')[4], row('08')[5]], [Math.round(tax('08')), tax('08')]);
  assert.equal(row('28')[4], printed.lines['28']);
  assert.equal(row('33')[4], printed.lines['33']);
  assert.equal(row('21')[7], '20'); // the CA3 box it adds up
  // A non-taxable line is a base: in the base columns, no tax.
  const f2 = printed.lines['04'] as number;
  assert.deepEqual(row('04').slice(2, 6), [Math.round(f2), f2, null, null]);
  for (const name of ['Case 08', 'Attente et incomplètes', 'Écartées', 'Contrôle écritures'])
    assert.ok(sheetNamed(book, name), name);
});

test('report ca12 of a month: bad usage (exit 2), nothing written', async () => {
  const out = join(root, 'ca12-month.xlsx');
  const run = await runCli(
    ['report', 'ca12', '--connection', 'demo-admin', '--period', '2026-03', '--out', out],
    { dataDir, env: { INVOICE_DESK_LANG: 'fr' } },
  );
  assert.equal(run.code, 2);
  assert.match(run.stderr, /calendar year/);
  assert.equal(existsSync(out), false);
});
