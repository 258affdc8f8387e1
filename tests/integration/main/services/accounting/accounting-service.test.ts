// The accounting service over a connection's real files (issue 17, item 1 and the service): the
// profile (default settings, the SIREN found from the invoices), settings saved or refused with
// nothing written, a period refused in words, and reads that never create a file.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { parsePeriod } from '#shared/report-period.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { userDataPath } from '#main/services/archive/user-data-store.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { defaultAccountingSettings } from '#main/services/accounting/settings.ts';
import { fullInvoice, searchItem, uuidOf } from '#support/archive-fixtures.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let dir: string;
let archives: Archives;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'accounting-service-'));
  archives = new Archives({ dataDir: dir, log: quiet });
});
afterEach(async () => {
  await archives.close();
  rmSync(dir, { recursive: true, force: true });
});

const service = () =>
  createAccountingService({ archives, now: () => new Date('2026-11-22T12:00:00Z') });

test('a connection never synced: default settings, no SIREN, an empty ledger, no file made', async () => {
  const accounting = service();
  const profile = await accounting.profile('c1');
  assert.deepEqual(profile, { settings: defaultAccountingSettings(), foundSiren: null });
  const ledger = await accounting.ledger('c1', parsePeriod('2026-10'));
  assert.equal(ledger.entries.length, 0);
  assert.deepEqual(
    ledger.journals.map((j) => [j.code, j.label, j.debitCents]),
    [
      ['VT', 'Ventes', 0],
      ['HA', 'Achats', 0],
      ['OD', 'Opérations diverses', 0],
    ],
  );
  assert.equal(ledger.computedAt, '2026-11-22T12:00:00.000Z');
  assert.deepEqual(await accounting.thirdParties('c1'), []);
  assert.equal(existsSync(join(dir, 'archive', 'c1.sqlite')), false);
  assert.equal(existsSync(userDataPath(dir, 'c1')), false);
});

test('the SIREN is found from the invoices; the one the user sets wins in the ledger', async () => {
  const archive = openArchive(dir, 'c1');
  const item = searchItem({
    id: uuidOf(1),
    direction: 'OUTBOUND',
    invoiceDate: '2026-10-05',
    seller: { name: 'Atelier Duval SAS', siren: '412192213' },
    buyer: { name: 'Client', siren: '443061841' },
  });
  archive.upsertSearchItems([item], '2026-11-01T00:00:00Z');
  archive.saveDetail(fullInvoice(item), '2026-11-01T00:00:00Z');
  archive.close();
  const accounting = service();
  assert.equal((await accounting.profile('c1')).foundSiren, '412192213');
  const before = await accounting.ledger('c1', parsePeriod('2026-10'));
  assert.deepEqual(before.company, { siren: '412192213', name: 'Atelier Duval SAS' });
  assert.equal(before.entries.length, 1);

  const settings = { ...defaultAccountingSettings(), siren: '552 100 554' };
  settings.journals.sales = { code: 've', label: 'Ventes' };
  const saved = await accounting.saveSettings('c1', settings);
  assert.equal(saved.settings.siren, '552100554');
  assert.equal(saved.foundSiren, '412192213');
  const after = await accounting.ledger('c1', parsePeriod('2026-10'));
  assert.equal(after.company.siren, '552100554');
  assert.equal(after.journals[0]?.code, 'VE', 'the saved journal code is used');
});

test('settings refused: every problem said, nothing written', async () => {
  const accounting = service();
  const bad = defaultAccountingSettings();
  bad.accounts.customers = '41A';
  bad.siren = '123456789';
  await assert.rejects(
    () => accounting.saveSettings('c1', bad),
    (error: unknown) =>
      error instanceof AppFailure &&
      error.kind === 'invalid_input' &&
      /accounts\.customers/.test(error.message) &&
      /siren/.test(error.message),
  );
  assert.equal(existsSync(userDataPath(dir, 'c1')), false);
  assert.deepEqual((await accounting.profile('c1')).settings, defaultAccountingSettings());
});

test('a period that is not one is refused in words', async () => {
  await assert.rejects(
    () => service().ledger('c1', { from: '2026-10-31', to: '2026-10-01', label: 'x' }),
    (error: unknown) => error instanceof AppFailure && error.kind === 'invalid_input',
  );
});
