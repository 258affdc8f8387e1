// `cli firm init|connect|status|disconnect` against a real PostgreSQL server (scripts/
// with-postgres.sh) and a real keychain (scripts/with-keyring.sh): the administrator makes the
// schema and the app's role; a workstation connects with the app's password on stdin or in the
// URL, which goes to the keychain and nowhere else; the app's role cannot change the schema.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  allFilesText,
  jsonLines,
  keychainSkipReason,
  keytar,
  KEYCHAIN_SERVICE,
  runCli,
} from '#support/cli.ts';
import { holdKeychainEntry } from '#support/keychain-entry.ts';
import { NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { FIRM_VAULT_ACCOUNT } from '#main/services/archive/postgres/firm-settings.ts';
import { SCHEMA_VERSION } from '#main/services/archive/postgres/migrate.ts';

const skip = !TEST_PG_URL ? NO_SERVER : await keychainSkipReason();

/** The URL with another user and no password. */
function urlOf(user: string): string {
  const url = new URL(TEST_PG_URL!);
  url.username = user;
  url.password = '';
  return url.toString();
}

describe('cli firm: the firm archive on PostgreSQL', { skip }, () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `firm_${suffix}`;
  const role = `app_${suffix}`;
  const admin = TEST_PG_URL ? new URL(TEST_PG_URL) : null;
  const adminPassword = admin ? decodeURIComponent(admin.password) : '';
  let dataDir: string;
  let appPassword: string;

  // The firm's password is one keychain entry whatever the data folder: held while this file
  // sets and removes it (archive-migrate-postgres.test.ts sets it too).
  let release = () => {};

  before(async () => {
    release = await holdKeychainEntry(FIRM_VAULT_ACCOUNT);
    dataDir = mkdtempSync(join(tmpdir(), 'firm-cli-'));
  });
  after(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await keytar.deletePassword(KEYCHAIN_SERVICE, FIRM_VAULT_ACCOUNT).catch(() => {});
    release();
    const client = new pg.Client({ connectionString: TEST_PG_URL! });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`DROP OWNED BY ${role}`).catch(() => {});
    await client.query(`DROP ROLE IF EXISTS ${role}`);
    await client.end();
  });

  const cli = (args: string[], input?: string) =>
    runCli(['firm', ...args], { dataDir, ...(input !== undefined ? { input } : {}) });

  test('a workstation with no firm server uses the embedded archive', async () => {
    const status = await cli(['status', '--json']);
    assert.equal(status.code, 0, status.stderr);
    assert.deepEqual(jsonLines(status.stdout), [{ store: 'sqlite' }]);
  });

  test('init: the schema and the app role, the admin password on stdin; again: nothing new', async () => {
    const init = await cli(
      [
        'init',
        urlOf(admin!.username),
        '--schema',
        schema,
        '--app-role',
        role,
        '--tls',
        'off',
        '--json',
      ],
      `${adminPassword}\n`,
    );
    assert.equal(init.code, 0, init.stderr);
    const [done] = jsonLines(init.stdout);
    assert.equal(done!.schema, schema);
    // Every step this app knows (1 when written; later steps added user data, the bank, the firm's clients).
    assert.equal(done!.schemaVersion, SCHEMA_VERSION);
    assert.equal(done!.appRole, role);
    assert.match(String(done!.appPassword), /^[\w-]{24,}$/);
    appPassword = String(done!.appPassword);
    const again = await cli([
      'init',
      TEST_PG_URL!,
      '--schema',
      schema,
      '--app-role',
      role,
      '--tls',
      'off',
      '--json',
    ]);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(
      jsonLines(again.stdout)[0]!.appPassword,
      null,
      'an existing role keeps its password',
    );
    assert.ok(!again.stderr.includes(adminPassword));
  });

  test('connect: a wrong password or an unknown schema changes nothing and says why', async () => {
    const wrong = await cli(['connect', urlOf(role), '--schema', schema, '--tls', 'off'], 'nope\n');
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /^auth: .*password authentication failed/);
    const unknown = await cli(
      ['connect', urlOf(role), '--schema', `${schema}_x`, '--tls', 'off'],
      `${appPassword}\n`,
    );
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no schema .* firm init/);
    assert.ok(!unknown.stderr.includes(appPassword));
    assert.equal(existsSync(join(dataDir, 'firm.json')), false);
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, FIRM_VAULT_ACCOUNT), null);
    const bad = await cli(['connect', 'http://example.org/x']);
    assert.equal(bad.code, 2);
    const verified = await cli(['connect', urlOf(role), '--schema', schema], `${appPassword}\n`);
    assert.equal(verified.code, 1, 'TLS with verification is the default: this server has none');
    assert.match(verified.stderr, /^tls: /);
  });

  test('connect: the password (here in the URL) goes to the keychain, never to a file', async () => {
    const url = new URL(urlOf(role));
    url.password = appPassword;
    const connected = await cli(['connect', url.toString(), '--schema', schema, '--tls', 'off']);
    assert.equal(connected.code, 0, connected.stderr);
    assert.match(connected.stdout, new RegExp(`connected to the firm's archive as ${role}`));
    assert.ok(!connected.stdout.includes(appPassword));
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, FIRM_VAULT_ACCOUNT), appPassword);
    const saved = JSON.parse(readFileSync(join(dataDir, 'firm.json'), 'utf8')) as {
      url: string;
    };
    assert.equal(saved.url, urlOf(role));
    assert.ok(!allFilesText(dataDir).includes(appPassword), 'no file holds the password');
  });

  test('status: the server, the schema, and an app role that cannot change it', async () => {
    const status = await cli(['status', '--json']);
    assert.equal(status.code, 0, status.stderr);
    const [found] = jsonLines(status.stdout);
    assert.equal(found!.store, 'firm');
    assert.equal(found!.user, role);
    assert.equal(found!.schemaVersion, found!.appSchemaVersion);
    assert.equal(found!.canChangeSchema, false);
    assert.ok(!status.stdout.includes(appPassword));
    const app = new pg.Client({
      host: admin!.hostname,
      port: Number(admin!.port),
      database: 'postgres',
      user: role,
      password: appPassword,
    });
    await app.connect();
    try {
      await app.query(`INSERT INTO ${schema}.archives (connection_id) VALUES ('rows-yes')`);
      await assert.rejects(app.query(`CREATE TABLE ${schema}.other (i int)`), {
        code: '42501',
      });
      await assert.rejects(app.query(`ALTER TABLE ${schema}.invoices ADD COLUMN x int`), {
        code: '42501',
      });
      await assert.rejects(
        app.query(`DELETE FROM ${schema}.schema_migrations`),
        { code: '42501' },
        'the steps applied are the administrator’s',
      );
    } finally {
      await app.end();
    }
  });

  test('disconnect: back to the embedded archive, the password forgotten', async () => {
    const done = await cli(['disconnect']);
    assert.equal(done.code, 0, done.stderr);
    assert.equal(existsSync(join(dataDir, 'firm.json')), false);
    assert.equal(await keytar.getPassword(KEYCHAIN_SERVICE, FIRM_VAULT_ACCOUNT), null);
    assert.deepEqual(jsonLines((await cli(['status', '--json'])).stdout), [{ store: 'sqlite' }]);
  });
});
