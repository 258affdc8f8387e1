// The CA3 draft (issue 18), box by box (docs: accounting.md "The CA3 return"): each box's rule on
// hand-made invoices, in cents, and the check against the entries of the same invoices.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Ca3BoxCode, Ca3Report } from '#shared/ca3.ts';
import { customPeriod, monthPeriod, quarterPeriod, yearPeriod } from '#shared/report-period.ts';
import type { AccountingSettings } from '#shared/accounting.ts';
import type { Ca3Row } from '#main/services/archive/ports.ts';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#main/services/accounting/settings.ts';
import { computeCa3Report, type Ca3Context } from '#main/services/reports/ca3.ts';
import { accountingRow, standInChooser, type InvoiceSpec } from '#support/accounting-fixtures.ts';
import { NO_COVERAGE } from '#support/report-fixtures.ts';
import { frenchExplanation } from '#support/ca3-words.ts';

const OCTOBER = monthPeriod(2026, 10);
const FIXED_ASSET_SUPPLIER = '732829320'; // the fixtures' supplier SIREN

type Spec = InvoiceSpec & { delivery?: string };

function row(spec: Spec): Ca3Row {
  const { delivery, ...rest } = spec;
  return { ...accountingRow(rest), deliveryDate: delivery ?? null };
}

function ca3(specs: Spec[], over: Partial<Ca3Context> = {}): Ca3Report {
  return computeCa3Report(
    specs.map((s, i) => row({ n: i + 1, ...s })),
    {
      period: OCTOBER,
      settings: DEFAULT_ACCOUNTING_SETTINGS,
      chooser: standInChooser(),
      carriedCreditCents: 0,
      company: { siren: '552100554', name: 'Notre Société SAS' },
      coverage: NO_COVERAGE,
      now: new Date('2026-11-20T10:00:00Z'),
      ...over,
    },
  );
}

function box(report: Ca3Report, code: Ca3BoxCode) {
  const found = report.boxes.find((b) => b.code === code);
  assert.ok(found, `box ${code}`);
  return found;
}

/** Every box with an amount, as { code: cents } (rate lines: "code:base" too). */
function amounts(report: Ca3Report): Record<string, number> {
  const out: Record<string, number> = {};
  for (const b of report.boxes) {
    if (b.amountCents !== 0) out[b.code] = b.amountCents;
    if (b.baseCents) out[`${b.code}:base`] = b.baseCents;
  }
  return out;
}

const SALE: Spec = { direction: 'OUTBOUND', processType: 'B1' };
const PURCHASE: Spec = { direction: 'INBOUND', processType: 'B1' };

describe('sales: A1 and the rate lines', () => {
  test('each French rate on its line, 2.1 % on T6 (never 10 / 11); 16 their total', () => {
    const report = ca3([
      {
        ...SALE,
        rates: [
          { category: 'S', percent: 20, base: 1000, vat: 200 },
          { category: 'S', percent: 10, base: 100, vat: 10 },
          { category: 'S', percent: 5.5, base: 200, vat: 11 },
          { category: 'S', percent: 2.1, base: 100, vat: 2.1 },
        ],
      },
    ]);
    assert.deepEqual(amounts(report), {
      A1: 140_000,
      '08': 20_000,
      '08:base': 100_000,
      '9B': 1_000,
      '9B:base': 10_000,
      '09': 1_100,
      '09:base': 20_000,
      T6: 210,
      'T6:base': 10_000,
      // The form adds its rounded boxes: 200 + 10 + 11 + 2 €.
      '16': 22_300,
      TD: 22_300,
      '28': 22_300,
    });
    assert.equal(box(report, 'T6').contributions[0]?.rule, 'sale_taxable');
    assert.equal(
      report.boxes.some((b) => (b.code as string) === '10'),
      false,
    );
  });

  test('a credit note reduces the boxes its invoice fills', () => {
    const report = ca3([
      { ...SALE, rates: [{ category: 'S', percent: 20, base: 1000, vat: 200 }] },
      { ...SALE, type: '381', rates: [{ category: 'S', percent: 20, base: 100, vat: 20 }] },
    ]);
    assert.equal(box(report, 'A1').amountCents, 90_000);
    assert.equal(box(report, '08').amountCents, 18_000);
    const credit = box(report, '08').contributions.find((c) => c.creditNote);
    assert.equal(credit?.rule, 'credit_note');
    assert.equal(credit?.taxCents, -2_000);
    assert.equal(credit?.baseCents, -10_000);
  });

  test('K → F2, G → E1, other exempt or reverse-charged sales → E2; no VAT on them', () => {
    const report = ca3([
      { ...SALE, buyerCountry: 'DE', rates: [{ category: 'K', percent: 0, base: 500, vat: 0 }] },
      { ...SALE, buyerCountry: 'US', rates: [{ category: 'G', percent: 0, base: 300, vat: 0 }] },
      { ...SALE, rates: [{ category: 'E', percent: 0, base: 100, vat: 0 }] },
      {
        ...SALE,
        processType: 'S1',
        buyerCountry: 'BE',
        rates: [{ category: 'AE', percent: 0, base: 50, vat: 0 }],
      },
    ]);
    assert.deepEqual(amounts(report), { F2: 50_000, E1: 30_000, E2: 15_000 });
    assert.deepEqual(
      box(report, 'E2').contributions.map((c) => c.rule),
      ['sale_exempt', 'sale_exempt'],
    );
    assert.equal(box(report, 'F2').contributions[0]?.rule, 'sale_intra_eu');
    assert.equal(box(report, 'E1').contributions[0]?.rule, 'sale_export');
  });
});

describe('the day VAT is due (Paris time, VAT on payment, delivery)', () => {
  test('VAT on payment counts in the period of its 212 status, by its day in Paris', () => {
    const onPayment: Spec = { ...SALE, processType: 'S1', taxCode: 72 };
    // Dated in September, collected on 1 October in Paris (22:30 UTC on 30 September).
    const collectedEdge = {
      ...onPayment,
      invoiceDate: '2026-09-10',
      code: '212',
      statusDate: '2026-09-30T22:30:00Z',
    };
    // Dated in October, collected at 22:30 UTC on 31 October = 1 November in Paris: not due.
    const collectedLate = {
      ...onPayment,
      invoiceDate: '2026-10-05',
      code: '212',
      statusDate: '2026-10-31T23:30:00Z',
    };
    // Dated in October, not collected: not due.
    const notCollected = { ...onPayment, invoiceDate: '2026-10-06' };
    const report = ca3([collectedEdge, collectedLate, notCollected]);
    const contributions = box(report, '08').contributions;
    assert.deepEqual(
      contributions.map((c) => [c.invoiceDate, c.dueDay, c.rule]),
      [['2026-09-10', '2026-10-01', 'sale_vat_on_payment']],
    );
    assert.equal(box(report, 'A1').amountCents, 10_000);
    // September's return does not count the edge one (its 212 day is in October).
    const september = ca3([collectedEdge], { period: monthPeriod(2026, 9) });
    assert.equal(box(september, '08').amountCents, 0);
  });

  test('an invoice dated on the last day of the month counts in that month only', () => {
    const report = ca3([
      { ...SALE, invoiceDate: '2026-10-31' },
      { ...SALE, invoiceDate: '2026-11-01' },
      { ...SALE, invoiceDate: '2026-09-30' },
    ]);
    assert.deepEqual(
      box(report, '08').contributions.map((c) => c.invoiceDate),
      ['2026-10-31'],
    );
  });

  test('VAT due on delivery counts in the period of its delivery day', () => {
    const onDelivery: Spec = { ...SALE, taxCode: 29 };
    const report = ca3([
      { ...onDelivery, invoiceDate: '2026-11-03', delivery: '2026-10-28' }, // due in October
      { ...onDelivery, invoiceDate: '2026-10-02', delivery: '2026-09-25' }, // due in September
      { ...onDelivery, invoiceDate: '2026-10-10' }, // no delivery day: its invoice date
    ]);
    assert.deepEqual(
      box(report, '08').contributions.map((c) => [c.invoiceDate, c.dueDay]),
      [
        ['2026-10-10', '2026-10-10'],
        ['2026-11-03', '2026-10-28'],
      ],
    );
  });

  test('deductible VAT on payment: the period of its 212 status', () => {
    const report = ca3([
      {
        ...PURCHASE,
        processType: 'S1',
        taxCode: 72,
        invoiceDate: '2026-08-20',
        code: '212',
        statusDate: '2026-10-02T08:00:00Z',
      },
    ]);
    assert.equal(box(report, '20').amountCents, 2_000);
    assert.equal(box(report, '20').contributions[0]?.rule, 'purchase_deductible_on_payment');
  });
});

describe('purchases: deductible VAT and fixed assets', () => {
  test('20 on goods and services, 19 on a supplier whose account is 2xx', () => {
    const report = ca3(
      [
        { ...PURCHASE, rates: [{ category: 'S', percent: 20, base: 500, vat: 100 }] },
        {
          ...PURCHASE,
          partyName: 'Machines Outils SA',
          partySiren: FIXED_ASSET_SUPPLIER,
          rates: [{ category: 'S', percent: 20, base: 10_000, vat: 2_000 }],
        },
      ].map((s, i) => (i === 0 ? { ...s, partySiren: '443061841' } : s)),
      { chooser: standInChooser({ [FIXED_ASSET_SUPPLIER]: { account: '218300' } }) },
    );
    assert.equal(box(report, '20').amountCents, 10_000);
    assert.equal(box(report, '19').amountCents, 200_000);
    assert.equal(box(report, '19').contributions[0]?.rule, 'purchase_fixed_asset');
    assert.equal(box(report, '23').amountCents, 210_000);
    assert.equal(box(report, '25').amountCents, 210_000);
    assert.equal(box(report, '27').amountCents, 210_000);
    assert.equal(box(report, 'TD').amountCents, 0);
  });

  test('a purchase credit note reduces 20', () => {
    const report = ca3([
      { ...PURCHASE },
      { ...PURCHASE, type: '381', rates: [{ category: 'S', percent: 20, base: 50, vat: 10 }] },
    ]);
    assert.equal(box(report, '20').amountCents, 1_000);
  });

  test('line 22 as entered: in 23, and the result is TD or 25', () => {
    const report = ca3(
      [{ ...SALE, rates: [{ category: 'S', percent: 20, base: 1000, vat: 200 }] }],
      { carriedCreditCents: 5_000 },
    );
    assert.equal(box(report, '22').amountCents, 5_000);
    assert.equal(box(report, '23').amountCents, 5_000);
    assert.equal(box(report, 'TD').amountCents, 15_000);
    assert.equal(box(report, '28').amountCents, 15_000);
    assert.equal(box(report, '25').amountCents, 0);
    assert.equal(report.carriedCreditCents, 5_000);
  });
});

describe('reverse charge: self-assessed at the French rate, on both sides', () => {
  test('services from an EU supplier: A3, 08 and 20 (the line rate given)', () => {
    const report = ca3([
      {
        ...PURCHASE,
        processType: 'S1',
        sellerCountry: 'DE',
        sellerVat: 'DE123456789',
        partySiren: null,
        rates: [{ category: 'AE', percent: 20, base: 1000, vat: 0 }],
      },
    ]);
    assert.deepEqual(amounts(report), {
      A3: 100_000,
      '08': 20_000,
      '08:base': 100_000,
      '16': 20_000,
      '20': 20_000,
      '23': 20_000,
    });
    assert.equal(box(report, 'A3').contributions[0]?.rule, 'reverse_charge_services');
  });

  test('goods from an EU supplier: B2, the rate line, 17 and 20; the settings rate when none', () => {
    const settings: AccountingSettings = {
      ...DEFAULT_ACCOUNTING_SETTINGS,
      reverseChargeRateBp: 1000,
    };
    const report = ca3(
      [
        {
          ...PURCHASE,
          sellerCountry: 'IT',
          sellerVat: 'IT12345678901',
          partySiren: null,
          rates: [{ category: 'K', base: 400, vat: 0 }],
        },
      ],
      { settings },
    );
    assert.deepEqual(amounts(report), {
      B2: 40_000,
      '9B': 4_000,
      '9B:base': 40_000,
      '16': 4_000,
      '17': 4_000,
      '20': 4_000,
      '23': 4_000,
    });
    assert.equal(box(report, '17').contributions[0]?.rule, 'reverse_charge_intra_eu_goods');
  });

  test('goods from outside the EU: B4; a fixed asset from abroad: its deductible side in 19', () => {
    const report = ca3(
      [
        {
          ...PURCHASE,
          sellerCountry: 'US',
          sellerVat: null,
          partySiren: null,
          partyName: 'Acme Inc',
          rates: [{ category: 'AE', percent: 0, base: 100, vat: 0 }],
        },
      ],
      { chooser: standInChooser({ 'NAME:ACME': { account: '215400' } }) },
    );
    assert.equal(box(report, 'B4').amountCents, 10_000);
    assert.equal(box(report, 'B4').contributions[0]?.rule, 'reverse_charge_other');
    assert.equal(box(report, '08').amountCents, 2_000);
    assert.equal(box(report, '19').amountCents, 2_000);
    assert.equal(box(report, '20').amountCents, 0);
    assert.equal(box(report, '17').amountCents, 0);
    assert.equal(box(report, 'TD').amountCents, 0);
  });

  test('a French subcontractor’s reverse charge (art. 283-2 nonies): A2, due by its own BT-8', () => {
    const subcontracting: Spec = {
      ...PURCHASE,
      processType: 'S5',
      taxCode: 72, // services: VAT due on payment
      rates: [{ category: 'AE', percent: 20, base: 1000, vat: 0 }],
    };
    const report = ca3([
      // Paid (212) in October: due in October, though dated in September.
      {
        ...subcontracting,
        invoiceDate: '2026-09-20',
        code: '212',
        statusDate: '2026-10-03T09:00:00Z',
      },
      // Dated in October, not paid yet: not due.
      { ...subcontracting, invoiceDate: '2026-10-10', number: 'F-UNPAID' },
    ]);
    assert.deepEqual(amounts(report), {
      A2: 100_000,
      '08': 20_000,
      '08:base': 100_000,
      '16': 20_000,
      '20': 20_000,
      '23': 20_000,
    });
    assert.deepEqual(
      box(report, 'A2').contributions.map((c) => [c.rule, c.dueDay]),
      [['reverse_charge_domestic', '2026-10-03']],
    );
    assert.equal(box(report, 'B4').amountCents, 0);
    // The entries self-assess both on their invoice dates: each gap explained.
    assert.equal(report.reconciliation.explanations.length, 2);
    assert.deepEqual(report.reconciliation.explanations.map((e) => e.reason).sort(), [
      'due_inside',
      'reverse_charge_unpaid',
    ]);
    assert.match(
      report.reconciliation.explanations.map(frenchExplanation).join('\n'),
      /F-UNPAID.*pas encore encaissée/,
    );
  });

  test('goods between member states: the 15th of the month after the delivery, or the invoice date if earlier', () => {
    const report = ca3([
      // Delivered 20 September, invoiced 20 October: due 15 October (F2 in October).
      {
        ...SALE,
        taxCode: 29,
        buyerCountry: 'DE',
        invoiceDate: '2026-10-20',
        delivery: '2026-09-20',
        rates: [{ category: 'K', percent: 0, base: 500, vat: 0 }],
      },
      // Delivered 25 October, invoiced 28 October: the invoice date.
      {
        ...SALE,
        taxCode: 29,
        buyerCountry: 'DE',
        invoiceDate: '2026-10-28',
        delivery: '2026-10-25',
        rates: [{ category: 'K', percent: 0, base: 100, vat: 0 }],
      },
      // Delivered 25 September, invoiced 3 November: due 15 October, in neither month's dates.
      {
        ...SALE,
        taxCode: 29,
        buyerCountry: 'DE',
        invoiceDate: '2026-11-03',
        delivery: '2026-09-25',
        number: 'F-LATE',
        rates: [{ category: 'K', percent: 0, base: 30, vat: 0 }],
      },
      // Delivered 30 August, invoiced 2 October: due 15 September, not October.
      {
        ...SALE,
        taxCode: 29,
        buyerCountry: 'DE',
        invoiceDate: '2026-10-02',
        delivery: '2026-08-30',
        rates: [{ category: 'K', percent: 0, base: 70, vat: 0 }],
      },
      // An acquisition from Spain delivered 29 September, invoiced 30 October: due 15 October.
      {
        ...PURCHASE,
        taxCode: 29,
        sellerCountry: 'ES',
        sellerVat: 'ESX1234567X',
        partySiren: null,
        invoiceDate: '2026-10-30',
        delivery: '2026-09-29',
        rates: [{ category: 'K', percent: 20, base: 200, vat: 0 }],
      },
    ]);
    assert.deepEqual(
      box(report, 'F2').contributions.map((c) => [c.invoiceDate, c.dueDay, c.baseCents]),
      [
        ['2026-10-20', '2026-10-15', 50_000],
        ['2026-11-03', '2026-10-15', 3_000],
        ['2026-10-28', '2026-10-28', 10_000],
      ],
    );
    assert.deepEqual(
      box(report, 'B2').contributions.map((c) => [c.dueDay, c.baseCents]),
      [['2026-10-15', 20_000]],
    );
    assert.equal(box(report, '17').amountCents, 4_000);
  });

  test('a reverse-charge credit note reduces both sides', () => {
    const report = ca3([
      {
        ...PURCHASE,
        processType: 'S1',
        type: '381',
        sellerCountry: 'DE',
        partySiren: null,
        sellerVat: 'DE123456789',
        rates: [{ category: 'AE', percent: 20, base: 100, vat: 0 }],
      },
    ]);
    assert.equal(box(report, 'A3').amountCents, -10_000);
    assert.equal(box(report, '08').amountCents, -2_000);
    assert.equal(box(report, '20').amountCents, -2_000);
  });
});

describe('what does not count, and why', () => {
  test('refused, rejected, invalid and duplicated count nowhere and are listed', () => {
    const report = ca3([
      { ...SALE, code: '210', statusDate: '2026-10-20T10:00:00Z' },
      { ...SALE, code: '213', statusDate: '2026-10-20T10:00:00Z' },
      { ...SALE, state: 'INVALID' },
      { ...SALE, state: 'DUPLICATED' },
    ]);
    assert.deepEqual(amounts(report), {});
    assert.deepEqual(report.leftOut.map((i) => i.reason).sort(), [
      '210',
      '213',
      'DUPLICATED',
      'INVALID',
    ]);
  });

  test('held (207, 208) and lacking details: named with what they would change', () => {
    const report = ca3([
      { ...SALE, code: '207', statusDate: '2026-10-20T10:00:00Z' },
      { ...PURCHASE, code: '208', statusDate: '2026-10-20T10:00:00Z' },
      { ...SALE, details: false },
      { ...SALE, currency: 'USD' }, // no euro VAT total (BT-111)
      { ...SALE, rates: [{ category: 'S', percent: 8.5, base: 100, vat: 8.5 }] },
    ]);
    assert.deepEqual(amounts(report), {});
    assert.deepEqual(
      report.held.map((h) => [h.reason, h.wouldChange]),
      [
        [
          'disputed',
          [
            { code: 'A1', cents: 10_000 },
            { code: '08', cents: 2_000 },
          ],
        ],
        ['suspended', [{ code: '20', cents: 2_000 }]],
      ],
    );
    assert.deepEqual(
      report.lacking.map((l) => l.reason),
      ['no_details', 'foreign_currency', 'other_rate'],
    );
    assert.deepEqual(report.lacking[2]?.wouldChange, [
      { code: 'A1', cents: 10_000 },
      { code: '16', cents: 850 },
    ]);
  });

  test('an invoice lacking a usable breakdown is named in the period its VAT would be due in', () => {
    const report = ca3([
      // In dollars without a euro VAT total, dated in November, delivered (VAT due) in October.
      { ...SALE, currency: 'USD', taxCode: 29, invoiceDate: '2026-11-04', delivery: '2026-10-30' },
    ]);
    assert.deepEqual(
      report.lacking.map((l) => [l.invoiceDate, l.reason]),
      [['2026-11-04', 'foreign_currency']],
    );
  });

  test('a year or a custom range is not a return period', () => {
    assert.throws(() => ca3([], { period: yearPeriod(2026) }), RangeError);
    assert.throws(() => ca3([], { period: customPeriod('2026-10-01', '2026-10-15') }), RangeError);
    assert.throws(() => ca3([], { period: customPeriod('2026-02-01', '2026-04-30') }), RangeError);
    assert.doesNotThrow(() => ca3([], { period: quarterPeriod(2026, 3) }));
  });
});

describe('the check against the entries (item 4)', () => {
  test('agree to the cent when VAT is due on the invoice date, reverse charge included', () => {
    const report = ca3([
      { ...SALE, rates: [{ category: 'S', percent: 20, base: 1000, vat: 200 }] },
      { ...PURCHASE },
      {
        ...PURCHASE,
        processType: 'S1',
        sellerCountry: 'DE',
        sellerVat: 'DE123456789',
        partySiren: null,
        rates: [{ category: 'AE', percent: 20, base: 333.33, vat: 0 }],
      },
      // VAT on payment collected in October: the entries move 44574 → 44571 that day.
      {
        ...SALE,
        processType: 'S1',
        taxCode: 72,
        invoiceDate: '2026-09-10',
        code: '212',
        statusDate: '2026-10-05T10:00:00Z',
      },
    ]);
    const r = report.reconciliation;
    assert.equal(r.collectedReturnCents, 20_000 + 6_667 + 2_000);
    assert.equal(r.collectedEntriesCents, r.collectedReturnCents);
    assert.equal(r.deductibleReturnCents, 2_000 + 6_667);
    assert.equal(r.deductibleEntriesCents, r.deductibleReturnCents);
    assert.equal(r.differenceCents, 0);
    assert.deepEqual(r.explanations, []);
  });

  test('VAT due on a delivery day outside the invoice’s period: the difference explained', () => {
    const report = ca3([
      { ...SALE, taxCode: 29, invoiceDate: '2026-10-02', delivery: '2026-09-28', number: 'F-OUT' },
      { ...SALE, taxCode: 29, invoiceDate: '2026-11-02', delivery: '2026-10-30', number: 'F-IN' },
    ]);
    const r = report.reconciliation;
    // F-OUT is in October's entries (its date), F-IN in the return (its delivery): 20 € each.
    assert.equal(r.collectedReturnCents, 2_000);
    assert.equal(r.collectedEntriesCents, 2_000);
    assert.equal(r.differenceCents, 0, 'the two gaps offset, yet each is explained');
    assert.equal(r.explanations.length, 2);
    assert.match(
      frenchExplanation(r.explanations[0]!),
      /F-OUT.*exigible le 28\/09\/2026 \(à la livraison\), hors période/,
    );
    assert.match(frenchExplanation(r.explanations[0]!), /déclaration 0,00 €, écritures 20,00 €/);
    assert.match(
      frenchExplanation(r.explanations[1]!),
      /F-IN.*exigible le 30\/10\/2026 \(à la livraison\), dans la période/,
    );
  });

  test('a rate with no mainland line: the return leaves it out, the gap is explained', () => {
    const report = ca3([{ ...SALE, rates: [{ category: 'S', percent: 13, base: 100, vat: 13 }] }]);
    assert.equal(report.reconciliation.collectedReturnCents, 0);
    assert.equal(report.reconciliation.collectedEntriesCents, 1_300);
    assert.equal(report.reconciliation.differenceCents, 1_300);
    assert.equal(report.reconciliation.explanations[0]!.reason, 'other_rate');
    assert.match(frenchExplanation(report.reconciliation.explanations[0]!), /annexe 3310-A/);
  });
});

describe('the form’s arithmetic (issue 26, item 7)', () => {
  test('16, 23 and TD add the rounded boxes, as the online form does', () => {
    // 10,50 € on 08 and 10,50 € on 9B: each box shows 11 €, so 16 is 22 €, not 21 €.
    const report = ca3([
      {
        ...SALE,
        rates: [
          { category: 'S', percent: 20, base: 52.5, vat: 10.5 },
          { category: 'S', percent: 10, base: 105, vat: 10.5 },
        ],
      },
      // 20 on deductible VAT: 2,50 € and 2,50 € on one box: 5 € exact, 5 € rounded.
      { ...PURCHASE, rates: [{ category: 'S', percent: 20, base: 12.5, vat: 2.5 }] },
      { ...PURCHASE, rates: [{ category: 'S', percent: 20, base: 12.5, vat: 2.5 }] },
    ]);
    assert.equal(box(report, '08').amountCents, 1_050, 'the box itself keeps its cents');
    assert.equal(box(report, '16').amountCents, 2_200);
    assert.equal(box(report, '23').amountCents, 500);
    assert.equal(box(report, 'TD').amountCents, 1_700);
    assert.equal(box(report, '28').amountCents, 1_700);
    // The check against the entries stays to the cent.
    assert.equal(report.reconciliation.collectedReturnCents, 2_100);
    assert.equal(report.reconciliation.differenceCents, 0);
  });

  test('the gap with the entries per side, and its net effect on the amount due', () => {
    // F-OUT: dated in October, due on a September delivery (in the entries, not the return):
    // collected −20 €. P-OUT: a purchase dated in October, due on a September delivery:
    // deductible −5 €. The effect on the amount due is −20 − (−5) = −15 €, not 25 €.
    const report = ca3([
      { ...SALE, taxCode: 29, invoiceDate: '2026-10-02', delivery: '2026-09-28', number: 'F-OUT' },
      {
        ...PURCHASE,
        taxCode: 29,
        invoiceDate: '2026-10-03',
        delivery: '2026-09-29',
        number: 'P-OUT',
        rates: [{ category: 'S', percent: 20, base: 25, vat: 5 }],
      },
    ]);
    const r = report.reconciliation;
    assert.equal(r.collectedGapCents, -2_000);
    assert.equal(r.deductibleGapCents, -500);
    assert.equal(r.netEffectCents, -1_500);
    assert.equal(r.explanations.length, 2);
  });
});
