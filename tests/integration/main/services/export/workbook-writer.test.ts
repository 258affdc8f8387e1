// The streaming workbook writer, end to end: a worker thread writes real files, which openpyxl
// (an independent reader) reads back. Cancel, source failures and unwritable folders leave
// nothing behind.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Column, Row } from '#main/services/export/cells.ts';
import { ExportError } from '#main/services/export/export-error.ts';
import {
  writeWorkbook,
  type ExportProgress,
  type WorkbookPlan,
} from '#main/services/export/workbook-writer.ts';
import { column, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { readOnlyFolder, tinyDisk } from '#support/tmpfs.ts';

const COLUMNS: Column[] = [
  { header: 'Number', kind: 'id' },
  { header: 'Date', kind: 'date' },
  { header: 'Amount', kind: 'amount', currencyColumn: 3 },
  { header: 'Currency', kind: 'id' },
  { header: 'Count', kind: 'integer' },
  { header: 'Rate', kind: 'percent' },
  { header: 'SIREN', kind: 'id' },
];

function rowAt(i: number): Row {
  return [
    `F-${String(i).padStart(6, '0')}`,
    `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    (i * 137.31) % 10_000,
    i % 10 === 0 ? 'USD' : 'EUR',
    i,
    i % 2 ? 20 : 5.5,
    String(i).padStart(9, '0'),
  ];
}

async function* slowRows(count: number): AsyncGenerator<Row> {
  for (let i = 0; i < count; i += 1) {
    if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield rowAt(i);
  }
}

function plan(rows: Iterable<Row> | AsyncIterable<Row>, total?: number): WorkbookPlan {
  return {
    sheets: [
      { kind: 'table', name: 'Data', columns: COLUMNS, rows, ...(total ? { total } : {}) },
      {
        kind: 'document',
        name: 'About',
        widths: [20, 30],
        lines: (written) => [
          { style: 'title', cells: ['About'] },
          { cells: ['Rows', { value: written.get('Data'), kind: 'integer' }] },
        ],
      },
    ],
  };
}

let root: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'export-writer-'));
});
after(() => rmSync(root, { recursive: true, force: true }));

const freshDir = (name: string): string => mkdtempSync(join(root, `${name}-`));

describe('writeWorkbook', () => {
  it('writes typed cells, a frozen bold header, an autofilter and bounded widths', async () => {
    const dir = freshDir('typed');
    const target = join(dir, 'out.xlsx');
    const rows = Array.from({ length: 25 }, (_, i) => rowAt(i));
    rows.push(['F-x', '31/03/2026', 'n/a', 'EUR', 2.5, null, '000000001']);
    const result = await writeWorkbook(target, plan(rows));
    assert.equal(result.path, target);
    assert.equal(result.rows.get('Data'), 26);
    assert.ok(result.bytes > 0);

    const book = readXlsx(target);
    assert.deepEqual(
      book.sheets.map((s) => s.name),
      ['Data', 'About'],
    );
    const data = sheetNamed(book, 'Data');
    assert.equal(data.freeze, 'A2');
    assert.equal(data.autoFilter, 'A1:G27');
    assert.ok(data.rows[0]?.every((cell) => cell.b && cell.t === 's'));
    assert.deepEqual(
      data.rows[0]?.map((c) => c.v),
      COLUMNS.map((c) => c.header),
    );
    for (const width of Object.values(data.widths)) assert.ok(width >= 8 && width <= 60);

    const dates = column(data, 'Date');
    assert.equal(dates[0]?.t, 'd');
    assert.equal(dates[0]?.v, '2026-01-01');
    assert.equal(dates[0]?.f, 'dd/mm/yyyy');
    assert.equal(dates[25]?.t, 's', 'a date that is not YYYY-MM-DD stays as text');
    assert.equal(dates[25]?.v, '31/03/2026');

    const amounts = column(data, 'Amount');
    rows.slice(0, 25).forEach((row, i) => {
      assert.equal(amounts[i]?.t, 'n');
      assert.equal(amounts[i]?.v, Math.round((row[2] as number) * 100) / 100);
      assert.equal(amounts[i]?.f, row[3] === 'USD' ? '#,##0.00 "$"' : '#,##0.00 "€"');
    });
    assert.equal(amounts[25]?.v, 'n/a');

    const counts = column(data, 'Count');
    assert.equal(counts[7]?.v, 7);
    assert.equal(counts[7]?.f, '#,##0');
    const rates = column(data, 'Rate');
    assert.equal(rates[1]?.v, 0.2);
    assert.equal(rates[0]?.v, 0.055);
    assert.match(rates[0]?.f ?? '', /%$/);

    const sirens = column(data, 'SIREN');
    assert.equal(sirens[3]?.v, '000000003');
    assert.equal(sirens[3]?.t, 's');
    assert.equal(sirens[3]?.f, '@');

    const about = sheetNamed(book, 'About');
    assert.equal(about.rows[1]?.[1]?.v, 26);
    assert.deepEqual(readdirSync(dir), ['out.xlsx'], 'no temporary file is left');
  });

  it('writes an empty table as a header with its filter', async () => {
    const dir = freshDir('empty');
    const target = join(dir, 'empty.xlsx');
    await writeWorkbook(target, plan([]));
    const data = sheetNamed(readXlsx(target), 'Data');
    assert.equal(data.rows.length, 1);
    assert.equal(data.autoFilter, 'A1:G1');
  });

  it('streams an async source in batches and reports progress up to the total', async () => {
    const dir = freshDir('progress');
    const target = join(dir, 'big.xlsx');
    const seen: ExportProgress[] = [];
    const result = await writeWorkbook(target, plan(slowRows(2_345), 2_345), {
      batchSize: 200,
      onProgress: (p) => seen.push(p),
    });
    assert.equal(result.rows.get('Data'), 2_345);
    const counts = seen.map((p) => p.rowsWritten);
    assert.ok(seen.length >= 12, `progress reported per batch (${seen.length} reports)`);
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => a - b),
    );
    assert.equal(counts.at(-1), 2_345);
    assert.ok(seen.every((p) => p.total === 2_345 && p.sheet === 'Data'));
    const data = sheetNamed(readXlsx(target), 'Data');
    assert.equal(data.rows.length, 2_346);
    assert.equal(column(data, 'Number')[2_344]?.v, 'F-002344');
  });

  it('on cancel, rejects with kind "cancelled" and leaves no file, not even the temporary one', async () => {
    const dir = freshDir('cancel');
    const target = join(dir, 'cancelled.xlsx');
    const controller = new AbortController();
    const writing = writeWorkbook(target, plan(slowRows(1_000_000)), {
      batchSize: 500,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.rowsWritten >= 2_000) controller.abort();
      },
    });
    await assert.rejects(writing, (error: unknown) => {
      assert.ok(error instanceof ExportError);
      assert.equal(error.kind, 'cancelled');
      return true;
    });
    assert.deepEqual(readdirSync(dir), []);
  });

  it('cancels a source that hangs, and keeps the file that was there before', async () => {
    const dir = freshDir('hang');
    const target = join(dir, 'kept.xlsx');
    writeFileSync(target, 'previous export');
    const controller = new AbortController();
    async function* hangs(): AsyncGenerator<Row> {
      yield rowAt(1);
      await new Promise(() => undefined);
    }
    const writing = writeWorkbook(target, plan(hangs()), { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(writing, { name: 'ExportError', kind: 'cancelled' });
    assert.deepEqual(readdirSync(dir), ['kept.xlsx']);
    assert.equal(readFileSync(target, 'utf8'), 'previous export');
  });

  it('passes on the error of a source that fails, and leaves nothing', async () => {
    const dir = freshDir('source');
    const target = join(dir, 'broken.xlsx');
    async function* fails(): AsyncGenerator<Row> {
      yield* slowRows(1_500);
      throw new Error('archive read failed');
    }
    await assert.rejects(writeWorkbook(target, plan(fails()), { batchSize: 300 }), {
      message: 'archive read failed',
    });
    assert.deepEqual(readdirSync(dir), []);
  });

  it('names the missing folder in a plain message', async () => {
    const target = join(root, 'gone', 'deeper', 'out.xlsx');
    await assert.rejects(writeWorkbook(target, plan([rowAt(1)])), (error: unknown) => {
      assert.ok(error instanceof ExportError);
      assert.equal(error.kind, 'folder_missing');
      assert.equal(error.folder, join(root, 'gone', 'deeper'));
      assert.ok(error.message.includes(join(root, 'gone', 'deeper')));
      assert.doesNotMatch(error.message, /\n\s+at /);
      return true;
    });
  });

  it('refuses a read-only folder with kind "permission" and leaves nothing', async (t) => {
    const folder = readOnlyFolder(join(root, 'readonly'));
    if (!folder) return t.skip('no way to make a read-only folder here (root without mount)');
    try {
      const target = join(folder.dir, 'out.xlsx');
      await assert.rejects(writeWorkbook(target, plan([rowAt(1)])), (error: unknown) => {
        assert.ok(error instanceof ExportError);
        assert.equal(error.kind, 'permission');
        assert.ok(error.message.includes(folder.dir));
        return true;
      });
      assert.deepEqual(readdirSync(folder.dir), []);
    } finally {
      folder.release();
    }
  });

  it('reports a full disk with kind "disk_full" and removes the partial file', async (t) => {
    const disk = tinyDisk(join(root, 'tiny'), 64);
    if (!disk) return t.skip('mounting a tmpfs needs root');
    try {
      const target = join(disk.dir, 'big.xlsx');
      await assert.rejects(
        writeWorkbook(target, plan(slowRows(40_000)), { batchSize: 1000 }),
        (error: unknown) => {
          assert.ok(error instanceof ExportError);
          assert.equal(error.kind, 'disk_full');
          assert.ok(error.message.includes(disk.dir));
          return true;
        },
      );
      assert.deepEqual(readdirSync(disk.dir), []);
    } finally {
      disk.release();
    }
  });
});
