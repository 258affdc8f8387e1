// What sync needs from the demo operator, over real HTTP: the request log (in-process and from the
// CLI, read while it runs and after a kill), arrivals at the head of the search, statuses that
// move forward when the clock does, nothing dated after the clock, newest-first paging, and the
// largest OR of invoice ids the q accepts.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { MAX_QUERY_LENGTH } from '#main/demo-operator/query.ts';
import { LIFECYCLE_CODES } from '#shared/operator/enums.ts';
import { CLI_ENTRY } from '#support/cli-entry.ts';
import { api, call, tokenFor } from '#support/demo-operator.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DAY = 86_400_000;
// The operator's clock where a test does not set its own (issue 25): the same data on any day.
const NOW = new Date('2026-11-22T12:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'demo-operator-log-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Item {
  metadata: { invoiceId: string; createDate: string };
  lastStatusData?: { code: string; date: string };
  businessData?: { invoiceDate: string };
}

function readLog(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const idsOf = (body: { data: Item[] }): string[] => body.data.map((d) => d.metadata.invoiceId);
const orOfIds = (ids: string[]): string =>
  ids.map((id) => `invoice.invoiceId:"${id}"`).join(' OR ');

describe('--log: one JSON line per request', () => {
  test('in-process: time, method, path with query, status; token requests too; no secret', async () => {
    const file = join(dir, 'in-process.log');
    const demoOperator = await startDemoOperator({ seed: 5, invoices: 300, now: NOW, log: file });
    try {
      const token = await tokenFor(demoOperator, 'admin');
      const get = api(demoOperator, token);
      const search = '/v1.1/invoice/search?limit=3&q=invoice.state%3A%22DELIVERED%22';
      assert.equal((await get(search)).status, 200);
      // Read while the server runs, right after the answer: the line is already there.
      assert.equal(readLog(file).at(-1)!.path, search);
      assert.equal((await get('/v1/nowhere?x=1')).status, 404);
      assert.equal((await api(demoOperator, 'forged-token')('/v1/config/webhook')).status, 401);
      const refused = await call(`${demoOperator.tokenUrl}?client_secret=in-the-query`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=demo-admin&client_secret=wrong-secret',
      });
      assert.equal(refused.status, 401);

      const lines = readLog(file);
      assert.deepEqual(
        lines.map((l) => [l.method, l.path, l.status]),
        [
          ['POST', new URL(demoOperator.tokenUrl).pathname, 200],
          ['GET', search, 200],
          ['GET', '/v1/nowhere?x=1', 404],
          ['GET', '/v1/config/webhook', 401],
          ['POST', new URL(demoOperator.tokenUrl).pathname, 401],
        ],
      );
      for (const line of lines) {
        assert.deepEqual(Object.keys(line), ['time', 'method', 'path', 'status']);
        assert.equal(new Date(line.time as string).toISOString(), line.time);
        assert.ok(Date.parse(line.time as string) <= demoOperator.now().getTime());
      }
      const text = readFileSync(file, 'utf8');
      for (const secret of [
        token,
        'forged-token',
        'demo-admin-secret',
        'wrong-secret',
        'in-the-query',
        'Bearer',
      ])
        assert.ok(!text.includes(secret), `log holds ${secret}`);
    } finally {
      await demoOperator.close();
    }
  });

  test('an unwritable log file stops the start with a clear error', async () => {
    await assert.rejects(
      startDemoOperator({ invoices: 0, now: NOW, log: join(dir, 'no-such-dir', 'x.log') }),
      /ENOENT/,
    );
  });

  test('CLI: --log and --arrivals; lines readable while it runs and kept after SIGKILL', async () => {
    const file = join(dir, 'cli.log');
    const child = spawn(
      `${ROOT}node_modules/.bin/node`,
      [CLI_ENTRY, 'sandbox', '--json', '--invoices', '100', '--log', file, '--arrivals', '600'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      child.stdout.setEncoding('utf8');
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('\n')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      const info = JSON.parse(out.trim()) as RunningDemoOperator;
      // The JSON line is unchanged by the new flags.
      assert.deepEqual(Object.keys(info).sort(), ['baseUrl', 'clients', 'tokenUrl']);
      const token = await tokenFor(info, 'user');
      const first = await api(info, token)('/v1.1/invoice/search?limit=1');
      assert.equal(first.status, 200);
      // 600 per minute: one every 100 ms; wait until some have come.
      let count = first.body.meta.count as number;
      for (let i = 0; i < 100 && count <= 100; i++) {
        await new Promise((r) => setTimeout(r, 100));
        count = (await api(info, token)('/v1.1/invoice/search?limit=1')).body.meta.count as number;
      }
      assert.ok(count > 100, `arrivals: count ${count}`);
      // The token request and the first search at least (on a slow machine the first search may
      // already see arrivals, and then no second one is made).
      const whileRunning = readLog(file);
      assert.ok(whileRunning.length >= 2, `log lines while running: ${whileRunning.length}`);
      assert.equal(whileRunning[0]!.method, 'POST');
      assert.equal(whileRunning[1]!.path, '/v1.1/invoice/search?limit=1');

      const exit = once(child, 'exit');
      child.kill('SIGKILL');
      await exit;
      assert.deepEqual(readLog(file).slice(0, whileRunning.length), whileRunning);
      assert.ok(!readFileSync(file, 'utf8').includes(token));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  test('CLI: bad --arrivals or empty --log is a usage error (exit 2)', async () => {
    for (const args of [
      ['--arrivals', '-1'],
      ['--arrivals', '6001'],
      ['--log', ''],
    ]) {
      const child = spawn(`${ROOT}node_modules/.bin/node`, [CLI_ENTRY, 'sandbox', ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const [code] = (await once(child, 'exit')) as [number];
      assert.equal(code, 2, args.join(' '));
      assert.match(err, args[0] === '--log' ? /--log/ : /--arrivals/);
    }
  });
});

describe('arrivals, lifecycle and dates over HTTP', () => {
  const START = Date.UTC(2026, 10, 22, 9, 30);
  let demoOperator: RunningDemoOperator;
  let get: ReturnType<typeof api>;
  before(async () => {
    demoOperator = await startDemoOperator({
      seed: 42,
      invoices: 3000,
      now: START,
      arrivalsPerMinute: 30,
    });
    get = api(demoOperator, await tokenFor(demoOperator, 'user'));
  });
  after(() => demoOperator.close());

  const arrivedBy = (ms: number): number => Math.floor(((ms - START) * 30) / 60_000);

  test('nothing shown is dated after the clock: deposits, statuses, invoice dates', async () => {
    for (let offset = 0; offset <= 1000; offset += 200) {
      const page = await get(
        `/v1.1/invoice/search?offset=${offset}&limit=200&expand=businessData,lastStatusData`,
      );
      assert.equal(page.status, 200);
      const now = demoOperator.now();
      const today = now.toISOString().slice(0, 10);
      for (const item of page.body.data as Item[]) {
        assert.ok(item.metadata.createDate <= now.toISOString(), item.metadata.createDate);
        if (item.lastStatusData)
          assert.ok(
            Date.parse(item.lastStatusData.date) <= now.getTime(),
            item.lastStatusData.date,
          );
        assert.ok(item.businessData!.invoiceDate <= today);
      }
    }
  });

  test('advance(): arrivals come at the head, newest first; count grows by the arrivals', async () => {
    const before = await get('/v1.1/invoice/search?limit=200');
    const t0 = demoOperator.now().getTime();
    demoOperator.advance(10 * 60_000);
    const afterPage = await get('/v1.1/invoice/search?limit=200');
    const t1 = demoOperator.now().getTime();
    const added = afterPage.body.meta.count - before.body.meta.count;
    assert.ok(
      added >= 300 && added >= arrivedBy(t0 + 600_000) - arrivedBy(t0),
      `${added} arrivals`,
    );
    assert.ok(afterPage.body.meta.count - 3000 <= arrivedBy(t1));
    const ids = idsOf(afterPage.body);
    const dates = (afterPage.body.data as Item[]).map((d) => d.metadata.createDate);
    assert.deepEqual(dates, [...dates].sort().reverse());
    // The old head is still there, right behind every arrival (one request: count and page agree).
    const behind = await get(`/v1.1/invoice/search?offset=${added}&limit=200`);
    const arrivedSince = behind.body.meta.count - before.body.meta.count;
    assert.equal(idsOf(behind.body)[arrivedSince - added], idsOf(before.body)[0]);
    for (const d of (afterPage.body.data as Item[]).slice(0, Math.min(added, 200)))
      assert.ok(Date.parse(d.metadata.createDate) > START);
    // Arrivals can be retrieved by id.
    assert.equal((await get(`/v1/invoice/${ids[0]}`)).status, 200);
  });

  test('paging while invoices arrive: offsets shift by the arrivals, nothing is skipped', async () => {
    const page1 = idsOf((await get('/v1.1/invoice/search?offset=0&limit=200')).body);
    demoOperator.advance(2 * 60_000); // 60 arrivals at least
    const page2 = idsOf((await get('/v1.1/invoice/search?offset=200&limit=200')).body);
    const current = idsOf((await get('/v1.1/invoice/search?offset=0&limit=200')).body).concat(
      idsOf((await get('/v1.1/invoice/search?offset=200&limit=200')).body),
      idsOf((await get('/v1.1/invoice/search?offset=400&limit=200')).body),
    );
    const shift = current.indexOf(page1[0]!);
    assert.ok(shift >= 60, `shift ${shift}`);
    // Page 1 is still contiguous in the current order, and page 2 starts inside it: a repeat
    // of `shift` invoices, no gap.
    assert.deepEqual(current.slice(shift, shift + 200), page1);
    assert.equal(page2[0], current[200]);
    assert.ok(page1.includes(page2[0]!));
  });
});

describe('lifecycle over HTTP', () => {
  let demoOperator: RunningDemoOperator;
  let get: ReturnType<typeof api>;
  before(async () => {
    demoOperator = await startDemoOperator({
      seed: 42,
      invoices: 3000,
      now: Date.UTC(2026, 10, 22, 9, 30),
    });
    get = api(demoOperator, await tokenFor(demoOperator, 'user'));
  });
  after(() => demoOperator.close());

  test('lifecycle statuses move forward when the clock does; final ones stay', async () => {
    const expand = '&expand=lastStatusData';
    // The 60 newest invoices: the last two weeks or so, many still on their way.
    const recent = (await get(`/v1.1/invoice/search?limit=60${expand}`)).body.data as Item[];
    const q = encodeURIComponent(orOfIds(recent.slice(0, 60).map((d) => d.metadata.invoiceId)));
    const first = (await get(`/v1.1/invoice/search?limit=200&q=${q}${expand}`)).body.data as Item[];
    assert.equal(first.length, 60);
    demoOperator.advance(6 * DAY);
    const later = (await get(`/v1.1/invoice/search?limit=200&q=${q}${expand}`)).body.data as Item[];
    assert.deepEqual(idsOf({ data: later }), idsOf({ data: first }));
    const rank = (code?: string): number =>
      code === undefined ? -1 : Object.keys(LIFECYCLE_CODES).indexOf(code);
    let moved = 0;
    for (const [i, item] of later.entries()) {
      const was = first[i]!.lastStatusData?.code;
      const now = item.lastStatusData?.code;
      assert.ok(rank(now) >= rank(was), `${was} → ${now}`);
      if (was !== now) {
        moved++;
        assert.ok(!['210', '212', '213'].includes(was ?? ''), `final ${was} moved`);
        assert.ok(Date.parse(item.lastStatusData!.date) <= demoOperator.now().getTime());
      }
    }
    assert.ok(moved > 0, 'some statuses moved in 6 days');
  });
});

describe('q: the largest OR of invoice ids', () => {
  let demoOperator: RunningDemoOperator;
  let get: ReturnType<typeof api>;
  let ids: string[];
  before(async () => {
    demoOperator = await startDemoOperator({ seed: 9, invoices: 1000, now: NOW });
    get = api(demoOperator, await tokenFor(demoOperator, 'user'));
    ids = idsOf((await get('/v1.1/invoice/search?limit=200')).body);
  });
  after(() => demoOperator.close());

  // invoice.invoiceId:"<36>" is 56 characters, " OR " 4: n ids take 60n - 4 of the 4000.
  const MAX_IDS = Math.floor((MAX_QUERY_LENGTH + 4) / 60);

  test(`${MAX_IDS} ids OR-ed work (at least 50), answered newest first`, async () => {
    assert.equal(MAX_IDS, 66);
    // Asked in a shuffled order: the answer is still in search order.
    const asked = ids.slice(0, MAX_IDS).reverse();
    const q = orOfIds(asked);
    assert.ok(q.length <= MAX_QUERY_LENGTH);
    const answer = await get(`/v1.1/invoice/search?limit=200&q=${encodeURIComponent(q)}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.meta.count, MAX_IDS);
    assert.deepEqual(idsOf(answer.body), ids.slice(0, MAX_IDS));
  });

  test('one more id is a 400 that says the expression is too long; invoice.id is unknown', async () => {
    const q = orOfIds(ids.slice(0, MAX_IDS + 1));
    const answer = await get(`/v1.1/invoice/search?q=${encodeURIComponent(q)}`);
    assert.equal(answer.status, 400);
    assert.match(answer.body.statusMessage, /longer than 4000 characters/);
    const wrong = await get(
      `/v1.1/invoice/search?q=${encodeURIComponent(`invoice.id:"${ids[0]}"`)}`,
    );
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.statusMessage, /unknown field 'invoice.id'.*invoice\.invoiceId/);
  });
});
