// The FEC and the entries workbook through the export service (what export:start runs): the FEC
// offered under its legal name and saved as .txt, progress reported, a cancel leaving nothing, a
// company without SIREN told before any place is asked; the workbook saved as .xlsx.
import assert from 'node:assert/strict';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Ledger } from '#shared/accounting.ts';
import type { ExportProgress } from '#shared/exports.ts';
import { ExportJobs, savingDestination } from '#main/services/export/export-jobs.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import { checkFecFile } from '#support/fec-checker.ts';
import { ledgerOf, purchaseEntry, saleEntry } from '#support/ledger-fixtures.ts';
import { dataRows, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { besideTheArchive } from '#main/services/reports/index.ts';

const period = { from: '2026-03-01', to: '2026-03-31', label: '2026-03' };

function jobs(ledger: Ledger, dir: string, asked: string[], events: ExportProgress[]) {
  return new ExportJobs({
    exporter: {
      operator: () => Promise.reject(new Error('no operator in this test')),
      borrowArchive: async () => null,
      beside: besideTheArchive(dir, { existing: async () => null }),
      ledger: async (connectionId, p) => {
        assert.equal(connectionId, 'c1');
        assert.deepEqual(p, period);
        return ledger;
      },
      version: '9.9.9',
    },
    connectionName: async () => 'Cabinet Martin',
    // The user keeps the offered name but types no extension.
    destination: savingDestination(async (name) => {
      asked.push(name);
      return join(dir, name.replace(/\.(txt|xlsx)$/, ''));
    }),
    emit: (progress) => events.push(progress),
  });
}

/** n entries over March, in chronological order. */
const many = (n: number) =>
  ledgerOf(
    Array.from({ length: n }, (_, i) => {
      const date = `2026-03-${String(1 + Math.floor((i * 31) / n)).padStart(2, '0')}`;
      return i % 2
        ? purchaseEntry(i + 1, date, `A-${i + 1}`, 5000, 1000)
        : saleEntry(i + 1, date, `F-${i + 1}`, 10000, 2000);
    }),
  );

describe('accounting exports through export:start', () => {
  it('saves the FEC under its legal name, with progress, and it passes the checker', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fec-export-'));
    const asked: string[] = [];
    const events: ExportProgress[] = [];
    const result = await jobs(many(3000), dir, asked, events).start(
      {
        exportId: '7d0f6c43-3b1a-4e55-9d43-2f9a3a0e8a11',
        target: { kind: 'fec', period, separator: 'pipe', encoding: 'iso-8859-15' },
      },
      { connectionId: 'c1', language: 'fr' },
    );
    assert.deepEqual(asked, ['552100554FEC20260331.txt']);
    assert.equal(result?.fileName, '552100554FEC20260331.txt');
    assert.equal(result?.savedTo, join(dir, '552100554FEC20260331.txt'));
    assert.equal(result?.rows, 9000);
    const check = checkFecFile(join(dir, '552100554FEC20260331.txt'), {
      encoding: 'iso-8859-15',
      siren: '552100554',
      closingDate: '2026-03-31',
    });
    assert.deepEqual(check.problems, []);
    assert.equal(check.separator, 'pipe');
    assert.equal(check.entries, 3000);
    const writing = events.filter((e) => e.phase === 'writing');
    assert.ok(writing.length >= 2, 'progress while writing');
    assert.ok(writing.every((e) => e.total === 9000));
    assert.deepEqual(events.at(-1), {
      exportId: '7d0f6c43-3b1a-4e55-9d43-2f9a3a0e8a11',
      phase: 'done',
      rows: 9000,
      total: 9000,
    });
  });

  it('stops on cancel and leaves no file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fec-export-'));
    const exportId = '9a1e1f0e-8b7c-4f9a-a3f7-0a8e0c2b4d55';
    const events: ExportProgress[] = [];
    const running = jobs(many(20000), dir, [], events);
    const started = running.start(
      { exportId, target: { kind: 'fec', period, separator: 'tab', encoding: 'utf-8' } },
      {
        connectionId: 'c1',
        language: 'fr',
        onProgress: (p) => {
          if (p.phase === 'writing' && p.rows > 0) running.cancel(exportId);
        },
      },
    );
    await assert.rejects(
      started,
      (e: unknown) => e instanceof AppFailure && e.kind === 'cancelled',
    );
    assert.deepEqual(await readdir(dir), []);
  });

  it('tells a company without SIREN to set it, before asking where to save', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fec-export-'));
    const asked: string[] = [];
    const ledger = ledgerOf([saleEntry(1, '2026-03-02', 'F-1', 1000, 200)], null);
    await assert.rejects(
      jobs(ledger, dir, asked, []).start(
        {
          exportId: '1b6a3c1e-2f0d-4c6b-8a0e-5d7f9e1a2b3c',
          target: { kind: 'fec', period, separator: 'tab', encoding: 'utf-8' },
        },
        { connectionId: 'c1', language: 'fr' },
      ),
      (e: unknown) =>
        e instanceof AppFailure && e.kind === 'invalid_input' && /SIREN/.test(e.message),
    );
    assert.deepEqual(asked, []);
    assert.deepEqual(await readdir(dir), []);
  });

  it('saves the entries workbook as .xlsx', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'entries-export-'));
    const asked: string[] = [];
    const result = await jobs(many(10), dir, asked, []).start(
      { exportId: '2c7b4d2e-3a1f-4d7c-9b1f-6e8a0f2b3c4d', target: { kind: 'entries', period } },
      { connectionId: 'c1', language: 'fr' },
    );
    assert.deepEqual(asked, ['Cabinet Martin Écritures 2026-03.xlsx']);
    assert.equal(result?.rows, 30);
    const book = readXlsx(join(dir, 'Cabinet Martin Écritures 2026-03.xlsx'));
    assert.equal(dataRows(sheetNamed(book, 'Écritures')).length, 30);
  });
});
