import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OperatorError, redact, toAppError } from '#main/services/errors.ts';

test('an OperatorError becomes the envelope field by field', () => {
  const error = new OperatorError({
    kind: 'conflict',
    message: 'POST /v1/config/webhook: conflict (409).',
    status: 409,
    operatorMessage: 'exists',
    details: { webhookId: 'wh-1' },
    cause: new Error('inner'),
  });
  assert.ok(error instanceof Error);
  assert.deepEqual(toAppError(error), {
    kind: 'conflict',
    message: 'POST /v1/config/webhook: conflict (409).',
    status: 409,
    operatorMessage: 'exists',
    details: { webhookId: 'wh-1' },
  });
  assert.deepEqual(
    Object.keys(toAppError(new OperatorError({ kind: 'offline', message: 'x' }))).sort(),
    ['kind', 'message'],
  );
});

test('abort and timeout DOMExceptions → cancelled and timeout', () => {
  assert.equal(toAppError(new DOMException('aborted', 'AbortError')).kind, 'cancelled');
  assert.equal(toAppError(new DOMException('late', 'TimeoutError')).kind, 'timeout');
});

test("undici's fetch failures → offline or tls by cause code", () => {
  const failed = (code: string) =>
    new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
  assert.equal(toAppError(failed('ECONNREFUSED')).kind, 'offline');
  assert.equal(toAppError(failed('ENOTFOUND')).kind, 'offline');
  assert.equal(toAppError(failed('DEPTH_ZERO_SELF_SIGNED_CERT')).kind, 'tls');
  assert.equal(toAppError(failed('ERR_TLS_CERT_ALTNAME_INVALID')).kind, 'tls');
  assert.equal(toAppError(failed('CERT_HAS_EXPIRED')).kind, 'tls');
  const aggregate = new TypeError('fetch failed', {
    cause: Object.assign(
      new AggregateError([Object.assign(new Error('x'), { code: 'EHOSTUNREACH' })]),
      {},
    ),
  });
  assert.equal(toAppError(aggregate).kind, 'offline');
});

test('a host name that does not resolve → offline with the reason host_not_found', () => {
  const failed = (code: string) =>
    new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
  for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
    assert.deepEqual(toAppError(failed(code)), {
      kind: 'offline',
      reason: 'host_not_found',
      message: `Network error (${code}).`,
    });
  }
  assert.equal(toAppError(failed('ECONNREFUSED')).reason, undefined);
});

test('anything else → server, with credentials redacted from the message', () => {
  const app = toAppError(
    new Error('header was Authorization: Bearer eyJhbGciOi.abc.def and client_secret=hunter2'),
  );
  assert.equal(app.kind, 'server');
  assert.ok(!app.message.includes('eyJhbGciOi'), app.message);
  assert.ok(!app.message.includes('hunter2'), app.message);
  assert.equal(toAppError('a string').kind, 'server');
  assert.equal(toAppError(undefined).kind, 'server');
});

test('an AppError-shaped value from another service keeps its kind', () => {
  assert.deepEqual(
    toAppError({ kind: 'keychain', message: 'locked', details: { access_token: 'abc' } }),
    {
      kind: 'keychain',
      message: 'locked',
      details: { access_token: '[redacted]' },
    },
  );
});

test('details: secret-named keys and token-shaped strings are redacted, big values bounded', () => {
  const app = toAppError(
    new OperatorError({
      kind: 'invalid_input',
      message: 'm',
      details: {
        nested: [{ Authorization: 'Bearer abc' }, 'seen "access_token":"xyz"'],
        long: 'x'.repeat(5000),
      },
    }),
  );
  const text = JSON.stringify(app.details);
  assert.ok(!text.includes('abc') && !text.includes('xyz'), text);
  assert.ok(text.length < 2500);
  assert.equal(redact('Basic ZGVzazpzZWNyZXQ='), 'Basic [redacted]');
});

test('redaction replaces the value only, and leaves prose whole', () => {
  // A zod path and message: not a credential.
  assert.equal(
    redact('access_token: Invalid input: expected string, received undefined'),
    'access_token: Invalid input: expected string, received undefined',
  );
  assert.equal(redact('Basic authentication failed'), 'Basic authentication failed');
  assert.equal(
    redact('sent access_token: eyJhbGciOi.J9x input: next'),
    'sent access_token: [redacted] input: next',
  );
  assert.equal(
    redact('{"access_token":"a b c","token_type":"Bearer"}'),
    '{"access_token":"[redacted]","token_type":"Bearer"}',
  );
  assert.equal(redact('x?client_secret=abc&y=1'), 'x?client_secret=[redacted]&y=1');
  assert.equal(
    redact('Authorization: Bearer tok-1-abcdef then more'),
    'Authorization: Bearer [redacted] then more',
  );
});

test('toAppError carries the reason through to the envelope', () => {
  const error = new OperatorError({
    kind: 'invalid_response',
    reason: 'redirect',
    message: 'GET /x: redirected',
  });
  assert.equal(toAppError(error).reason, 'redirect');
  assert.equal(
    toAppError({ kind: 'invalid_input', message: 'm', reason: 'insecure_http' }).reason,
    'insecure_http',
  );
  assert.equal(
    toAppError({ kind: 'invalid_input', message: 'm', reason: 'nonsense' }).reason,
    undefined,
  );
});
