import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildInvoiceQuery, isUuid, quoteValue } from '#shared/query/invoice-query.ts';

test('no filter gives an empty query (all invoices)', () => {
  assert.equal(buildInvoiceQuery({}), '');
  assert.equal(buildInvoiceQuery({ states: [], direction: null, invoiceId: '  ' }), '');
});

test('one state, no parentheses', () => {
  assert.equal(buildInvoiceQuery({ states: ['DELIVERED'] }), 'invoice.state:"DELIVERED"');
});

test('several states are OR-ed in parentheses and AND-ed with the direction', () => {
  assert.equal(
    buildInvoiceQuery({ states: ['DELIVERED', 'VALID'], direction: 'INBOUND' }),
    '(invoice.state:"DELIVERED" OR invoice.state:"VALID") AND invoice.direction:"INBOUND"',
  );
});

test('states keep the order they were picked in and are deduplicated', () => {
  assert.equal(
    buildInvoiceQuery({ states: ['PENDING', 'INVALID', 'PENDING'] }),
    '(invoice.state:"PENDING" OR invoice.state:"INVALID")',
  );
});

test('direction alone and the invoice id (trimmed, lower-cased)', () => {
  assert.equal(buildInvoiceQuery({ direction: 'OUTBOUND' }), 'invoice.direction:"OUTBOUND"');
  assert.equal(
    buildInvoiceQuery({
      states: ['VALID'],
      direction: 'OUTBOUND',
      invoiceId: ' 3FA85F64-5717-4562-B3FC-2C963F66AFA6 ',
    }),
    'invoice.state:"VALID" AND invoice.direction:"OUTBOUND" AND invoice.invoiceId:"3fa85f64-5717-4562-b3fc-2c963f66afa6"',
  );
});

test('values outside the spec are refused, not sent', () => {
  assert.throws(() => buildInvoiceQuery({ states: ['LOST' as never] }), RangeError);
  assert.throws(() => buildInvoiceQuery({ direction: 'SIDEWAYS' as never }), RangeError);
  assert.throws(() => buildInvoiceQuery({ invoiceId: 'not-a-uuid' }), RangeError);
  assert.throws(() => buildInvoiceQuery({ invoiceId: '" OR invoice.state:"VALID' }), RangeError);
});

test('uuid check and quoting', () => {
  assert.equal(isUuid('3fa85f64-5717-4562-b3fc-2c963f66afa6'), true);
  assert.equal(isUuid('3fa85f64-5717-4562-b3fc-2c963f66afa'), false);
  assert.equal(quoteValue('a"b\\c'), '"a\\"b\\\\c"');
});
