// Code signing and notarisation in the release (issue 20): done with the secrets when present,
// skipped with a plain message when absent, never by a certificate found by chance.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signingPlan } from '../../../scripts/packaging/signing.ts';

test('macOS without secrets: signing and notarisation skipped, saying why', () => {
  const plan = signingPlan({ CSC_LINK: '', APPLE_ID: '' }, 'darwin');
  assert.equal(plan.skipped, true);
  assert.deepEqual(plan.env, { CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
  assert.deepEqual(plan.messages, [
    'macOS code signing skipped: no CSC_LINK secret (the app is signed ad hoc only).',
    'macOS notarisation skipped: the app is not signed.',
  ]);
});

test('macOS with a certificate but no Apple account: signed, notarisation skipped', () => {
  const plan = signingPlan({ CSC_LINK: 'base64…', CSC_KEY_PASSWORD: 'p' }, 'darwin');
  assert.deepEqual(plan.env, {});
  assert.equal(plan.skipped, true);
  assert.match(plan.messages.join('\n'), /notarisation skipped: no APPLE_ID/);
});

test('macOS with every secret: signed and notarised', () => {
  const plan = signingPlan(
    { CSC_LINK: 'c', APPLE_ID: 'a@b.fr', APPLE_APP_SPECIFIC_PASSWORD: 'x', APPLE_TEAM_ID: 'T' },
    'darwin',
  );
  assert.equal(plan.skipped, false);
  assert.deepEqual(plan.env, {});
  assert.match(
    plan.messages.join('\n'),
    /notarisation: with APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD/,
  );
});

test('Windows: signed with WIN_CSC_LINK, else skipped with a message', () => {
  assert.equal(signingPlan({ WIN_CSC_LINK: 'c' }, 'win32').skipped, false);
  const unsigned = signingPlan({ WIN_CSC_LINK: '  ' }, 'win32');
  assert.equal(unsigned.skipped, true);
  assert.deepEqual(unsigned.env, { CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
  assert.match(unsigned.messages[0]!, /Windows code signing skipped: no WIN_CSC_LINK/);
});

test('Linux: nothing to sign, said once', () => {
  const plan = signingPlan({}, 'linux');
  assert.equal(plan.skipped, false);
  assert.equal(plan.messages.length, 1);
});
