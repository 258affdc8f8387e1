// The reads of the reports, the entries, the CA3, the portfolio, the exports and bank matching
// use the facts kept in columns when an invoice is written (issue 28, item 3: schema step 14,
// archive/invoice-facts.ts), never json_extract over the stored JSON at each query. A module of
// src/main/ whose SQL calls json_extract fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../../', import.meta.url));

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** Lines that call json_extract (or its -> and ->> operators on a JSON column). */
export function jsonExtracts(files: Iterable<[path: string, text: string]>): string[] {
  const found: string[] = [];
  for (const [path, text] of files)
    text.split('\n').forEach((line, index) => {
      if (/\bjson_extract\s*\(|\b\w+_json\s*->>?/i.test(line))
        found.push(`${path}:${index + 1}: ${line.trim()}`);
    });
  return found;
}

test('no SQL of src/main/ reads facts out of the stored JSON', () => {
  const files = [...sources(join(root, 'src', 'main'))].map(
    (path) => [relative(root, path), readFileSync(path, 'utf8')] as [string, string],
  );
  assert.ok(
    files.some(([path]) => path.endsWith('report-rows.ts')),
    'the sources were found',
  );
  assert.deepEqual(jsonExtracts(files), []);
});

test('the check sees json_extract and the JSON operators', () => {
  assert.equal(
    jsonExtracts([
      ['a.ts', "SELECT json_extract(detail_json, '$.x') FROM invoice_json"],
      ['b.ts', "SELECT detail_json ->> '$.x' FROM invoice_json"],
      ['c.ts', 'SELECT value FROM json_each(?)'],
    ]).length,
    2,
  );
});
