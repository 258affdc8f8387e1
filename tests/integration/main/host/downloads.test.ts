// Exports in the browser host over real HTTP: export:start answers a one-time download address
// that carries a token for that one download (never the host's); the workbook is served once as
// an attachment, then deleted.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Result } from '#shared/contract.ts';
import type { ExportResult } from '#shared/exports.ts';
import { startBrowserHost, type BrowserHost } from '#main/host/index.ts';
import { contentDisposition } from '#main/host/downloads.ts';
import { localDay } from '#main/services/export/file-names.ts';
import { column, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { rawRequest, type RawReply } from '#support/raw-http.ts';

const silent = { info() {}, warn() {}, error() {} };
let parent: string;
let temporary: string;
let previousTmp: string | undefined;
let previousLang: string | undefined;
let previousNow: string | undefined;
// 23:30 UTC on New Year's Eve: 2027-01-01 in Paris, 2026-12-31 in UTC (the name's day is local).
const NOW = new Date('2026-12-31T23:30:00Z');
let host: BrowserHost;
let port: number;

function send(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<RawReply> {
  return rawRequest(port, options);
}

/** Waits for something the host does just after answering (bounded: fails after 10 s). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 50));
  assert.ok(check(), what);
}

async function rpc<T>(channel: string, args: unknown): Promise<T> {
  const reply = await send({
    method: 'POST',
    path: `/rpc/${channel}`,
    headers: { 'content-type': 'application/json', 'x-invoice-desk-token': host.token },
    body: JSON.stringify({ args }),
  });
  const result = JSON.parse(reply.body.toString('utf8')) as Result<T>;
  assert.ok(result.ok, `expected ok, got ${reply.body.toString('utf8')}`);
  return result.value;
}

async function exportDirectory(): Promise<ExportResult> {
  return rpc<ExportResult>('export:start', {
    exportId: crypto.randomUUID(),
    target: { kind: 'directory', q: 'name:"BOULANGERIE*"' },
  });
}

before(async () => {
  parent = mkdtempSync(join(tmpdir(), 'export-host-'));
  // The host writes exports under the system's temporary folder: a private one here, to watch.
  temporary = join(parent, 'tmp');
  mkdirSync(temporary);
  previousTmp = process.env.TMPDIR;
  process.env.TMPDIR = temporary;
  // File names and sheet names in French, whatever this machine's locale.
  previousLang = process.env.INVOICE_DESK_LANG;
  process.env.INVOICE_DESK_LANG = 'fr';
  // The host's clock (INVOICE_DESK_NOW, read by its services): the file name's day is known.
  previousNow = process.env.INVOICE_DESK_NOW;
  process.env.INVOICE_DESK_NOW = NOW.toISOString();
  const rendererDir = join(parent, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Invoice Desk</title>');
  host = await startBrowserHost({ dataDir: join(parent, 'data'), rendererDir, log: silent });
  port = Number(new URL(host.origin).port);
});
after(async () => {
  await host.close();
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  if (previousLang === undefined) delete process.env.INVOICE_DESK_LANG;
  else process.env.INVOICE_DESK_LANG = previousLang;
  if (previousNow === undefined) delete process.env.INVOICE_DESK_NOW;
  else process.env.INVOICE_DESK_NOW = previousNow;
  rmSync(parent, { recursive: true, force: true });
});

test('export:start gives a one-time address with its own token; the workbook comes as an attachment, once', async () => {
  const result = await exportDirectory();
  assert.equal(result.savedTo, undefined, 'the browser never learns a path');
  assert.equal(result.fileName, `Démo (administrateur) Annuaire ${localDay(NOW)}.xlsx`);
  const url = new URL(result.downloadUrl as string, host.origin);
  assert.match(url.pathname, /^\/download\/[0-9a-f-]{36}$/);
  assert.match(url.searchParams.get('token') ?? '', /^[\w-]{43}$/, 'a token of its own');
  assert.ok(!url.href.includes(host.token), 'the host token is not in the address');
  assert.equal(readdirSync(temporary).length, 1, 'the workbook waits in a temporary folder');

  const got = await send({ path: url.pathname + url.search });
  assert.equal(got.status, 200);
  assert.equal(
    got.headers['content-type'],
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  assert.equal(got.headers['content-disposition'], contentDisposition(result.fileName));
  assert.match(
    String(got.headers['content-disposition']),
    /^attachment; filename="Demo \(administrateur\) Annuaire /,
  );
  assert.equal(got.headers['cache-control'], 'no-store');
  assert.equal(got.headers['x-content-type-options'], 'nosniff');
  assert.equal(Number(got.headers['content-length']), got.body.length);

  const saved = join(parent, result.fileName);
  writeFileSync(saved, got.body);
  const sheet = sheetNamed(readXlsx(saved), 'Annuaire');
  assert.equal(sheet.rows.length, result.rows + 1);
  assert.ok(column(sheet, 'Nom').every((cell) => String(cell.v).startsWith('BOULANGERIE')));

  // Once only, and nothing left on disk.
  const again = await send({ path: url.pathname + url.search });
  assert.equal(again.status, 404);
  assert.equal(JSON.parse(again.body.toString('utf8')).error.kind, 'not_found');
  // The host deletes it once the response is closed on its side, just after the client read it.
  await until(() => readdirSync(temporary).length === 0, 'the temporary folder is removed');
});

test('no token, a wrong token, a foreign Host or Origin, or another method: refused, and the download stays', async () => {
  const result = await exportDirectory();
  const url = new URL(result.downloadUrl as string, host.origin);
  const id = url.pathname;
  const own = url.searchParams.get('token') as string;
  assert.equal((await send({ path: id })).status, 401);
  assert.equal((await send({ path: `${id}?token=${own.slice(0, -1)}x` })).status, 401);
  assert.equal(
    (await send({ path: id + url.search, headers: { host: `evil.example:${port}` } })).status,
    403,
  );
  assert.equal(
    (await send({ path: id + url.search, headers: { origin: 'https://evil.example' } })).status,
    403,
  );
  assert.equal((await send({ path: id + url.search, method: 'POST' })).status, 405);
  assert.equal((await send({ path: `/download/nope?token=${host.token}` })).status, 404);
  // None of those took it.
  assert.equal((await send({ path: id + url.search })).status, 200);
});

test('a download token opens that one download only, once; the host token opens none', async () => {
  const first = new URL((await exportDirectory()).downloadUrl as string, host.origin);
  const second = new URL((await exportDirectory()).downloadUrl as string, host.origin);
  const firstToken = first.searchParams.get('token') as string;
  const secondToken = second.searchParams.get('token') as string;
  assert.notEqual(firstToken, secondToken, 'each download has its own token');
  for (const url of [first, second]) {
    assert.ok(!url.href.includes(host.token), 'no host token in a download address');
    assert.equal(url.searchParams.getAll('token').length, 1);
  }

  // The host's own token, the other download's token: refused, and neither download is taken.
  const withHostToken = await send({ path: `${first.pathname}?token=${host.token}` });
  assert.equal(withHostToken.status, 401);
  assert.equal(JSON.parse(withHostToken.body.toString('utf8')).error.kind, 'auth');
  assert.equal((await send({ path: `${first.pathname}?token=${secondToken}` })).status, 401);

  assert.equal((await send({ path: first.pathname + first.search })).status, 200, 'works once');
  assert.equal((await send({ path: first.pathname + first.search })).status, 404, 'not twice');
  assert.equal((await send({ path: second.pathname + second.search })).status, 200);
});

test('a download token expires with its download', async () => {
  const dir = mkdtempSync(join(parent, 'expiring-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html>');
  const before = new Set(readdirSync(temporary));
  const other = await startBrowserHost({
    dataDir: join(dir, 'data'),
    rendererDir,
    log: silent,
    downloadTtlMs: 200,
  });
  try {
    const otherPort = Number(new URL(other.origin).port);
    const started = await rawRequest(otherPort, {
      method: 'POST',
      path: '/rpc/export:start',
      headers: { 'content-type': 'application/json', 'x-invoice-desk-token': other.token },
      body: JSON.stringify({
        args: { exportId: crypto.randomUUID(), target: { kind: 'webhooks' } },
      }),
    });
    const reply = JSON.parse(started.body.toString('utf8')) as Result<ExportResult>;
    assert.ok(reply.ok && reply.value.downloadUrl);
    const url = new URL(reply.value.downloadUrl, other.origin);
    // Unfetched past its time: the workbook is deleted, and its address opens nothing.
    await until(
      () => readdirSync(temporary).filter((name) => !before.has(name)).length === 0,
      'the expired download is removed',
    );
    assert.equal((await rawRequest(otherPort, { path: url.pathname + url.search })).status, 404);
  } finally {
    await other.close();
  }
});

test('a download never fetched is deleted when the host stops', async () => {
  const dir = mkdtempSync(join(parent, 'second-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html>');
  const before = new Set(readdirSync(temporary));
  const other = await startBrowserHost({ dataDir: join(dir, 'data'), rendererDir, log: silent });
  try {
    const reply = await new Promise<Result<ExportResult>>((resolve, reject) => {
      const otherPort = Number(new URL(other.origin).port);
      const req = request(
        {
          host: '127.0.0.1',
          port: otherPort,
          method: 'POST',
          path: '/rpc/export:start',
          headers: { 'content-type': 'application/json', 'x-invoice-desk-token': other.token },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        },
      );
      req.on('error', reject);
      req.end(
        JSON.stringify({
          args: { exportId: crypto.randomUUID(), target: { kind: 'webhooks' } },
        }),
      );
    });
    assert.ok(reply.ok && reply.value?.downloadUrl);
    assert.equal(readdirSync(temporary).filter((name) => !before.has(name)).length, 1);
  } finally {
    await other.close();
  }
  assert.deepEqual(
    readdirSync(temporary).filter((name) => !before.has(name)),
    [],
    'stopping the host removed the waiting export',
  );
});

test('Content-Disposition keeps an accented name exactly and gives an ASCII fallback', () => {
  assert.equal(
    contentDisposition('facture-F°2026 été.xlsx'),
    'attachment; filename="facture-F_2026 ete.xlsx"; filename*=UTF-8\'\'facture-F%C2%B02026%20%C3%A9t%C3%A9.xlsx',
  );
  assert.equal(
    contentDisposition('a"b\\c%.xlsx'),
    'attachment; filename="a_b_c_.xlsx"; filename*=UTF-8\'\'a%22b%5Cc%25.xlsx',
  );
});
