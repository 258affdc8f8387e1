import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveStaticFile } from '#main/host/static-files.ts';

let parent: string;
let root: string;
before(() => {
  parent = mkdtempSync(join(tmpdir(), 'spine-static-'));
  root = join(parent, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(parent, 'secret.txt'), 'outside');
  symlinkSync(join(parent, 'secret.txt'), join(root, 'link.txt'));
});
after(() => rmSync(parent, { recursive: true, force: true }));

test('serves files with their content type; / is index.html', async () => {
  assert.equal((await resolveStaticFile(root, '/'))?.contentType, 'text/html; charset=utf-8');
  assert.equal(
    (await resolveStaticFile(root, '/assets/app.js'))?.contentType,
    'text/javascript; charset=utf-8',
  );
});

test('never leaves the renderer folder, never lists a directory', async () => {
  for (const path of [
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets%2f..%2f..%2fsecret.txt',
    '/..\\secret.txt',
    '/index.html%00.js',
    '/%E0%A4%A',
    '/link.txt',
    '/assets',
    '/assets/',
    'index.html',
  ]) {
    assert.equal(await resolveStaticFile(root, path), undefined, path);
  }
});
