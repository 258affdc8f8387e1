// The CA12 (3517-S, issue 26 item 4): the year's figures under the CA3's rules laid out on the
// CA12's lines, the form's arithmetic on rounded lines, and the two instalments (July 55 %,
// December 40 % of the previous year's VAT due before deducting VAT on fixed assets; none under
// 1,000 €). Hand-made invoices, a fixed clock.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import { lineOf, ca12JsonLines, type Ca12Report, type Ca12LineCode } from '#shared/ca12.ts';
import { yearPeriod, monthPeriod } from '#shared/report-period.ts';
import type { Ca3Row } from '#main/services/archive/ports.ts';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#main/services/accounting/settings.ts';
import { computeCa3Report, type Ca3Context } from '#main/services/reports/ca3.ts';
import { computeCa12Report } from '#main/services/returns/ca12.ts';
import { accountingRow, standInChooser, type InvoiceSpec } from '#support/accounting-fixtures.ts';
import { NO_COVERAGE } from '#support/report-fixtures.ts';

const FIXED_ASSET_SUPPLIER = '732829320'; // the fixtures' supplier SIREN

function rows(specs: InvoiceSpec[]): Ca3Row[] {
  return specs.map((s, i) => ({ ...accountingRow({ n: i + 1, ...s }), deliveryDate: null }));
}

function annual(year: number, specs: InvoiceSpec[], over: Partial<Ca3Context> = {}): Ca3Report {
  return computeCa3Report(rows(specs), {
    period: yearPeriod(year),
    wholeYear: true,
    settings: DEFAULT_ACCOUNTING_SETTINGS,
    chooser: standInChooser({ [FIXED_ASSET_SUPPLIER]: { account: '218300' } }),
    carriedCreditCents: 0,
    company: { siren: '552100554', name: 'Notre Société SAS' },
    coverage: NO_COVERAGE,
    now: new Date('2027-04-20T10:00:00Z'),
    ...over,
  });
}

const cents = (report: Ca12Report, code: Ca12LineCode): number => lineOf(report, code).amountCents;

const sale = (invoiceDate: string, base: number, vat: number, percent = 20): InvoiceSpec => ({
  direction: 'OUTBOUND',
  processType: 'B1',
  invoiceDate,
  rates: [{ category: 'S', percent, base, vat }],
});
const purchase = (invoiceDate: string, base: number, vat: number): InvoiceSpec => ({
  direction: 'INBOUND',
  processType: 'B1',
  invoiceDate,
  partySiren: '356000000', // not the fixed-asset supplier: other goods and services
  rates: [{ category: 'S', percent: 20, base, vat }],
});

describe('the year on the CA12 lines', () => {
  test('every month of the year counts, each rate on its line; 16, 26, 28 add the rounded lines', () => {
    const report = computeCa12Report(
      2026,
      annual(2026, [
        sale('2026-01-10', 1000.4, 200.08), // 200,08 → 200
        sale('2026-12-31', 1002.4, 200.48), // 200,48; 08: 400,56 → 401
        sale('2026-06-15', 100.3, 10.03, 10), // 9B: 10,03 → 10
        purchase('2026-03-02', 500.7, 100.14), // 21: 100,14 → 100
        sale('2025-12-31', 999, 199.8), // last year: not in this one
      ]),
      null,
    );
    assert.equal(report.kind, 'ca12');
    assert.deepEqual(report.period, yearPeriod(2026));
    assert.deepEqual(lineOf(report, '08'), {
      code: '08',
      amountCents: 40_056,
      baseCents: 200_280,
      from: ['08'],
    });
    assert.equal(lineOf(report, '9B').amountCents, 1_003);
    assert.equal(lineOf(report, '21').amountCents, 10_014);
    assert.deepEqual(lineOf(report, '21').from, ['20']);
    // The form's arithmetic: 401 + 10 = 411; 26 = 100; 28 = 311 (the exact cents would say 310,45).
    assert.equal(cents(report, '16'), 41_100);
    assert.equal(cents(report, '26'), 10_000);
    assert.equal(cents(report, '28'), 31_100);
    assert.equal(cents(report, '29'), 0);
    // No previous year known: no instalment, the balance is the VAT due.
    assert.equal(report.instalments.exempt, true);
    assert.equal(cents(report, '30'), 0);
    assert.equal(cents(report, '33'), 31_100);
    const json = ca12JsonLines(report);
    assert.deepEqual(json['08'], { base: 2002.8, tax: 400.56 });
    assert.equal(json['28'], 311);
  });

  test('a year refused as a CA3 period is a CA12 period; a month is not a CA12', () => {
    assert.throws(() => annual(2026, [], { period: monthPeriod(2026, 1) }), /calendar year/);
    assert.throws(
      () => annual(2026, [], { period: yearPeriod(2026), wholeYear: false }),
      /month or a quarter/,
    );
  });

  test('held and left-out invoices stay aside, with what they would change', () => {
    const report = computeCa12Report(
      2026,
      annual(2026, [
        sale('2026-02-01', 1000, 200),
        { ...sale('2026-03-01', 500, 100), code: '207' }, // disputed: held
        { ...sale('2026-04-01', 300, 60), code: '210' }, // refused: left out
      ]),
      null,
    );
    assert.equal(lineOf(report, '08').amountCents, 20_000);
    assert.deepEqual(
      report.annual.held.map((h) => [h.reason, h.wouldChange.find((c) => c.code === '08')?.cents]),
      [['disputed', 10_000]],
    );
    assert.equal(report.annual.leftOut.length, 1);
  });

  test('more deductible than collected: a credit on 29, nothing due', () => {
    const report = computeCa12Report(
      2026,
      annual(2026, [sale('2026-05-01', 100, 20), purchase('2026-05-02', 1000, 200)]),
      null,
    );
    assert.equal(cents(report, '28'), 0);
    assert.equal(cents(report, '29'), 18_000);
  });
});

describe('the instalments', () => {
  const fixedAsset: InvoiceSpec = {
    direction: 'INBOUND',
    processType: 'B1',
    invoiceDate: '2025-09-01',
    partySiren: FIXED_ASSET_SUPPLIER,
    rates: [{ category: 'S', percent: 20, base: 5000, vat: 1000 }],
  };

  test('55 % in July and 40 % in December of last year’s VAT before deducting fixed assets', () => {
    // 2025: collected 6 000, deductible on other goods 1 000, on a fixed asset 1 000: net 4 000,
    // the base (line 57) 5 000.
    const previous = annual(2025, [
      sale('2025-02-01', 30_000, 6_000),
      purchase('2025-03-01', 5_000, 1_000),
      fixedAsset,
    ]);
    const last = computeCa12Report(2025, previous, null);
    assert.equal(cents(last, '20'), 100_000);
    assert.equal(cents(last, '28'), 400_000);
    assert.equal(cents(last, '57'), 500_000);

    const report = computeCa12Report(
      2026,
      annual(2026, [sale('2026-03-01', 10_000, 2_000)]),
      previous,
    );
    assert.deepEqual(report.instalments, {
      baseYear: 2025,
      baseCents: 500_000,
      baseInvoices: 3,
      exempt: false,
      julyCents: 275_000,
      decemberCents: 200_000,
    });
    // 30 = 4 750 paid; 28 = 2 000 due: 2 750 overpaid, nothing to pay.
    assert.equal(cents(report, '30'), 475_000);
    assert.equal(cents(report, '33'), 0);
    assert.equal(cents(report, '34'), 275_000);
  });

  test('whole euros, rounded: 55 % of 1 001 € is 551 €; under 1 000 € none is due', () => {
    const due = (vat: number) =>
      computeCa12Report(2026, annual(2026, []), annual(2025, [sale('2025-06-01', vat * 5, vat)]))
        .instalments;
    assert.deepEqual(
      [due(1001).julyCents, due(1001).decemberCents, due(1001).exempt],
      [55_100, 40_000, false],
    );
    assert.deepEqual([due(999.4).julyCents, due(999.4).exempt], [0, true]);
  });
});
