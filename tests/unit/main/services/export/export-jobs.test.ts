// How export failures cross to the caller, and the saving destination's file names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExportError } from '#main/services/export-error.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import { exportFailureOf, savingDestination } from '#main/services/export/export-jobs.ts';
import { toAppError } from '#main/services/errors.ts';

describe('exportFailureOf', () => {
  it('maps the writer\'s file errors onto kind "file" with the reason the UI words', () => {
    for (const kind of ['permission', 'folder_missing', 'disk_full', 'file_busy'] as const) {
      const appError = toAppError(
        exportFailureOf(new ExportError(kind, `no (${kind})`, '/somewhere', 'EACCES')),
      );
      assert.deepEqual(appError, {
        kind: 'file',
        reason: kind,
        message: `no (${kind})`,
        details: { folder: '/somewhere', code: 'EACCES' },
      });
    }
    const other = toAppError(exportFailureOf(new ExportError('write_failed', 'EIO', '/x', 'EIO')));
    assert.equal(other.kind, 'file');
    assert.equal(other.reason, undefined);
  });

  it('a cancel, by the writer or by the signal, is kind "cancelled"', () => {
    assert.equal(
      toAppError(exportFailureOf(new ExportError('cancelled', 'stop', '/x'))).kind,
      'cancelled',
    );
    const controller = new AbortController();
    controller.abort();
    const failure = exportFailureOf(new Error('socket closed'), controller.signal);
    assert.ok(failure instanceof AppFailure);
    assert.equal(failure.kind, 'cancelled');
  });

  it("any other error passes unchanged (the operator's own kinds)", () => {
    const error = Object.assign(new Error('gone'), { kind: 'not_found' });
    assert.equal(exportFailureOf(error), error);
  });
});

describe('savingDestination', () => {
  it('adds .xlsx when the dialog gave a name without it, and passes a closed dialog on', async () => {
    const answers = ['/home/a/factures', '/home/a/b.XLSX', null];
    const destination = savingDestination(async () => answers.shift() ?? null);
    assert.equal(await destination.choose('x.xlsx', 'fr'), '/home/a/factures.xlsx');
    assert.equal(await destination.choose('x.xlsx', 'fr'), '/home/a/b.XLSX');
    assert.equal(await destination.choose('x.xlsx', 'fr'), null);
    assert.deepEqual(await destination.deliver('/home/a/b.XLSX', 'b.XLSX'), {
      savedTo: '/home/a/b.XLSX',
    });
  });
});
