import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../../../../src/shared/i18n/', import.meta.url));
const areas = readdirSync(`${dir}fr`).filter((f) => f.endsWith('.ts'));

function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of leaves(value, path)) out.set(k, v);
    } else out.set(path, value);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every French area has an English twin', () => {
  assert.deepEqual(
    readdirSync(`${dir}en`)
      .filter((f) => f.endsWith('.ts'))
      .sort(),
    areas.sort(),
  );
});

for (const area of areas) {
  test(`${area}: fr and en have the same keys, non-empty strings, same placeholders`, async () => {
    const fr = leaves((await import(`${dir}fr/${area}`)).default);
    const en = leaves((await import(`${dir}en/${area}`)).default);
    assert.deepEqual([...en.keys()].sort(), [...fr.keys()].sort());
    for (const [key, value] of fr) {
      const other = en.get(key);
      assert.equal(typeof value, 'string', `fr ${key}`);
      assert.equal(typeof other, 'string', `en ${key}`);
      assert.ok((value as string).trim(), `fr ${key} is empty`);
      assert.ok((other as string).trim(), `en ${key} is empty`);
      assert.deepEqual(
        placeholders(other as string),
        placeholders(value as string),
        `placeholders of ${key}`,
      );
    }
  });
}
