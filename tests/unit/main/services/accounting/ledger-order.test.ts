// The same ledger whatever order the store reads the rows in (issue 30): SQLite and PostgreSQL,
// or two archives synced at different times, hand the same invoices in different orders. The
// codes suggested to parties whose names give the same code, and the account a party's queue
// entry suggests, do not depend on that order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { monthPeriod } from '#shared/report-period.ts';
import { buildLedger } from '#main/services/accounting/ledger.ts';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#main/services/accounting/settings.ts';
import { accountChooser } from '#main/services/accounting/third-parties.ts';
import { accountingRow } from '#support/accounting-fixtures.ts';

const COVERAGE = {
  archivedInvoices: 4,
  withDetails: 4,
  lastSyncAt: '2026-11-01T00:00:00Z',
  partitionsCut: 0,
  partitionsUnfinished: 0,
  completeSince: null,
};

const rows = [
  accountingRow({ n: 1, partyName: 'Vins et Spiritueux Leveque SA', partySiren: '300000001' }),
  accountingRow({ n: 2, partyName: 'Vins et Spiritueux Lamy SAS', partySiren: '300000002' }),
  // One client, goods then services (707, then 706 by default): its first invoice's is shown.
  accountingRow({ n: 3, invoiceDate: '2026-10-03', processType: 'B1' }),
  accountingRow({ n: 4, invoiceDate: '2026-10-20', processType: 'S1' }),
];

const ledgerOf = (ordered: typeof rows) =>
  buildLedger(ordered, {
    period: monthPeriod(2026, 10),
    settings: DEFAULT_ACCOUNTING_SETTINGS,
    // A fresh memory, as each workstation's ledger starts from the firm's.
    chooser: accountChooser({ thirdParties: () => [] }, DEFAULT_ACCOUNTING_SETTINGS),
    company: { siren: '552100554', name: 'Notre Société SAS' },
    coverage: COVERAGE,
    now: new Date('2026-11-22T12:00:00Z'),
  });

test('read in any order, the same entries, codes and queue', () => {
  const forward = ledgerOf(rows);
  for (const order of [[...rows].reverse(), [rows[2]!, rows[1]!, rows[3]!, rows[0]!]])
    assert.deepEqual(ledgerOf(order), forward);
  const codes = forward.toMap.map((p) => [p.name, p.suggestedAuxiliary, p.suggestedAccount]);
  assert.deepEqual(codes.sort(), [
    ['Client Martin SA', 'CCLIENTMA', '707000'],
    ['Vins et Spiritueux Lamy SAS', 'CVINSETSP2', '706000'],
    ['Vins et Spiritueux Leveque SA', 'CVINSETSP', '706000'],
  ]);
});
