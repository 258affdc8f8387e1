import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkCallbackUrl,
  conflictingWebhookId,
  directionConflicts,
  emptyWebhookForm,
  findConflictingWebhook,
  validateWebhookForm,
  type WebhookForm,
} from '#shared/webhooks/webhook-form.ts';
import { webhookCreateSchema, type Webhook } from '#shared/operator/schemas.ts';

const filled = (over: Partial<WebhookForm> = {}): WebhookForm => ({
  ...emptyWebhookForm(),
  label: '  ERP factures reçues ',
  direction: 'INBOUND',
  statusCallbackUrl: ' https://erp.example.fr/hooks/status ',
  invoiceCallbackUrl: 'http://10.0.0.5:8080/hooks/invoice',
  ...over,
});

test('a complete form becomes the body main accepts, trimmed', () => {
  const result = validateWebhookForm(filled());
  assert.equal(result.ok, true);
  if (!result.ok) return;
  assert.deepEqual(result.value, {
    label: 'ERP factures reçues',
    status: 'ACTIVE',
    adapterCode: 'standardAdapter',
    filterStreamDirection: 'INBOUND',
    interopData: {
      endpoints: {
        status: { callbackUrl: 'https://erp.example.fr/hooks/status' },
        invoice: { callbackUrl: 'http://10.0.0.5:8080/hooks/invoice' },
      },
    },
  });
  assert.equal(webhookCreateSchema.safeParse(result.value).success, true);
});

test('both directions sends no filter at all', () => {
  const result = validateWebhookForm(filled({ direction: '' }));
  assert.ok(result.ok);
  assert.equal('filterStreamDirection' in result.value, false);
});

test('each field gets its own error', () => {
  const result = validateWebhookForm({
    label: '   ',
    direction: 'SIDEWAYS' as never,
    status: 'PAUSED' as never,
    adapterCode: ' ',
    statusCallbackUrl: 'ftp://erp.example.fr/x',
    invoiceCallbackUrl: '/hooks/invoice',
  });
  assert.deepEqual(result, {
    ok: false,
    errors: {
      label: 'labelRequired',
      direction: 'directionUnknown',
      status: 'statusUnknown',
      adapterCode: 'adapterRequired',
      statusCallbackUrl: 'urlNotHttp',
      invoiceCallbackUrl: 'urlInvalid',
    },
  });
});

test('lengths are bounded: label 200, adapter 100, URL 2048', () => {
  assert.deepEqual(validateWebhookForm(filled({ label: 'x'.repeat(200) })).ok, true);
  const long = validateWebhookForm(
    filled({ label: 'x'.repeat(201), adapterCode: 'a'.repeat(101) }),
  );
  assert.deepEqual(long, {
    ok: false,
    errors: { label: 'labelTooLong', adapterCode: 'adapterTooLong' },
  });
  assert.equal(checkCallbackUrl(`https://e.fr/${'a'.repeat(2048)}`), 'urlTooLong');
});

test('callback URLs must be absolute http(s) with a host', () => {
  assert.equal(checkCallbackUrl(''), 'urlRequired');
  assert.equal(checkCallbackUrl('erp.example.fr/hook'), 'urlInvalid');
  assert.equal(checkCallbackUrl('mailto:compta@example.fr'), 'urlNotHttp');
  assert.equal(checkCallbackUrl('javascript:alert(1)'), 'urlNotHttp');
  assert.equal(checkCallbackUrl('https://erp.example.fr'), undefined);
  assert.equal(checkCallbackUrl('http://localhost:3000/cb'), undefined);
});

const hook = (webhookId: string, label: string, dir?: 'INBOUND' | 'OUTBOUND'): Webhook => ({
  webhookId,
  label,
  status: 'ACTIVE',
  ...(dir ? { filterStreamDirection: dir } : {}),
});

test('one webhook per direction; both directions collide with any other', () => {
  const inbound = hook('w1', 'Reçues', 'INBOUND');
  const outbound = hook('w2', 'Émises', 'OUTBOUND');
  const both = hook('w3', 'Tout');
  assert.deepEqual(directionConflicts('INBOUND', [inbound, outbound]), [inbound]);
  assert.deepEqual(directionConflicts('', [inbound, outbound]), [inbound, outbound]);
  assert.deepEqual(directionConflicts('OUTBOUND', [both]), [both]);
  assert.deepEqual(directionConflicts('OUTBOUND', [inbound]), []);
  assert.deepEqual(
    directionConflicts('INBOUND', [{ ...inbound, filterStreamDirection: undefined }]).length,
    1,
  );
});

test('a 409 names the existing webhook through its details, or the list when it does not', () => {
  const inbound = hook('w1', 'Reçues', 'INBOUND');
  const outbound = hook('w2', 'Émises', 'OUTBOUND');
  assert.equal(conflictingWebhookId({ webhookId: 'w1' }), 'w1');
  assert.equal(conflictingWebhookId({ details: { webhookId: 'w9' } }), 'w9');
  assert.equal(conflictingWebhookId('w1'), undefined);
  assert.equal(conflictingWebhookId(null), undefined);
  assert.deepEqual(findConflictingWebhook({ webhookId: 'w2' }, 'INBOUND', [inbound, outbound]), {
    id: 'w2',
    webhook: outbound,
  });
  assert.deepEqual(findConflictingWebhook({ webhookId: 'gone' }, 'INBOUND', [inbound]), {
    id: 'gone',
    webhook: undefined,
  });
  assert.deepEqual(findConflictingWebhook(undefined, 'INBOUND', [inbound, outbound]), {
    id: 'w1',
    webhook: inbound,
  });
  assert.deepEqual(findConflictingWebhook(undefined, '', [inbound, outbound]), {
    id: undefined,
    webhook: undefined,
  });
});
