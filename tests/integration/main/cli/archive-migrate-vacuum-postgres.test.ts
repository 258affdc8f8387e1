// `cli archive migrate --to firm` leaves the firm's tables vacuumed, on a real PostgreSQL 15
// server (issue 30): a fresh copy's visibility map is empty until a VACUUM, and counts read
// every row meanwhile. The app's role cannot VACUUM (only the tables' owner can before 17), so
// the migration prints the administrator's exact command, and that command vacuums them; a
// migration run by a role that may (the administrator's own) vacuums them itself.
// The tests run in a database of their own: a VACUUM marks a page all-visible only when no
// transaction of the same database is older than its rows, and the other PostgreSQL test files
// run beside this one on the same server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { keychainSkipReason, runCli } from '#support/cli.ts';
import { firmAppRole, type FirmAppRole } from '#support/firm-app-role.ts';
import { NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');
const skip = !TEST_PG_URL ? NO_SERVER : await keychainSkipReason();

interface Vacuumed {
  /** Tables of the schema a VACUUM (not autovacuum) has passed over. */
  vacuumed: number;
  tables: number;
  /** The invoices' pages marked all-visible, of their pages. */
  visible: number;
  pages: number;
}

describe('cli archive migrate --to firm: the tables vacuumed', { skip }, () => {
  // A database of its own, named after the run (see above).
  const database = `vacuum_${randomBytes(4).toString('hex')}`;
  let dataDir: string;
  let firm: FirmAppRole;
  const admin = new URL(TEST_PG_URL ?? 'postgres://x@localhost/x');
  admin.pathname = `/${database}`;
  const adminUrl = admin.toString();

  /** What the server says of the schema's tables (as the administrator: the app cannot see
   * the statistics' owner-only columns). */
  async function state(): Promise<Vacuumed> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<Vacuumed>(
        `SELECT count(*) FILTER (WHERE s.last_vacuum IS NOT NULL)::int AS vacuumed,
           count(*)::int AS tables,
           max(c.relallvisible) FILTER (WHERE c.relname = 'invoices')::int AS visible,
           max(c.relpages) FILTER (WHERE c.relname = 'invoices')::int AS pages
         FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
         WHERE s.schemaname = $1`,
        [firm.schema],
      );
      return rows[0]!;
    } finally {
      await client.end();
    }
  }

  before(async () => {
    const server = new pg.Client({ connectionString: TEST_PG_URL! });
    await server.connect();
    await server.query(`CREATE DATABASE ${database}`);
    await server.end();
    dataDir = mkdtempSync(join(tmpdir(), 'migrate-vacuum-'));
    const listed = await runCli(['connections', 'list', '--json'], { dataDir });
    const [first] = JSON.parse(listed.stdout) as { id: string }[];
    assert.ok(first, listed.stderr);
    fillDemoArchive(dataDir, first.id, { invoices: 2000, now: NOW, detailShare: 0.5 });
    firm = await firmAppRole(adminUrl, 'vacuum');
  });
  after(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await firm?.close();
    const server = new pg.Client({ connectionString: TEST_PG_URL! });
    await server.connect();
    await server.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await server.end();
  });

  test("as the app's role: the administrator's exact command printed, and it vacuums", async () => {
    const connected = await runCli(
      ['firm', 'connect', firm.appUrl, '--schema', firm.schema, '--tls', 'off'],
      { dataDir, input: `${firm.appPassword}\n` },
    );
    assert.equal(connected.code, 0, connected.stderr);
    const before = await state();
    const moved = await runCli(['archive', 'migrate', '--all', '--to', 'firm'], { dataDir });
    assert.equal(moved.code, 0, moved.stderr);
    const command = `npm run cli -- firm init postgres://<administrator>@${admin.host}${admin.pathname} --schema ${firm.schema} --tls off`;
    assert.ok(
      moved.stdout.includes(`not vacuumed`) && moved.stdout.includes(command),
      moved.stdout,
    );
    // Not vacuumed by the migration (it could not be).
    assert.equal((await state()).vacuumed, before.vacuumed);

    // The command as printed, the administrator's name filled in, the password on stdin.
    const words = command
      .replace('<administrator>', decodeURIComponent(admin.username))
      .split(' ')
      .slice(4); // npm run cli --
    const done = await runCli(words, {
      dataDir,
      input: `${decodeURIComponent(admin.password)}\n`,
    });
    assert.equal(done.code, 0, done.stderr);
    assert.match(done.stdout, /\d+ tables vacuumed and analysed/);
    const after = await state();
    assert.equal(after.vacuumed, after.tables, 'every table of the schema vacuumed');
    assert.ok(after.pages > 0);
    assert.equal(after.visible, after.pages, "every invoices' page all-visible");
  });

  test("as a role that may vacuum (the administrator's): the migration vacuums itself", async () => {
    const connected = await runCli(
      ['firm', 'connect', adminUrl, '--schema', firm.schema, '--tls', 'off'],
      { dataDir },
    );
    assert.equal(connected.code, 0, connected.stderr);
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const lastVacuum = async () =>
      (
        await client.query<{ at: Date | null }>(
          `SELECT last_vacuum AS at FROM pg_stat_user_tables
           WHERE schemaname = $1 AND relname = 'invoices'`,
          [firm.schema],
        )
      ).rows[0]!.at;
    try {
      const earlier = await lastVacuum();
      const moved = await runCli(['archive', 'migrate', '--all', '--to', 'firm'], { dataDir });
      assert.equal(moved.code, 0, moved.stderr);
      assert.match(moved.stdout, /the firm's \d+ tables vacuumed and analysed/);
      assert.doesNotMatch(moved.stdout, /not vacuumed/);
      const later = await lastVacuum();
      assert.ok(later && (!earlier || later > earlier), `${String(earlier)} → ${String(later)}`);
    } finally {
      await client.end();
    }
  });
});
