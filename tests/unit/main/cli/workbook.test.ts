// The --out file of the commands that write a workbook (export, report).
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { UsageError } from '#main/cli/command.ts';
import { workbookPath } from '#main/cli/workbook.ts';

test('workbookPath: required, an .xlsx file, made absolute', () => {
  assert.equal(workbookPath('t1.XLSX', 'U'), resolve('t1.XLSX'));
  assert.throws(
    () => workbookPath(undefined, 'Usage: x'),
    (error: unknown) =>
      error instanceof UsageError &&
      error.message === 'missing --out' &&
      error.usage === 'Usage: x',
  );
  assert.throws(() => workbookPath('t1.csv', 'U'), /--out must name an \.xlsx file/);
});
