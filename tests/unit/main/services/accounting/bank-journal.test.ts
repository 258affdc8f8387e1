// The bank journal's pure rules (issue 29, item 4): the lettering codes, and which invoices and
// lines are lettered (paid exactly, in one or several lines, one line for several invoices).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BankMatchRow } from '#main/services/archive/bank-store.ts';
import { bankLettering, letterCode } from '#main/services/accounting/bank-journal.ts';

const row = (
  id: string,
  day: string,
  cents: number,
  state: BankMatchRow['state'],
  allocations: [string, number][],
): BankMatchRow => ({
  id,
  account: 'FR76',
  day,
  cents,
  label: id,
  remittance: null,
  counterpartyName: null,
  state,
  rule: 'reference',
  allocations: allocations.map(([invoiceId, c]) => ({ invoiceId, cents: c })),
  candidates: [],
  decided: state === 'confirmed',
});

test('codes: AAA, AAB … ZZZ, then four letters', () => {
  assert.equal(letterCode(0), 'AAA');
  assert.equal(letterCode(1), 'AAB');
  assert.equal(letterCode(26), 'ABA');
  assert.equal(letterCode(17_575), 'ZZZ');
  assert.equal(letterCode(17_576), 'BAAA');
});

test('paid exactly, in parts or together, is lettered in the order completed; the rest is not', () => {
  const payable = new Map([
    ['one', 1000],
    ['split', 3000],
    ['g1', 500],
    ['g2', 700],
    ['short', 900],
    ['over', 100],
    ['advance', 800], // not in `payable`: its entry's 411 is not what was paid
  ]);
  payable.delete('advance');
  const rows = [
    row('l-one', '2026-03-05', 1000, 'auto', [['one', 1000]]),
    row('l-split-1', '2026-02-01', 1000, 'confirmed', [['split', 1000]]),
    row('l-split-2', '2026-03-01', 2000, 'auto', [['split', 2000]]),
    row('l-group', '2026-01-10', 1200, 'auto', [
      ['g1', 500],
      ['g2', 700],
    ]),
    row('l-short', '2026-01-11', 800, 'auto', [['short', 800]]),
    row('l-over-1', '2026-01-12', 100, 'auto', [['over', 100]]),
    row('l-over-2', '2026-01-13', 100, 'confirmed', [['over', 100]]),
    row('l-advance', '2026-01-14', 800, 'auto', [['advance', 800]]),
    row('l-suggested', '2026-01-15', 900, 'suggested', []),
  ];
  const { invoices, lines } = bankLettering(rows, payable);
  assert.deepEqual(Object.fromEntries([...invoices].map(([id, l]) => [id, `${l.code} ${l.day}`])), {
    g1: 'AAA 2026-01-10',
    g2: 'AAA 2026-01-10',
    split: 'AAB 2026-03-01',
    one: 'AAC 2026-03-05',
  });
  assert.deepEqual([...lines.keys()].sort(), ['l-group', 'l-one', 'l-split-1', 'l-split-2']);
  assert.equal(lines.get('l-split-1')?.code, 'AAB');
});
