import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { rowDate, rowDueDate } from '#renderer/screens/invoices/row-dates.ts';

const base: InvoiceSearchItem = {
  metadata: {
    invoiceId: '0b9f3a52-8a47-4c59-9d3e-2f5e8c1b7a10',
    state: 'DELIVERED',
    direction: 'INBOUND',
    createDate: '2025-03-14T09:30:00Z',
  },
  lastStatusData: { code: '200', state: 'DELIVERED', date: '2025-03-15T10:00:00Z' },
};

test('the invoice date wins when the search answer carries it', () => {
  const row = {
    ...base,
    businessData: { invoiceDate: '2025-03-01', invoiceDueDate: '2025-04-01' },
  };
  assert.deepEqual(rowDate(row), { value: '2025-03-01', source: 'invoice' });
  assert.equal(rowDueDate(row), '2025-04-01');
});

test('without an invoice date, the deposit date stands in and says so', () => {
  assert.deepEqual(rowDate({ ...base, businessData: {} }), {
    value: '2025-03-14T09:30:00Z',
    source: 'deposit',
  });
  assert.deepEqual(rowDate(base), { value: '2025-03-14T09:30:00Z', source: 'deposit' });
});

test('then the last status date; nothing when the answer has no date at all', () => {
  const noCreate = { ...base, metadata: { ...base.metadata, createDate: null } };
  assert.deepEqual(rowDate(noCreate), { value: '2025-03-15T10:00:00Z', source: 'status' });
  assert.equal(rowDate({ metadata: noCreate.metadata }), null);
});

test('the due date is never replaced by another date', () => {
  assert.equal(rowDueDate(base), null);
  assert.equal(rowDueDate({ ...base, businessData: { invoiceDueDate: '  ' } }), null);
});
