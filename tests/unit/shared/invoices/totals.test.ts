import { test } from 'node:test';
import assert from 'node:assert/strict';
import { totalLines } from '#shared/invoices/totals.ts';
import frInvoices from '#shared/i18n/fr/invoices.ts';

test('the required totals only, in reading order, the two that matter marked', () => {
  const lines = totalLines({
    invoiceCurrency: 'EUR',
    invoiceAmount: { amount: 120 },
    taxBasisTotalAmount: { amount: 100 },
    taxTotalAmount: { amount: 20, currency: 'EUR' },
    payableAmount: { amount: 120 },
  });
  assert.deepEqual(lines, [
    { key: 'totalExclVat', amount: 100, currency: 'EUR' },
    { key: 'totalVat', amount: 20, currency: 'EUR' },
    { key: 'totalInclVat', amount: 120, currency: 'EUR', emphasis: 'total' },
    { key: 'payable', amount: 120, currency: 'EUR', emphasis: 'payable' },
  ]);
});

test('discounts and prepaid amounts are negatives; each amount keeps its own currency', () => {
  const lines = totalLines({
    invoiceCurrency: 'USD',
    taxCurrency: 'EUR',
    lineTotalAmount: { amount: 110 },
    allowanceTotalAmount: { amount: 15 },
    chargeTotalAmount: { amount: 5 },
    taxBasisTotalAmount: { amount: 100 },
    taxTotalAmount: { amount: 20, currency: 'USD' },
    taxTotalAmountAccounting: { amount: 18.5 },
    invoiceAmount: { amount: 120 },
    prepaidTotalAmount: { amount: -50 },
    roundingAmount: { amount: 0.01 },
    payableAmount: { amount: 70.01 },
  });
  assert.deepEqual(
    lines.map((l) => [l.key, l.amount, l.currency]),
    [
      ['lineTotal', 110, 'USD'],
      ['allowanceTotal', -15, 'USD'],
      ['chargeTotal', 5, 'USD'],
      ['totalExclVat', 100, 'USD'],
      ['totalVat', 20, 'USD'],
      ['totalVatAccounting', 18.5, 'EUR'],
      ['totalInclVat', 120, 'USD'],
      ['prepaid', -50, 'USD'],
      ['rounding', 0.01, 'USD'],
      ['payable', 70.01, 'USD'],
    ],
  );
  for (const line of lines) assert.ok(frInvoices.detail[line.key], `a name for ${line.key}`);
});
