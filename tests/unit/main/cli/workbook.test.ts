// The --out of the commands that write a workbook (export, report): a file, a folder, or
// nothing (the current folder), the last two under the workbook's default name.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { UsageError } from '#main/cli/command.ts';
import { workbookOut, workbookPathOf } from '#main/cli/workbook.ts';

const NAME = 'ATELIERS DUVAL AGENCEMENT 552100554 TVA 2026-11.xlsx';

test('workbookOut: an .xlsx file made absolute, kept as named', () => {
  const out = workbookOut('t1.XLSX', 'U');
  assert.deepEqual(out, { file: resolve('t1.XLSX') });
  assert.equal(workbookPathOf(out, NAME), resolve('t1.XLSX'));
});

test('workbookOut: no --out, a folder or a path ending in /: the default name there', async () => {
  assert.equal(workbookPathOf(workbookOut(undefined, 'U'), NAME), join(process.cwd(), NAME));
  const dir = await mkdtemp(join(tmpdir(), 'out-'));
  assert.equal(workbookPathOf(workbookOut(dir, 'U'), NAME), join(dir, NAME));
  const fresh = join(dir, 'new', 'reports');
  assert.equal(workbookPathOf(workbookOut(`${fresh}/`, 'U'), NAME), join(fresh, NAME));
});

test('workbookOut: anything else is a usage error', () => {
  assert.throws(
    () => workbookOut('t1.csv', 'Usage: x'),
    (error: unknown) =>
      error instanceof UsageError &&
      /--out must name an \.xlsx file or a folder/.test(error.message) &&
      error.usage === 'Usage: x',
  );
  assert.throws(() => workbookOut(' ', 'U'), /--out must not be empty/);
});
