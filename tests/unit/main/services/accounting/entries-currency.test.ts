// Currencies in the entries (issue 26, item 3): an invoice in another currency is booked in euros
// at the rate the CA3 converts it at, from the same source (its BT-111, else the ECB's rate of the
// day its VAT became due, else the rate typed), so that a GBP reverse-charge purchase fills A3 /
// 08 / 20 and the entries' 4452 / 445662 with the same euros, and the CA3's check against the
// entries agrees. Before, the entries left it out ("another currency") and the check differed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import { monthPeriod } from '#shared/report-period.ts';
import type { Ca3Row } from '#main/services/archive/ports.ts';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#main/services/accounting/settings.ts';
import { buildLedger } from '#main/services/accounting/ledger.ts';
import { computeCa3Report } from '#main/services/reports/ca3.ts';
import { parseEcbCsv } from '#main/services/rates/ecb-csv.ts';
import type { ConversionInputs } from '#main/services/tax/conversion.ts';
import { accountingRow, standInChooser, type InvoiceSpec } from '#support/accounting-fixtures.ts';
import { NO_COVERAGE } from '#support/report-fixtures.ts';

const NOVEMBER = monthPeriod(2026, 11);
const parsed = parseEcbCsv('Date,GBP,USD,\n2026-11-20,0.86620,1.0512,\n2026-11-16,0.86401,N/A,\n');
assert.ok(parsed.ok);
const RATES: ConversionInputs = { rates: parsed.rates, typed: new Map() };

/** A UK supplier's reverse-charged software invoice: 3 811,20 £, no VAT on it, dated the 22nd
 * (a Sunday: the ECB's rate of Friday the 20th, 0.86620 £ per €). */
const UK_SOFTWARE: InvoiceSpec = {
  n: 1,
  direction: 'INBOUND',
  processType: 'S1',
  invoiceDate: '2026-11-22',
  currency: 'GBP',
  sellerCountry: 'GB',
  sellerVat: 'GB123456789',
  partySiren: null,
  partyName: 'UK Software Ltd',
  rates: [{ category: 'AE', percent: 20, base: 3811.2, vat: 0 }],
};

const row = (spec: InvoiceSpec): Ca3Row => ({ ...accountingRow(spec), deliveryDate: null });
const context = {
  period: NOVEMBER,
  settings: DEFAULT_ACCOUNTING_SETTINGS,
  chooser: standInChooser(),
  company: { siren: '552100554', name: 'Notre Société SAS' },
  coverage: NO_COVERAGE,
  now: new Date('2026-12-01T10:00:00Z'),
};

function ca3(currency?: ConversionInputs): Ca3Report {
  return computeCa3Report([row(UK_SOFTWARE)], {
    ...context,
    carriedCreditCents: 0,
    ...(currency ? { currency } : {}),
  });
}

const amountOf = (report: Ca3Report, code: string) =>
  report.boxes.find((b) => b.code === code)?.amountCents ?? 0;

test('a GBP reverse-charge purchase: the entries in euros at the CA3’s ECB rate', () => {
  const ledger = buildLedger([row(UK_SOFTWARE)], { ...context, currency: RATES });
  assert.deepEqual(ledger.leftOut, []);
  const [entry] = ledger.entries;
  assert.ok(entry, 'posted');
  // 3 811,20 £ / 0.86620 = 4 399,91 €; VAT self-assessed at 20 %: 879,98 €, due and deducted.
  const by = (account: string) => entry.lines.find((l) => l.account === account);
  assert.equal(entry.lines.find((l) => l.account.startsWith('6'))?.debitCents, 439_991);
  const debit = entry.lines.reduce((s, l) => s + l.debitCents, 0);
  const credit = entry.lines.reduce((s, l) => s + l.creditCents, 0);
  assert.equal(debit, credit);
  const supplier = entry.lines.find((l) => l.auxiliary !== null);
  assert.equal(supplier?.creditCents, 439_991);
  assert.equal(by(DEFAULT_ACCOUNTING_SETTINGS.accounts.vatReverseChargeDue)?.creditCents, 87_998);
  assert.equal(
    by(DEFAULT_ACCOUNTING_SETTINGS.accounts.vatReverseChargeDeductible)?.debitCents,
    87_998,
  );
});

test('the CA3 fills A3 / 08 / 20 at the same rate, and its check against the entries agrees', () => {
  const report = ca3(RATES);
  assert.equal(amountOf(report, 'A3'), 439_991);
  assert.equal(amountOf(report, '08'), 87_998);
  assert.equal(amountOf(report, '20'), 87_998);
  assert.equal(report.reconciliation.collectedEntriesCents, 87_998);
  assert.equal(report.reconciliation.deductibleEntriesCents, 87_998);
  assert.equal(report.reconciliation.differenceCents, 0);
  assert.deepEqual(report.reconciliation.explanations, []);
});

test('a typed rate where the ECB has none: the entries follow it too', () => {
  const id = accountingRow(UK_SOFTWARE).row.invoiceId;
  const typed = new Map([[id, { currency: 'GBP', rate: '0.85', typedAt: '2026-12-01T09:00:00Z' }]]);
  const report = ca3({ rates: null, typed });
  // 3 811,20 £ / 0.85 = 4 483,76 €.
  assert.equal(amountOf(report, 'A3'), 448_376);
  assert.equal(report.reconciliation.differenceCents, 0);
});
