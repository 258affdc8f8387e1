// The third-party memory on real files (issue 17, item 2): the connection's user-data file keeps
// the settings and the accountant's choices; a choice is applied to the party's next invoice
// through the AccountChooser; the CSV goes out and back in through the CLI as a user runs it; and
// clearing and refilling the archive leaves the memory alone (it is another file).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, test } from 'node:test';
import type { ThirdPartyRole } from '#shared/accounting.ts';
import { archivePath } from '#main/services/archive/sqlite/archive-store.ts';
import { Archives } from '#main/services/archive/archives.ts';
import {
  USER_DATA_MIGRATIONS,
  openUserData,
  userDataPath,
} from '#main/services/archive/user-data-store.ts';
import {
  DEFAULT_ACCOUNTING_SETTINGS,
  defaultAccountingSettings,
  validateAccountingSettings,
} from '#main/services/accounting/settings.ts';
import {
  accountChooser,
  invoiceReferenceAccount,
  mapThirdParties,
  thirdPartyKey,
} from '#main/services/accounting/third-parties.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { runCli, jsonLines } from '#support/cli.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'third-parties-'));
  dirs.push(dir);
  return dir;
}
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const AT = new Date('2026-11-24T10:00:00Z');

test('settings: the defaults until saved, kept across reopening, a damaged file read field by field', () => {
  const dir = dataDir();
  let store = openUserData(dir, 'conn-1');
  assert.deepEqual(store.readAccountingSettings(), DEFAULT_ACCOUNTING_SETTINGS);
  const mine = validateAccountingSettings({
    ...defaultAccountingSettings(),
    siren: '552 100 554',
    fiscalYearEnd: '06-30',
    journals: { ...DEFAULT_ACCOUNTING_SETTINGS.journals, sales: { code: 've', label: 'Ventes' } },
  });
  store.saveAccountingSettings(mine, AT);
  store.close();
  store = openUserData(dir, 'conn-1');
  assert.equal(store.readAccountingSettings().siren, '552100554');
  assert.equal(store.readAccountingSettings().journals.sales.code, 'VE');
  store.close();

  // Someone (another program, a disk fault) damaged one setting, then the whole row.
  const db = new DatabaseSync(userDataPath(dir, 'conn-1'));
  const stored = JSON.parse(
    (db.prepare('SELECT settings FROM accounting_settings').get() as { settings: string }).settings,
  ) as Record<string, unknown>;
  db.prepare('UPDATE accounting_settings SET settings = ?').run(
    JSON.stringify({ ...stored, fiscalYearEnd: '06-31', accounts: { customers: 'ABC' } }),
  );
  store = openUserData(dir, 'conn-1');
  const read = store.readAccountingSettings();
  assert.equal(read.siren, '552100554');
  assert.equal(read.journals.sales.code, 'VE');
  assert.equal(read.fiscalYearEnd, '12-31');
  assert.equal(read.accounts.customers, '411000');
  db.prepare('UPDATE accounting_settings SET settings = ?').run('{not json');
  assert.deepEqual(store.readAccountingSettings(), DEFAULT_ACCOUNTING_SETTINGS);
  store.close();
  db.close();
});

test('a user-data file of step 1 (payment marks only) moves to step 2 and keeps its marks', () => {
  const dir = dataDir();
  const path = userDataPath(dir, 'conn-1');
  const store0 = openUserData(dir, 'conn-0'); // makes the folder
  store0.close();
  const db = new DatabaseSync(path);
  USER_DATA_MIGRATIONS[0]!(db);
  db.exec('PRAGMA user_version = 1');
  db.prepare(
    "INSERT INTO payment_marks VALUES ('00000000-0000-4000-8000-000000000001', '2026-11-02', NULL, ?)",
  ).run(AT.toISOString());
  db.close();
  const store = openUserData(dir, 'conn-1');
  try {
    assert.equal(store.paymentMarks().size, 1);
    assert.deepEqual(store.thirdParties(), []);
    assert.deepEqual(store.auxiliaryCodes(), new Map());
  } finally {
    store.close();
  }
});

test('the store: one row per party and role, an auxiliary code held once, saved all or none', () => {
  const dir = dataDir();
  const store = openUserData(dir, 'conn-1');
  try {
    const row = (key: string, role: ThirdPartyRole, auxiliary: string) => ({
      key,
      role,
      name: `Party ${key}`,
      auxiliary,
      account: role === 'customer' ? '706000' : '604000',
      label: null,
      confirmed: true,
      updatedAt: AT.toISOString(),
    });
    store.saveThirdParties([
      row('552100554', 'supplier', 'FA'),
      row('552100554', 'customer', 'CA'),
    ]);
    assert.equal(store.thirdParty('552100554', 'customer')?.auxiliary, 'CA');
    assert.throws(
      () =>
        store.saveThirdParties([
          row('732829320', 'supplier', 'FB'),
          row('100000009', 'supplier', 'FA'),
        ]),
      (error: unknown) => (error as { kind?: string }).kind === 'conflict',
    );
    assert.equal(store.thirdParty('732829320', 'supplier'), null, 'nothing of the refused batch');
    assert.deepEqual([...store.auxiliaryCodes()].map(([code, p]) => [code, p.key, p.role]).sort(), [
      ['CA', '552100554', 'customer'],
      ['FA', '552100554', 'supplier'],
    ]);
  } finally {
    store.close();
  }
});

test("the accountant's choice is remembered and applied to the party's next invoice", () => {
  const dir = dataDir();
  // Received invoices of the demo operator: their seller is the company's supplier.
  const dataset = createDataset(7, 600, { startMs: Date.parse('2026-11-20T12:00:00Z') });
  type Business = NonNullable<ReturnType<typeof dataset.invoice>['businessData']>;
  const bySupplier = new Map<string, Business[]>();
  for (const record of [...dataset.records].reverse()) {
    if (record.direction !== 'INBOUND') continue;
    const invoice = dataset.invoice(record).businessData!;
    const key = thirdPartyKey(invoice.seller);
    bySupplier.set(key, [...(bySupplier.get(key) ?? []), invoice]);
  }
  const [key, invoices] = [...bySupplier].find(([, list]) => list.length >= 2)!;
  const [first, next] = invoices;
  const other = [...bySupplier.keys()].find((k) => k !== key)!;
  const ask = (chooser: ReturnType<typeof accountChooser>, invoice: NonNullable<typeof first>) =>
    chooser.choose({
      key: thirdPartyKey(invoice.seller),
      role: 'supplier',
      name: invoice.seller.name,
      invoiceAccount: invoiceReferenceAccount(invoice.referenceData?.accountingCostId, 'supplier'),
      defaultAccount: '604000',
    });

  let store = openUserData(dir, 'demo-admin');
  const settings = store.readAccountingSettings();
  const suggestion = ask(accountChooser(store, settings), first!);
  assert.equal(suggestion.confirmed, false, 'a new supplier: a suggestion, the entry provisional');
  assert.notEqual(suggestion.suggestedFrom, 'memory');
  assert.match(suggestion.auxiliary, /^F[A-Z0-9]+$/);
  // The accountant keeps the suggested code and chooses an account and a label.
  mapThirdParties(
    store,
    settings,
    [
      {
        key,
        role: 'supplier',
        name: first!.seller.name,
        auxiliary: suggestion.auxiliary,
        account: '615200',
        label: 'Entretien',
      },
    ],
    AT,
  );
  store.close();

  // Later (another run, the file reopened): the next invoice of that party gets the choice.
  store = openUserData(dir, 'demo-admin');
  try {
    const chooser = accountChooser(store, store.readAccountingSettings());
    assert.notEqual(next!.invoiceId, first!.invoiceId);
    assert.deepEqual(ask(chooser, next!), {
      auxiliary: suggestion.auxiliary,
      account: '615200',
      label: 'Entretien',
      confirmed: true,
      suggestedFrom: 'memory',
    });
    const stranger = bySupplier.get(other)![0]!;
    const forStranger = ask(chooser, stranger);
    assert.equal(forStranger.confirmed, false);
    assert.notEqual(forStranger.auxiliary, suggestion.auxiliary);
  } finally {
    store.close();
  }
});

test('CSV round trip through the CLI: import with bad lines refused, export, import elsewhere, same file', async () => {
  const dir = dataDir();
  const input = join(dir, 'plan.csv');
  writeFileSync(
    input,
    [
      'Clé;Rôle;Nom;Compte auxiliaire;Compte;Libellé',
      '552100554;fournisseur;Orange SA;FORANGE;626000;Téléphone',
      'DE123456789;fournisseur;Müller GmbH;FMULLER;218300;"Machines; outillage"',
      ';client;Boulangerie Élise;CBOULANG;706000;',
      '12;client;Bad key;CBAD;706000;',
      '732829320;fournisseur;Wrong class;FWRONG;706000;',
    ].join('\r\n'),
  );
  const imported = await runCli(
    ['accounts', 'import', '--connection', 'Démo (administrateur)', '--file', input, '--json'],
    { dataDir: dir },
  );
  assert.equal(imported.code, 0, imported.stderr);
  const summary = jsonLines(imported.stdout)[0] as {
    added: number;
    updated: number;
    refused: { line: number; code: string; reason: string }[];
  };
  assert.equal(summary.added, 3);
  assert.equal(summary.updated, 0);
  assert.deepEqual(
    summary.refused.map((r) => [r.line, r.code]),
    [
      [5, 'key'],
      [6, 'account_class'],
    ],
  );

  const out = join(dir, 'export.csv');
  const exported = await runCli(
    ['accounts', 'export', '--connection', 'demo-admin', '--file', out, '--json'],
    { dataDir: dir },
  );
  assert.equal(exported.code, 0, exported.stderr);
  assert.equal((jsonLines(exported.stdout)[0] as { thirdParties: number }).thirdParties, 3);
  const bytes = readFileSync(out);
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a BOM');
  const text = bytes.toString('utf8');
  assert.equal(
    text,
    '\uFEFFClé;Rôle;Nom;Compte auxiliaire;Compte;Libellé\r\n' +
      'NAME:BOULANGERIE ELISE;client;Boulangerie Élise;CBOULANG;706000;\r\n' +
      'DE123456789;fournisseur;Müller GmbH;FMULLER;218300;"Machines; outillage"\r\n' +
      '552100554;fournisseur;Orange SA;FORANGE;626000;Téléphone\r\n',
  );

  // Into another connection, and out again: the very same bytes.
  const again = await runCli(['accounts', 'import', '--connection', 'demo-user', '--file', out], {
    dataDir: dir,
  });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /3 added, 0 updated, 0 lines refused/);
  const out2 = join(dir, 'export-2.csv');
  const second = await runCli(['accounts', 'export', '--connection', 'demo-user', '--file', out2], {
    dataDir: dir,
  });
  assert.equal(second.code, 0, second.stderr);
  assert.deepEqual(readFileSync(out2), bytes);

  // Refused lines are said on stderr without --json; a file that is not a CSV fails (exit 1).
  const noisy = await runCli(['accounts', 'import', '--connection', 'demo-user', '--file', input], {
    dataDir: dir,
  });
  assert.equal(noisy.code, 0);
  assert.match(noisy.stderr, /line 5 refused: the key "12" is not a SIREN/);
  assert.match(noisy.stdout, /0 added, 3 updated, 2 lines refused/);
  const workbook = join(dir, 'book.csv');
  writeFileSync(workbook, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]));
  const bad = await runCli(
    ['accounts', 'import', '--connection', 'demo-user', '--file', workbook],
    {
      dataDir: dir,
    },
  );
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /^invalid_input: This file is not a CSV text file/);
  const missing = await runCli(
    ['accounts', 'import', '--connection', 'demo-user', '--file', join(dir, 'none.csv')],
    { dataDir: dir },
  );
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /^not_found: There is no file/);
  // French Excel's own "CSV (séparateur: point-virgule)" is Windows-1252: read as such.
  const excel = join(dir, 'excel.csv');
  const windows1252 = (text: string) =>
    Buffer.from([...text].map((c) => (c === 'Œ' ? 0x8c : c === '€' ? 0x80 : c.charCodeAt(0))));
  writeFileSync(
    excel,
    windows1252(
      'Clé;Rôle;Nom;Compte auxiliaire;Compte;Libellé\r\n100000009;client;Société Œnologie;COENO;706000;Vins € export\r\n',
    ),
  );
  const win = await runCli(['accounts', 'import', '--connection', 'demo-user', '--file', excel], {
    dataDir: dir,
  });
  assert.equal(win.code, 0, win.stderr);
  const back = join(dir, 'back.csv');
  assert.equal(
    (
      await runCli(['accounts', 'export', '--connection', 'demo-user', '--file', back], {
        dataDir: dir,
      })
    ).code,
    0,
  );
  assert.match(
    readFileSync(back, 'utf8'),
    /\r\n100000009;client;Société Œnologie;COENO;706000;Vins € export\r\n/,
  );
  const usage = await runCli(['accounts', 'import', '--connection', 'demo-user'], { dataDir: dir });
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /missing --file/);
});

test('clearing and refilling the archive keeps the memory: it is the user-data file, apart', async () => {
  const dir = dataDir();
  const now = new Date('2026-11-22T12:00:00Z');
  fillDemoArchive(dir, 'demo-admin', { seed: 5, invoices: 200, now });
  const archives = new Archives({ dataDir: dir });
  try {
    archives.open('demo-admin');
    const store = archives.userData('demo-admin');
    const settings = validateAccountingSettings({
      ...defaultAccountingSettings(),
      fiscalYearEnd: '03-31',
    });
    store.saveAccountingSettings(settings, now);
    mapThirdParties(
      store,
      settings,
      [
        {
          key: '552100554',
          role: 'supplier',
          name: 'Orange',
          auxiliary: 'FORANGE',
          account: '626000',
          label: null,
        },
      ],
      now,
    );
    assert.notEqual(archivePath(dir, 'demo-admin'), userDataPath(dir, 'demo-admin'));

    await archives.clear('demo-admin');
    assert.equal(existsSync(archivePath(dir, 'demo-admin')), false, 'the archive is gone');
    assert.ok(existsSync(userDataPath(dir, 'demo-admin')), 'the user-data file is not');
    fillDemoArchive(dir, 'demo-admin', { seed: 5, invoices: 200, now });
    archives.open('demo-admin');

    const kept = archives.userData('demo-admin');
    assert.equal(kept.readAccountingSettings().fiscalYearEnd, '03-31');
    assert.deepEqual(
      kept.thirdParties().map((p) => [p.key, p.auxiliary, p.account, p.confirmed]),
      [['552100554', 'FORANGE', '626000', true]],
    );
  } finally {
    await archives.close();
  }
});
