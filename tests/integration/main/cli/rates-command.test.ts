// `npm run cli -- rates import` (issue 26, item 3, finding 3): the ECB's rates file imported by a
// child process over its own data folder; a bad file refused whole (its lines and reasons), the
// previous rates kept; and a UK supplier's reverse-charged services invoice in GBP, left out of
// the CA3 before ("would change 0,00 €"), then filling A3, 08 and 20 at the imported rate of the
// day its VAT became due, its conversion listed with its source (`report ca3 --json` and the
// return computed from the same files).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { ratesPath } from '#main/services/rates/rates-file.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { toEuroCents } from '#main/services/tax/conversion.ts';
import { runCli } from '#support/cli.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { makeGbpPurchase } from '#support/gbp-purchase.ts';
import { reportSourceOf } from '#support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const OCTOBER = parsePeriod('2026-10');
let root: string;
let dataDir: string;
let gbpId: string;
let gbpDay: string;

// The ECB's file as published: newest first, trailing commas, N/A.
const ECB = [
  'Date,USD,JPY,GBP,',
  '2026-10-30,1.0601,160.10,0.87010,',
  '2026-10-16,1.0588,159.80,0.86620,',
  '2026-10-15,1.0575,159.20,0.86555,',
  '2026-10-01,1.0550,N/A,0.86401,',
  '',
].join('\n');

async function ca3(): Promise<Ca3Report> {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    return (await computeReport(reportSourceOf(archive), 'ca3', OCTOBER, {
      now: NOW,
    })) as Ca3Report;
  } finally {
    archive.close();
  }
}

const box = (r: Ca3Report, code: string) => r.boxes.find((b) => b.code === code)!;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'rates-cli-'));
  dataDir = join(root, 'data');
  fillDemoArchive(dataDir, 'demo-admin', { seed: 26, invoices: 1200, now: NOW });
  ({ id: gbpId, day: gbpDay } = makeGbpPurchase(dataDir, NOW, {
    from: '2026-10-14',
    to: '2026-10-20',
  }));
});
after(() => rmSync(root, { recursive: true, force: true }));

test('a GBP reverse-charge purchase fills A3, 08 and 20 at the imported ECB rate of its day', async () => {
  const before = await ca3();
  // Before any rate: left aside as a foreign currency, nothing counted.
  assert.ok(
    before.lacking.some((a) => a.invoiceId === gbpId && a.reason === 'foreign_currency'),
    'left aside without a rate',
  );
  assert.deepEqual(before.conversions, []);

  const file = join(root, 'eurofxref-hist.csv');
  writeFileSync(file, ECB);
  const run = await runCli(['rates', 'import', '--file', file, '--json'], { dataDir });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), {
    ok: true,
    file: 'eurofxref-hist.csv',
    from: '2026-10-01',
    to: '2026-10-30',
    days: 4,
    currencies: ['USD', 'JPY', 'GBP'],
  });

  const after = await ca3();
  const expected =
    gbpDay >= '2026-10-16'
      ? { rate: '0.86620', day: '2026-10-16' }
      : { rate: '0.86555', day: '2026-10-15' };
  assert.deepEqual(after.conversions, [
    {
      invoiceId: gbpId,
      currency: 'GBP',
      source: 'ecb',
      rate: expected.rate,
      rateDay: expected.day,
    },
  ]);
  assert.ok(!after.lacking.some((a) => a.invoiceId === gbpId), 'no longer aside');
  const base = toEuroCents(381_120, expected.rate);
  const tax = Math.round(base * 0.2);
  assert.equal(box(after, 'A3').amountCents - box(before, 'A3').amountCents, base);
  assert.equal(box(after, '08').baseCents! - box(before, '08').baseCents!, base);
  assert.equal(box(after, '08').amountCents - box(before, '08').amountCents, tax);
  assert.equal(box(after, '20').amountCents - box(before, '20').amountCents, tax);
  const a3 = box(after, 'A3').contributions.find((c) => c.invoiceId === gbpId);
  assert.equal(a3?.rule, 'reverse_charge_services');

  // The CLI's CA3 says the same.
  const printed = await runCli(
    [
      'report',
      'ca3',
      '--connection',
      'demo-admin',
      '--period',
      '2026-10',
      '--out',
      join(root, 'ca3.xlsx'),
      '--json',
    ],
    { dataDir },
  );
  assert.equal(printed.code, 0, printed.stderr);
  const boxes = (JSON.parse(printed.stdout) as { boxes: Record<string, number> }).boxes;
  assert.equal(boxes.A3, box(after, 'A3').amountCents / 100);
});

test('a bad file is refused whole with its lines and reasons; the rates imported before stay', async () => {
  const kept = readFileSync(ratesPath(dataDir), 'utf8');
  const file = join(root, 'bad.csv');
  writeFileSync(
    file,
    'Date,USD,GBP,\n2026-11-20,1.05,0.87,\n2026-11-31,1.05,0.87,\n2026-11-19,1.05,abc,\n',
  );
  const run = await runCli(['rates', 'import', '--file', file], { dataDir });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /nothing was imported/);
  assert.match(run.stderr, /line 3: "2026-11-31" is not a day/);
  assert.match(run.stderr, /line 4: GBP: "abc" is not a rate/);
  assert.equal(readFileSync(ratesPath(dataDir), 'utf8'), kept);

  const missing = await runCli(['rates', 'import', '--file', join(root, 'none.csv')], { dataDir });
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^not_found: There is no file/m);
  const usage = await runCli(['rates', 'import'], { dataDir });
  assert.equal(usage.code, 2);
});

test('rates set: the accountant’s rate where the ECB published none for the currency', async () => {
  // Rates without GBP: the invoice waits again, then the typed rate converts it.
  const file = join(root, 'usd-only.csv');
  writeFileSync(file, 'Date,USD,\n2026-10-01,1.0550,\n');
  assert.equal((await runCli(['rates', 'import', '--file', file], { dataDir })).code, 0);
  assert.ok(
    (await ca3()).lacking.some((a) => a.invoiceId === gbpId && a.reason === 'foreign_currency'),
  );
  const set = await runCli(
    ['rates', 'set', '--connection', 'demo-admin', '--invoice', gbpId, '--rate', '0,85', '--json'],
    { dataDir },
  );
  assert.equal(set.code, 0, set.stderr);
  assert.deepEqual((JSON.parse(set.stdout) as { currency: string; rate: string }).rate, '0.85');
  const typed = await ca3();
  assert.deepEqual(typed.conversions, [
    { invoiceId: gbpId, currency: 'GBP', source: 'typed', rate: '0.85', rateDay: null },
  ]);
  assert.equal(
    box(typed, 'A3').contributions.find((c) => c.invoiceId === gbpId)?.baseCents,
    toEuroCents(381_120, '0.85'),
  );
  const bad = await runCli(
    ['rates', 'set', '--connection', 'demo-admin', '--invoice', gbpId, '--rate', '0'],
    { dataDir },
  );
  assert.equal(bad.code, 2);
  const cleared = await runCli(
    ['rates', 'set', '--connection', 'demo-admin', '--invoice', gbpId, '--clear'],
    { dataDir },
  );
  assert.equal(cleared.code, 0, cleared.stderr);
  assert.deepEqual((await ca3()).conversions, []);
});
