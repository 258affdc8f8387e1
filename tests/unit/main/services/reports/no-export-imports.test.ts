// reports/ computes; export/ writes every workbook, the reports' included. The dependency goes
// one way: export may read reports' types and computations, reports never imports export.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '../../../../..');
const REPORTS = join(ROOT, 'src/main/services/reports');

/** The module specifiers a source imports or re-exports, static or dynamic. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g)) {
    found.push(match[1] as string);
  }
  return found;
}

describe('reports/ and export/', () => {
  it('reports/ imports nothing from export/', () => {
    const files = readdirSync(REPORTS, { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.ts'),
    );
    assert.ok(files.length > 0);
    const offenders = files.flatMap((name) =>
      specifiers(readFileSync(join(REPORTS, name), 'utf8'))
        .filter((spec) => /(^|\/)export\//.test(spec) || spec.startsWith('#main/services/export'))
        .map((spec) => `${name} → ${spec}`),
    );
    assert.deepEqual(offenders, []);
  });
});
