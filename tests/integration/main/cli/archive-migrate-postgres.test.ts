// `cli archive migrate --all --to firm` on a real server and keychain: this workstation's
// embedded archives (the demo connections', filled as a sync writes them) copied into the
// firm's archive that `firm connect` set; counts and digests equal, said per connection; run
// again, the same; without a firm server, a clear refusal.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { openPool } from '#main/services/archive/postgres/database.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { userDataDirectory } from '#main/services/archive/user-data-directory.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { jsonLines, keychainSkipReason, runCli } from '#support/cli.ts';
import { firmAppRole, type FirmAppRole } from '#support/firm-app-role.ts';
import { NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');
const skip = !TEST_PG_URL ? NO_SERVER : await keychainSkipReason();

describe('cli archive migrate --to firm', { skip }, () => {
  let dataDir: string;
  let firm: FirmAppRole;
  const ids: string[] = [];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'migrate-cli-'));
    const listed = await runCli(['connections', 'list', '--json'], { dataDir });
    for (const c of JSON.parse(listed.stdout) as { id: string }[]) ids.push(c.id);
    assert.ok(ids.length >= 2, listed.stderr);
    fillDemoArchive(dataDir, ids[0]!, { invoices: 700, now: NOW, detailShare: 0.5 });
    fillDemoArchive(dataDir, ids[1]!, { seed: 8, invoices: 300, now: NOW, company: 'Autre SAS' });
    firm = await firmAppRole(TEST_PG_URL!, 'migrate');
  });
  after(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await firm?.close();
  });

  test('without a firm server: refused, and said why', async () => {
    const refused = await runCli(['archive', 'migrate', '--all', '--to', 'firm'], { dataDir });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /no firm server.*firm connect/);
    const usage = await runCli(['archive', 'migrate', '--all', '--to', 'elsewhere'], { dataDir });
    assert.equal(usage.code, 2);
  });

  test('every archive copied, counts and digests equal; again, the same', async () => {
    const connected = await runCli(
      ['firm', 'connect', firm.appUrl, '--schema', firm.schema, '--tls', 'off'],
      {
        dataDir,
        input: `${firm.appPassword}\n`,
      },
    );
    assert.equal(connected.code, 0, connected.stderr);
    for (const round of [1, 2]) {
      const moved = await runCli(['archive', 'migrate', '--all', '--to', 'firm', '--json'], {
        dataDir,
      });
      assert.equal(moved.code, 0, moved.stderr);
      const lines = jsonLines(moved.stdout) as unknown as {
        connectionId: string;
        equal: boolean;
        to: { invoices: number; details: number };
      }[];
      assert.deepEqual(
        lines.map((l) => [l.connectionId, l.equal, l.to.invoices, l.to.details]),
        [
          [ids[0], true, 700, 350],
          [ids[1], true, 300, 300],
        ],
        `round ${round}`,
      );
    }
    const archives = new PostgresArchives(
      openPool({ url: firm.appUrl, password: firm.appPassword, schema: firm.schema }),
      firm.schema,
    );
    try {
      const entries = await archives.ports.portfolio(ids.slice(0, 2), '2026-03-15');
      assert.ok([...entries.values()].every((e) => e !== null && !(e instanceof Error)));
      assert.equal((await (await archives.ports.existing(ids[1]!))!.counts()).invoices, 300);
    } finally {
      await archives.close();
    }
  });

  test("the user's data moves with its archive: counts equal, said per table", async () => {
    const archives = new Archives({ dataDir, log: { info() {}, warn() {}, error() {} } });
    try {
      const mine = await userDataDirectory(archives).of(ids[1]!);
      await mine.markPaid(['inv-1', 'inv-2', 'inv-3'], '2026-03-01', null, NOW);
      await mine.saveCarriedCredit({ from: '2026-01-01', to: '2026-01-31' }, 900, NOW);
    } finally {
      await archives.close();
    }
    const moved = await runCli(
      ['archive', 'migrate', '--connection', ids[1]!, '--to', 'firm', '--json'],
      { dataDir },
    );
    assert.equal(moved.code, 0, moved.stderr);
    const [line] = jsonLines(moved.stdout) as unknown as {
      equal: boolean;
      userData: { from: Record<string, number>; to: Record<string, number> };
    }[];
    assert.equal(line!.equal, true);
    assert.deepEqual(line!.userData.to, line!.userData.from);
    assert.equal(line!.userData.to['payment_marks'], 3);
    assert.equal(line!.userData.to['carried_credits'], 1);
    const said = await runCli(['archive', 'migrate', '--connection', ids[1]!, '--to', 'firm'], {
      dataDir,
    });
    assert.match(said.stdout, /payment marks 3, carried credits 1.*counts and digest equal/);
  });
});
