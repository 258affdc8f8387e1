import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBytes } from '#renderer/screens/settings/bytes.ts';

const words = {
  'archive.units.bytes': 'o',
  'archive.units.kilobytes': 'Ko',
  'archive.units.megabytes': 'Mo',
  'archive.units.gigabytes': 'Go',
};
const t = (key: keyof typeof words, params: { n: string }) => `${params.n} ${words[key]}`;

test('sizes on disk in binary multiples, one decimal past the bytes', () => {
  assert.equal(formatBytes(0, t, 'fr-FR'), '0 o');
  assert.equal(formatBytes(512, t, 'fr-FR'), '512 o');
  assert.equal(formatBytes(1536, t, 'fr-FR'), '1,5 Ko');
  assert.equal(formatBytes(5 * 1024 * 1024, t, 'fr-FR'), '5 Mo');
  assert.equal(formatBytes(3.25 * 1024 ** 3, t, 'en-GB'), '3.3 Go');
});
