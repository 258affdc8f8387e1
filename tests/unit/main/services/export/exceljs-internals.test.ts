// exceljs is pinned to the version whose undocumented parts the export worker uses, and those
// uses stay in one module (exceljs-internals.ts), so that a version bump is one module to check.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { EXCELJS_VERSION } from '#main/services/export/exceljs-internals.ts';

const ROOT = join(import.meta.dirname, '../../../../..');
const INTERNALS = 'src/main/services/export/exceljs-internals.ts';

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|svelte)$/.test(name))
    .map((name) => join(folder, name).replaceAll('\\', '/'));
}

describe('exceljs internals', () => {
  it('pins exceljs exactly at the version the internals were checked against', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    assert.equal(manifest.dependencies.exceljs, EXCELJS_VERSION);
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
    };
    assert.equal(lock.packages['']?.dependencies?.exceljs, EXCELJS_VERSION);
    assert.equal(lock.packages['node_modules/exceljs']?.version, EXCELJS_VERSION);
    const installed = createRequire(join(ROOT, 'package.json'))('exceljs/package.json') as {
      version: string;
    };
    assert.equal(installed.version, EXCELJS_VERSION);
  });

  it('keeps every use of exceljs and of its private parts in exceljs-internals.ts', () => {
    const reaching =
      /from 'exceljs'|addStyleModel|_writableState|_readableState|\.stream\.write\(|\.zip\b/;
    const offenders = sources('src').filter(
      (path) => path !== INTERNALS && reaching.test(readFileSync(join(ROOT, path), 'utf8')),
    );
    assert.deepEqual(offenders, []);
  });
});
