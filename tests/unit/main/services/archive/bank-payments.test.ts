// A match is a payment (issue 29): the day an invoice is paid in full by its matched lines,
// parts leaving the rest due, suggestions paying nothing until confirmed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BankMatchRow } from '#main/services/archive/bank-store.ts';
import { bankPayments } from '#main/services/archive/bank-payments.ts';
import type { PayableInvoice } from '#shared/payable.ts';

const invoice = (id: string, cents: number): PayableInvoice => ({
  id,
  direction: 'OUTBOUND',
  number: id,
  day: '2026-01-05',
  cents,
  currency: 'EUR',
  counterpartyName: 'ACME',
  counterpartyIbans: [],
});

function row(
  id: string,
  day: string,
  state: BankMatchRow['state'],
  allocations: [string, number][],
): BankMatchRow {
  const list = allocations.map(([invoiceId, cents]) => ({ invoiceId, cents }));
  return {
    id,
    account: 'FR76',
    day,
    cents: list.reduce((s, a) => s + a.cents, 0),
    label: 'VIR',
    remittance: null,
    counterpartyName: null,
    state,
    rule: 'reference',
    allocations: state === 'suggested' ? [] : list,
    candidates: state === 'suggested' ? [list] : [],
    decided: state === 'confirmed',
  };
}

test('paid on the day of the line that completes it; a part leaves the rest due', () => {
  const payments = bankPayments(
    [
      row('L2', '2026-02-20', 'confirmed', [['A', 6000]]),
      row('L1', '2026-02-01', 'auto', [['A', 4000]]),
      row('L3', '2026-02-03', 'auto', [['B', 2500]]),
      row('L4', '2026-02-04', 'suggested', [['C', 1000]]),
    ],
    [invoice('A', 10000), invoice('B', 5000), invoice('C', 1000)],
  );
  assert.deepEqual(payments.get('A'), {
    invoiceId: 'A',
    paidCents: 10000,
    dueCents: 0,
    paidOn: '2026-02-20',
    lineIds: ['L1', 'L2'],
  });
  assert.deepEqual(payments.get('B'), {
    invoiceId: 'B',
    paidCents: 2500,
    dueCents: 2500,
    paidOn: null,
    lineIds: ['L3'],
  });
  assert.equal(payments.has('C'), false, 'a suggestion pays nothing');
});
