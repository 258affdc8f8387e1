// The browser host runs background sync rounds on its own (issue 19): started with
// INVOICE_DESK_BACKGROUND_SYNC set to a few seconds, its scheduler begins a round over the demo
// connections; the host is killed mid-round (SIGKILL) and the next round (here the CLI's
// `sync --all --due`) resumes the killed sync at once, its lock gone with the dead process.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DEMO_CONNECTION_IDS } from '#shared/contract.ts';
import { TOKEN_HEADER } from '#shared/rpc.ts';
import type { SyncRoundStatus } from '#shared/sync-round.ts';
import { CLI_ENTRY, jsonLines, runCli } from '#support/cli.ts';
import { PROJECT_ROOT, RENDERER_INDEX } from '#support/web-host.ts';

const built = existsSync(RENDERER_INDEX);
const dataDir = mkdtempSync(join(tmpdir(), 'host-background-sync-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

test(
  'the host starts a round by itself; killed mid-round, the next round resumes it',
  { skip: !built && 'out/renderer is not built (npm run build:web)' },
  async () => {
    const child = spawn(process.execPath, [CLI_ENTRY, 'web', '--port', '0', '--json'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        INVOICE_DESK_DATA_DIR: dataDir,
        INVOICE_DESK_BACKGROUND_SYNC: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.resume();
    try {
      const [first] = (await once(child.stdout!, 'data')) as [Buffer];
      const url = new URL(
        (JSON.parse(first.toString('utf8').split('\n')[0]!) as { url: string }).url,
      );
      const token = new URLSearchParams(url.hash.slice(1)).get('token')!;
      const status = async (): Promise<SyncRoundStatus> => {
        const response = await fetch(`${url.origin}/rpc/syncRound:status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
          body: JSON.stringify({ args: null }),
        });
        const result = (await response.json()) as { ok: boolean; value: SyncRoundStatus };
        assert.ok(result.ok);
        return result.value;
      };
      // Nobody asked: the scheduler's own round, of the connections due (never synced).
      let seen: SyncRoundStatus;
      for (;;) {
        seen = await status();
        const admin = seen.round?.connections[0];
        if ((admin?.progress?.invoicesSeen ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(seen.running, true);
      assert.equal(seen.round?.scope, 'due');
      assert.equal(seen.round?.connections[0]?.connectionId, DEMO_CONNECTION_IDS.admin);
      assert.equal(seen.round?.connections[0]?.state, 'syncing');
    } finally {
      child.kill('SIGKILL');
      await once(child, 'close');
    }

    const next = await runCli(['sync', '--all', '--due', '--no-details', '--json'], { dataDir });
    assert.equal(next.code, 0, next.stderr);
    const lines = jsonLines(next.stdout);
    assert.ok(!lines.some((l) => l.type === 'skipped'), 'the killed host holds no lock');
    const admin = lines.find(
      (l) => l.type === 'summary' && l.connectionId === DEMO_CONNECTION_IDS.admin,
    )!;
    assert.equal(admin.resumed, true, 'the killed sync is resumed');
    assert.equal(admin.cancelled, false);
  },
);
