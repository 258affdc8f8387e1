// The streaming workbook writer, end to end: a worker thread writes real files, which openpyxl
// (an independent reader) reads back. Cancel, source failures and unwritable folders leave
// nothing behind.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Column, Row } from '#main/services/export/cells.ts';
import { ExportError } from '#main/services/export-error.ts';
import {
  writeWorkbook,
  type SheetProgress,
  type WorkbookPlan,
} from '#main/services/export/workbook-writer.ts';
import { column, readXlsx, readXlsxPart, sheetNamed } from '#support/read-xlsx.ts';
import { plainTable } from '#support/plain-exceljs.ts';
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

/** Every kind, with values that fit it and values that do not; the first row is plain (each
 * cell in its column's format) so that both writers register the styles in the same order. */
const ODD_COLUMNS: Column[] = [
  { header: 'Text <&>"\'', kind: 'text' },
  { header: 'Currency', kind: 'id' },
  { header: 'Date', kind: 'date' },
  { header: 'Time', kind: 'datetime' },
  { header: 'Amount', kind: 'amount', currencyColumn: 1 },
  { header: 'Count', kind: 'integer' },
  { header: 'Rate', kind: 'percent' },
  { header: 'Month', kind: 'month' },
  ...Array.from({ length: 22 }, (_, i): Column => ({ header: `Extra ${i}`, kind: 'id' })),
];
const ODD_VALUES: Record<Column['kind'], unknown[]> = {
  text: [
    'plain',
    `a<b>&c"d'e`,
    'tab\tnl\ncr\r',
    'ctl\u0001\u000b\u001f\u007fend',
    'émoji 😀',
    '',
    null,
    12,
    true,
  ],
  id: ['EUR', '012345678', 'USD', 'gbp', 'X&Y', null, 5, ''],
  date: ['2026-03-31', '1900-01-01', '2026-02-30', '31/03/2026', null, '2100-12-31'],
  datetime: ['2026-03-31T10:00:00Z', '2026-10-25T01:30:00+02:00', 'nope', null],
  amount: [1234.5, -0, 0.1 + 0.2, -12.345, 1e21, '42.5', 'n/a', null, 2.675],
  integer: [7, 0, -3, 1.5, '12', 'x', null, 1e16],
  percent: [20, 5.5, 0, '10', 'x', null, 33.333333],
  month: ['2026-03', '2026-13', '2026-03-31', null, '1999-12'],
};
const oddRows = (count: number): Row[] => [
  ...Array.from({ length: count }, (_, r) =>
    ODD_COLUMNS.map((c, i) => {
      const values = ODD_VALUES[c.kind];
      return values[(r * 7 + i * 3) % values.length] as Row[number];
    }),
  ),
  ODD_COLUMNS.map(() => null),
  ODD_COLUMNS.map((_, i) => (i === ODD_COLUMNS.length - 1 ? 'last cell only' : null)),
];

/** The same table written the plain exceljs way: a Row and Cells per row, a format per cell. */
async function exceljsTable(path: string, columns: Column[], rows: Row[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  });
  const table = plainTable(workbook, 'Data', columns, rows.slice(0, 1000));
  rows.forEach((row) => table.write(row));
  table.finish();
  await workbook.commit();
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

  it("writes a table's rows byte for byte as exceljs's own row writer does", async () => {
    const dir = freshDir('same-bytes');
    const rows = oddRows(2_500);
    const ours = join(dir, 'ours.xlsx');
    const theirs = join(dir, 'exceljs.xlsx');
    await writeWorkbook(
      ours,
      { sheets: [{ kind: 'table', name: 'Data', columns: ODD_COLUMNS, rows }] },
      { batchSize: 1000 },
    );
    await exceljsTable(theirs, ODD_COLUMNS, rows);
    const sheet = readXlsxPart(ours, 'xl/worksheets/sheet1.xml');
    assert.ok(sheet.includes('<c r="AD2503" s="1" t="str"><v>last cell only</v></c>'));
    assert.ok(!sheet.includes('<row r="2502"'), 'a row without values is not written');
    assert.equal(sheet, readXlsxPart(theirs, 'xl/worksheets/sheet1.xml'));
    assert.equal(readXlsxPart(ours, 'xl/styles.xml'), readXlsxPart(theirs, 'xl/styles.xml'));
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
    const seen: SheetProgress[] = [];
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
