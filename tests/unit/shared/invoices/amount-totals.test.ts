// The live screen's totals of the page shown: HT, TVA, TTC per currency, credit notes negative,
// rows the operator gave no amount for left out and counted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageTotals, pageTotalsBySide, signedAmount } from '#shared/invoices/amount-totals.ts';
import { searchItem, uuidOf } from '#support/archive-fixtures.ts';

test('a page sums per currency, credit notes (381) deducted, rows without amounts counted apart', () => {
  const noAmount = searchItem({ id: uuidOf(4) });
  delete noAmount.businessData;
  const chf = searchItem({ id: uuidOf(5), ttc: 50, ht: 50, tva: 0 });
  chf.businessData!.monetary!.invoiceAmount.currency = 'CHF';
  const totals = pageTotals([
    searchItem({ id: uuidOf(1), ttc: 120.1, ht: 100.1, tva: 20 }),
    searchItem({ id: uuidOf(2), ttc: 0.3, ht: 0.2, tva: 0.1 }),
    searchItem({ id: uuidOf(3), type: 381, ttc: 24, ht: 20, tva: 4 }),
    noAmount,
    chf,
  ]);
  assert.deepEqual(totals, {
    currencies: [
      { currency: 'EUR', count: 3, htCents: 8030, tvaCents: 1610, ttcCents: 9640 },
      { currency: 'CHF', count: 1, htCents: 5000, tvaCents: 0, ttcCents: 5000 },
    ],
    withoutAmount: 1,
  });
});

test('an empty page has no totals', () => {
  assert.deepEqual(pageTotals([]), { currencies: [], withoutAmount: 0 });
});

test('sales and purchases are summed apart, sales first, only the directions the page holds', () => {
  const sale = searchItem({ id: uuidOf(1), ttc: 120, ht: 100, tva: 20 });
  sale.metadata.direction = 'OUTBOUND';
  const purchase = searchItem({ id: uuidOf(2), ttc: 60, ht: 50, tva: 10 });
  purchase.metadata.direction = 'INBOUND';
  const credit = searchItem({ id: uuidOf(3), type: 381, ttc: 12, ht: 10, tva: 2 });
  credit.metadata.direction = 'INBOUND';
  assert.deepEqual(pageTotalsBySide([purchase, sale, credit]), [
    {
      direction: 'OUTBOUND',
      count: 1,
      currencies: [{ currency: 'EUR', count: 1, htCents: 10000, tvaCents: 2000, ttcCents: 12000 }],
    },
    {
      direction: 'INBOUND',
      count: 2,
      currencies: [{ currency: 'EUR', count: 2, htCents: 4000, tvaCents: 800, ttcCents: 4800 }],
    },
  ]);
  assert.deepEqual(
    pageTotalsBySide([purchase]).map((s) => s.direction),
    ['INBOUND'],
  );
});

test('one sign rule: a credit note negative, by its type code or its flag', () => {
  assert.equal(signedAmount(2065.16, '381'), -2065.16);
  assert.equal(signedAmount(-2065.16, 381), -2065.16);
  assert.equal(signedAmount(2065.16, '380'), 2065.16);
  assert.equal(signedAmount(2065.16, true), -2065.16);
  assert.equal(signedAmount(null, '381'), null);
  assert.equal(signedAmount(undefined, '381'), undefined);
});
