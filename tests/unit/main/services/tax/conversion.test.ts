// An invoice in another currency in euros (issue 26, item 3): its own euro VAT (BT-111) first,
// else the ECB's rate of the day its VAT became due (or the latest earlier), else the rate the
// accountant typed; each conversion says its source; none known: left out as foreign_currency.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AccountingFacts } from '#main/services/archive/ports.ts';
import { parseEcbCsv } from '#main/services/rates/ecb-csv.ts';
import { toEuroCents, totalsInEuros } from '#main/services/tax/conversion.ts';

const parsed = parseEcbCsv('Date,GBP,USD,\n2026-11-20,0.86620,1.0512,\n2026-11-16,0.86401,N/A,\n');
assert.ok(parsed.ok);
const rates = parsed.rates;

/** A UK supplier's reverse-charged software invoice: 3 811,20 £, no VAT on it. */
function gbpInvoice(over: Partial<AccountingFacts> = {}): AccountingFacts {
  return {
    processType: null,
    taxPaymentCode: null,
    taxPaymentIop: null,
    currency: 'GBP',
    invoiceAmount: 3811.2,
    taxBasisTotal: 3811.2,
    taxTotal: 0,
    taxTotalAccounting: 0,
    taxDetails: [
      {
        categoryCode: 'AE',
        percent: 20,
        taxableAmount: { amount: 3811.2 },
        taxAmount: { amount: 0 },
      },
    ],
    sellerCountry: 'GB',
    buyerCountry: 'FR',
    accountingCostId: null,
    ...over,
  } as AccountingFacts;
}

test('cents at a rate per euro: exact decimals, half away from zero', () => {
  assert.equal(toEuroCents(381_120, '0.86620'), 439_991); // 3 811,20 £ / 0.8662 = 4 399,907…
  assert.equal(toEuroCents(2_675_260, '0.86620'), 3_088_502); // 26 752,60 £ = 30 885,015… €
  assert.equal(toEuroCents(-381_120, '0.86620'), -439_991);
  assert.equal(toEuroCents(100, '2'), 50);
  assert.equal(toEuroCents(1, '2'), 1); // 0,5 cent rounds away from zero
  assert.equal(toEuroCents(0, '1.5'), 0);
  assert.throws(() => toEuroCents(100, '0'), RangeError);
  assert.throws(() => toEuroCents(100, '1,5'), RangeError);
});

test('the ECB rate of the day VAT became due, or of the latest earlier published day', () => {
  const due = totalsInEuros(
    gbpInvoice(),
    { invoiceId: 'a', dueDay: '2026-11-22' },
    { rates, typed: new Map() },
  );
  assert.deepEqual(due.conversion, {
    currency: 'GBP',
    source: 'ecb',
    rate: '0.86620',
    rateDay: '2026-11-20',
  });
  assert.ok(due.checked.ok);
  assert.deepEqual(
    due.checked.lines.map((l) => [l.category, l.bp, l.taxable, l.tax]),
    [['AE', 2000, 439_991, 0]],
  );
  assert.equal(due.checked.ttc, 439_991);
  const earlier = totalsInEuros(
    gbpInvoice(),
    { invoiceId: 'a', dueDay: '2026-11-18' },
    { rates, typed: new Map() },
  );
  assert.equal(earlier.conversion?.rateDay, '2026-11-16');
});

test('the invoice’s own euro VAT comes first; a typed rate only where the ECB has none', () => {
  // A taxed GBP invoice that gives its VAT in euros: that rate, not the ECB's.
  const taxed = gbpInvoice({
    invoiceAmount: 1200,
    taxBasisTotal: 1000,
    taxTotal: 200,
    taxTotalAccounting: 230.5,
    taxDetails: [
      {
        categoryCode: 'S',
        percent: 20,
        taxableAmount: { amount: 1000 },
        taxAmount: { amount: 200 },
      },
    ],
  });
  const own = totalsInEuros(
    taxed,
    { invoiceId: 'b', dueDay: '2026-11-20' },
    { rates, typed: new Map() },
  );
  assert.equal(own.conversion?.source, 'invoice');
  assert.ok(own.checked.ok && own.checked.lines[0]!.tax === 23_050);

  const typed = new Map([
    ['c', { currency: 'GBP', rate: '0.85', typedAt: '2026-11-25T10:00:00Z' }],
  ]);
  const before = totalsInEuros(
    gbpInvoice(),
    { invoiceId: 'c', dueDay: '2026-11-01' },
    { rates, typed },
  );
  assert.deepEqual(before.conversion, {
    currency: 'GBP',
    source: 'typed',
    rate: '0.85',
    rateDay: null,
  });
  assert.ok(before.checked.ok && before.checked.lines[0]!.taxable === 448_376);
  // A typed rate of another currency is not used.
  const usdTyped = new Map([
    ['c', { currency: 'USD', rate: '1.05', typedAt: '2026-11-25T10:00:00Z' }],
  ]);
  const none = totalsInEuros(
    gbpInvoice(),
    { invoiceId: 'c', dueDay: '2026-11-01' },
    { rates, typed: usdTyped },
  );
  assert.equal(none.conversion, null);
  assert.ok(!none.checked.ok && none.checked.reason === 'foreign_currency');
  assert.match(none.checked.detail ?? '', /aucun taux BCE au 2026-11-01/);
});

test('an invoice in euros is not converted; bad totals stay refused whatever the rate', () => {
  const eur = totalsInEuros(
    gbpInvoice({ currency: 'EUR' }),
    { invoiceId: 'd', dueDay: '2026-11-20' },
    { rates, typed: new Map() },
  );
  assert.equal(eur.conversion, null);
  assert.ok(eur.checked.ok && eur.checked.lines[0]!.taxable === 381_120);
  const wrong = totalsInEuros(
    gbpInvoice({ invoiceAmount: 4000 }),
    { invoiceId: 'e', dueDay: '2026-11-20' },
    { rates, typed: new Map() },
  );
  assert.ok(!wrong.checked.ok && wrong.checked.reason === 'totals_mismatch');
});
