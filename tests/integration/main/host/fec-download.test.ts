// The FEC in the browser host over real HTTP: export:start of a 'fec' target answers a one-time
// download; the file comes as a text attachment under its legal name, byte for byte the FEC
// (the independent checker passes what the browser gets).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Result } from '#shared/contract.ts';
import type { ExportResult } from '#shared/exports.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { startBrowserHost, type BrowserHost } from '#main/host/index.ts';
import { contentDisposition } from '#main/host/downloads.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { checkFec } from '#support/fec-checker.ts';
import { rawRequest } from '#support/raw-http.ts';

const silent = { info() {}, warn() {}, error() {} };
let parent: string;
let host: BrowserHost;
let port: number;

before(async () => {
  parent = mkdtempSync(join(tmpdir(), 'fec-host-'));
  const rendererDir = join(parent, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Invoice Desk</title>');
  const dataDir = join(parent, 'data');
  fillDemoArchive(dataDir, 'demo-admin', {
    seed: 5,
    invoices: 400,
    now: new Date('2026-11-22T12:00:00Z'),
  });
  host = await startBrowserHost({ dataDir, rendererDir, log: silent });
  port = Number(new URL(host.origin).port);
});
after(async () => {
  await host.close();
  rmSync(parent, { recursive: true, force: true });
});

test('the FEC downloads as text under its legal name, and passes the checker', async () => {
  const period = parsePeriod('2026');
  const reply = await rawRequest(port, {
    method: 'POST',
    path: '/rpc/export:start',
    headers: { 'content-type': 'application/json', 'x-invoice-desk-token': host.token },
    body: JSON.stringify({
      args: {
        exportId: crypto.randomUUID(),
        target: { kind: 'fec', period, separator: 'tab', encoding: 'utf-8' },
      },
    }),
  });
  const result = JSON.parse(reply.body.toString('utf8')) as Result<ExportResult>;
  assert.ok(result.ok, reply.body.toString('utf8'));
  assert.match(result.value.fileName, /^\d{9}FEC20261231\.txt$/);
  const url = new URL(result.value.downloadUrl as string, host.origin);
  const got = await rawRequest(port, { path: url.pathname + url.search });
  assert.equal(got.status, 200);
  assert.equal(got.headers['content-type'], 'text/plain');
  assert.equal(got.headers['content-disposition'], contentDisposition(result.value.fileName));
  const check = checkFec(result.value.fileName, got.body, { closingDate: period.to });
  assert.deepEqual(check.problems, []);
  assert.equal(check.records.length, result.value.rows);
});
