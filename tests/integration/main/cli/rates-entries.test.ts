// Currencies in the entries (issue 26, item 3), on the demo data with real files: after `rates
// import` (a child process), a UK supplier's reverse-charged invoice in GBP is booked in euros
// at the CA3's rate, of the same day and source: the ledger Comptabilité shows (the accounting
// service over the archive and user-data files) credits 4452 and debits 445662 with the VAT the
// CA3 puts in 08 and 20, and neither the CA3's check nor the Contrôle TVA finds a difference
// between the return and the entries for it. Before, the entries left it out.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import type { VatCheck } from '#shared/vat-check.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#main/services/accounting/settings.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { toEuroCents } from '#main/services/tax/conversion.ts';
import { runCli } from '#support/cli.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { makeGbpPurchase } from '#support/gbp-purchase.ts';
import { reportSourceOf } from '#support/report-source.ts';
import { Archives } from '#main/services/archive/archives.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const OCTOBER = parsePeriod('2026-10');
const ECB = [
  'Date,USD,JPY,GBP,',
  '2026-10-30,1.0601,160.10,0.87010,',
  '2026-10-16,1.0588,159.80,0.86620,',
  '2026-10-15,1.0575,159.20,0.86555,',
  '2026-10-01,1.0550,N/A,0.86401,',
  '',
].join('\n');

let root: string;
let dataDir: string;
let gbp: { id: string; day: string };

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'rates-entries-'));
  dataDir = join(root, 'data');
  fillDemoArchive(dataDir, 'demo-admin', { seed: 26, invoices: 1200, now: NOW });
  gbp = makeGbpPurchase(dataDir, NOW, { from: '2026-10-14', to: '2026-10-20' });
  const file = join(root, 'eurofxref-hist.csv');
  writeFileSync(file, ECB);
  const run = await runCli(['rates', 'import', '--file', file, '--json'], { dataDir });
  assert.equal(run.code, 0, run.stderr);
});
after(() => rmSync(root, { recursive: true, force: true }));

async function reportOf<T>(kind: 'ca3' | 'vatCheck'): Promise<T> {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    return (await computeReport(reportSourceOf(archive), kind, OCTOBER, { now: NOW })) as T;
  } finally {
    archive.close();
  }
}

test('the ledger books the GBP purchase at the CA3’s ECB rate; the return and the entries agree on it', async () => {
  const ca3 = await reportOf<Ca3Report>('ca3');
  const conversion = ca3.conversions?.find((c) => c.invoiceId === gbp.id);
  assert.equal(conversion?.source, 'ecb');
  const base = toEuroCents(381_120, conversion!.rate!);
  const tax = Math.round(base * 0.2);
  const part = (code: string) =>
    ca3.boxes.find((b) => b.code === code)!.contributions.find((c) => c.invoiceId === gbp.id);
  assert.equal(part('A3')?.baseCents, base);
  assert.equal(part('08')?.taxCents, tax);
  assert.equal(part('20')?.taxCents, tax);
  // The CA3's check: no gap for it.
  assert.ok(!ca3.reconciliation.explanations.some((e) => e.invoiceId === gbp.id));

  // Comptabilité's ledger over the same files (the accounting service, as the app opens them).
  const archives = new Archives({ dataDir, log: { info() {}, warn() {}, error() {} } });
  try {
    const service = createAccountingService({ archives, now: () => NOW });
    const ledger = await service.ledger('demo-admin', OCTOBER);
    assert.ok(!ledger.leftOut.some((a) => a.invoiceId === gbp.id), 'no longer left out');
    const entry = ledger.entries.find((e) => e.invoiceId === gbp.id && e.kind === 'invoice');
    assert.ok(entry, 'booked');
    const { accounts } = DEFAULT_ACCOUNTING_SETTINGS;
    const line = (account: string) => entry.lines.find((l) => l.account === account);
    assert.equal(line(accounts.vatReverseChargeDue)?.creditCents, tax);
    assert.equal(line(accounts.vatReverseChargeDeductible)?.debitCents, tax);
    assert.equal(entry.lines.find((l) => l.auxiliary !== null)?.creditCents, base);
  } finally {
    await archives.close();
  }

  // The Contrôle TVA: the CA3 and the entries count it alike.
  const check = await reportOf<VatCheck>('vatCheck');
  const difference = check.differences.find((d) => d.invoiceId === gbp.id);
  if (difference) assert.deepEqual(difference.entries, difference.ca3);
});
