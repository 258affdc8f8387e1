// A period's ledger (issue 17, item 3): entries in chronological order (date, journal code,
// piece) numbered 1..n, totals per journal, held and left out listed, new third parties queued
// with their count and HT.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { monthPeriod } from '#shared/report-period.ts';
import { buildLedger } from '#main/services/accounting/ledger.ts';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#main/services/accounting/settings.ts';
import { accountingRow, standInChooser } from '#support/accounting-fixtures.ts';

const COVERAGE = {
  archivedInvoices: 9,
  withDetails: 8,
  lastSyncAt: '2026-11-01T00:00:00Z',
  partitionsCut: 0,
  partitionsUnfinished: 0,
  completeSince: null,
};

test('entries sorted and numbered, journals totalled, asides and the queue', () => {
  const rows = [
    accountingRow({ n: 1, number: 'F-9', invoiceDate: '2026-10-20' }),
    accountingRow({ n: 2, direction: 'INBOUND', number: 'A-1', invoiceDate: '2026-10-05' }),
    accountingRow({ n: 3, number: 'F-2', invoiceDate: '2026-10-05' }),
    accountingRow({ n: 4, number: 'F-1', invoiceDate: '2026-10-05', type: '381' }),
    // VAT on payment, collected on the 5th: its move (OD) after HA and VT of that day.
    accountingRow({
      n: 5,
      number: 'F-0',
      invoiceDate: '2026-09-01',
      taxCode: 72,
      code: '212',
      statusDate: '2026-10-05T09:00:00Z',
    }),
    accountingRow({ n: 6, number: 'F-7', code: '207' }),
    accountingRow({ n: 7, number: 'F-8', code: '210' }),
    accountingRow({ n: 8, number: 'F-6', details: false }),
    accountingRow({ n: 9, number: 'F-5', invoiceDate: '2026-11-02' }),
  ];
  const chooser = standInChooser({ '732829320': { account: '606300', auxiliary: 'FDUPONT' } });
  const ledger = buildLedger(rows, {
    period: monthPeriod(2026, 10),
    settings: DEFAULT_ACCOUNTING_SETTINGS,
    chooser,
    company: { siren: '552100554', name: 'Notre Société SAS' },
    coverage: COVERAGE,
    now: new Date('2026-11-22T12:00:00Z'),
  });
  assert.deepEqual(
    ledger.entries.map((e) => [e.number, e.date, e.journal, e.pieceRef]),
    [
      [1, '2026-10-05', 'purchases', 'A-1'],
      [2, '2026-10-05', 'misc', 'F-0'],
      [3, '2026-10-05', 'sales', 'F-1'],
      [4, '2026-10-05', 'sales', 'F-2'],
      [5, '2026-10-20', 'sales', 'F-9'],
    ],
  );
  assert.deepEqual(
    ledger.journals.map((j) => [j.code, j.entries, j.lines, j.debitCents, j.creditCents]),
    [
      ['VT', 3, 9, 36000, 36000],
      ['HA', 1, 3, 12000, 12000],
      ['OD', 1, 2, 2000, 2000],
    ],
  );
  assert.equal(ledger.debitCents, 50000);
  assert.equal(ledger.creditCents, 50000);
  assert.deepEqual(
    ledger.held.map((a) => [a.number, a.reason]),
    [['F-7', 'disputed']],
  );
  assert.deepEqual(
    ledger.leftOut.map((a) => [a.number, a.reason]),
    [
      ['F-6', 'no_details'],
      ['F-8', 'refused'],
    ],
  );
  // The customer is a suggestion (the move of F-0 is not one of its invoices of the period);
  // the supplier was chosen: not queued.
  assert.deepEqual(ledger.toMap, [
    {
      key: '443061841',
      role: 'customer',
      name: 'Client Martin SA',
      suggestedAuxiliary: 'CCLIENTMA',
      suggestedAccount: '706000',
      suggestedFrom: 'default',
      invoices: 3,
      htCents: 10000, // 100 + 100 − 100 (the credit note)
    },
  ]);
  assert.equal(ledger.entries[0]?.provisional, false);
  assert.deepEqual(ledger.company, { siren: '552100554', name: 'Notre Société SAS' });
  assert.equal(ledger.computedAt, '2026-11-22T12:00:00.000Z');
});
