// The decisions the TVA report, the CA3 and the entries share (issue 26): where an invoice stands,
// and the day it was paid for VAT on payment — the accountant's mark, else the operator's 212.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { paymentDay, vatDueDay, vatStanding } from '#main/services/tax/vat-due.ts';

const mark = (paidOn: string) => ({
  invoiceId: 'x',
  paidOn,
  note: 'virement',
  markedAt: '2026-01-21T08:00:00.000Z',
});

test('the payment day: the mark wins, the 212’s other day is kept; the 212 alone; nothing', () => {
  const collected = { lifecycleCode: '212', lifecycleDate: '2026-01-05T10:00:00Z' };
  assert.deepEqual(paymentDay(collected, mark('2026-01-20')), {
    day: '2026-01-20',
    source: 'marked',
    markedAt: '2026-01-21T08:00:00.000Z',
    note: 'virement',
    statusDay: '2026-01-05',
  });
  assert.equal(paymentDay(collected, mark('2026-01-05'))?.statusDay, null, 'they agree');
  assert.deepEqual(paymentDay(collected, null), {
    day: '2026-01-05',
    source: 'status_212',
    markedAt: null,
    note: null,
    statusDay: null,
  });
  // 211 "Paiement transmis" is not a collection: no day without a mark.
  assert.equal(
    paymentDay({ lifecycleCode: '211', lifecycleDate: '2026-01-05T10:00:00Z' }, null),
    null,
  );
  assert.equal(
    paymentDay({ lifecycleCode: null, lifecycleDate: null }, mark('2026-01-20'))?.day,
    '2026-01-20',
  );
});

test('where an invoice stands: left out, held, or counted', () => {
  assert.deepEqual(vatStanding({ state: 'DELIVERED', lifecycleCode: '210' }), {
    kind: 'left_out',
    reason: '210',
  });
  assert.deepEqual(vatStanding({ state: 'DUPLICATED', lifecycleCode: null }), {
    kind: 'left_out',
    reason: 'DUPLICATED',
  });
  assert.deepEqual(vatStanding({ state: 'DELIVERED', lifecycleCode: '207' }), {
    kind: 'held',
    reason: 'disputed',
  });
  assert.deepEqual(vatStanding({ state: 'DELIVERED', lifecycleCode: '208' }), {
    kind: 'held',
    reason: 'suspended',
  });
  assert.deepEqual(vatStanding({ state: 'DELIVERED', lifecycleCode: '212' }), { kind: 'counts' });
});

test('the due day by BT-8: invoice, delivery, payment (none while unpaid)', () => {
  const on = (code: number) => ({ taxPaymentCode: code, taxPaymentIop: null });
  assert.equal(vatDueDay(on(5), '2026-01-10', '2026-01-02', null).day, '2026-01-10');
  assert.equal(vatDueDay(on(29), '2026-01-10', '2026-01-02', null).day, '2026-01-02');
  assert.equal(vatDueDay(on(29), '2026-01-10', null, null).rule, 'delivery_unknown');
  assert.equal(vatDueDay(on(72), '2026-01-10', null, null).day, null);
  const paid = paymentDay({ lifecycleCode: null, lifecycleDate: null }, mark('2026-02-03'));
  const due = vatDueDay(on(72), '2026-01-10', null, paid);
  assert.equal(due.day, '2026-02-03');
  assert.equal(due.payment?.source, 'marked');
});
