// Typed cells: dates without timezone drift, amounts to the cent, identifiers kept as text, and
// values that do not fit their kind kept as text rather than lost.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  amountFormat,
  cleanText,
  columnWidths,
  excelDate,
  roundAmount,
  typedCell,
} from '#main/services/export/cells.ts';
import { redactCallbackUrl } from '#main/services/export/layouts/webhooks.ts';
import { safeSheetName } from '#main/services/export/workbook-writer.ts';

describe('cells', () => {
  it('reads YYYY-MM-DD as that day at UTC midnight and refuses impossible days', () => {
    assert.equal(excelDate('2026-03-31')?.toISOString(), '2026-03-31T00:00:00.000Z');
    assert.equal(excelDate('2024-02-29')?.toISOString(), '2024-02-29T00:00:00.000Z');
    assert.equal(excelDate('2026-02-30'), undefined);
    assert.equal(excelDate('31/03/2026'), undefined);
  });

  it('rounds amounts to the cent without binary noise', () => {
    assert.equal(roundAmount(0.1 + 0.2), 0.3);
    assert.equal(roundAmount(1.005), 1.01);
    assert.equal(roundAmount(-2.675), -2.68);
    assert.equal(roundAmount(-0.001), 0);
    assert.equal(roundAmount(1234567.891), 1234567.89);
  });

  it('formats amounts in euros by default, else in the row currency', () => {
    assert.equal(amountFormat(undefined), '#,##0.00 "€"');
    assert.equal(amountFormat('eur'), '#,##0.00 "€"');
    assert.equal(amountFormat('USD'), '#,##0.00 "$"');
    assert.equal(amountFormat('SEK'), '#,##0.00 "SEK"');
    assert.deepEqual(typedCell(12.5, 'amount', 'SEK'), { value: 12.5, numFmt: '#,##0.00 "SEK"' });
    assert.deepEqual(typedCell('12.50', 'amount', 'EUR'), { value: 12.5 });
  });

  it('keeps identifiers with leading zeros as text, and odd values as text', () => {
    assert.deepEqual(typedCell('012345678', 'id'), { value: '012345678' });
    assert.deepEqual(typedCell('n/a', 'amount'), { value: 'n/a', numFmt: '@' });
    assert.deepEqual(typedCell(2.5, 'integer'), { value: '2.5', numFmt: '@' });
    assert.deepEqual(typedCell('', 'date'), { value: null });
    assert.deepEqual(typedCell(20, 'percent'), { value: 0.2 });
  });

  it('writes a month YYYY-MM as its first day, to be shown as a month; other text stays text', () => {
    assert.deepEqual(typedCell('2026-03', 'month'), {
      value: new Date(Date.UTC(2026, 2, 1)),
    });
    assert.deepEqual(typedCell('2026-13', 'month'), { value: '2026-13', numFmt: '@' });
  });

  it('sizes a summed column for its total, bold and negative, over the rows expected', () => {
    const columns = [
      { header: 'N', kind: 'id' as const },
      { header: 'TTC', kind: 'amount' as const, sum: true },
    ];
    const rows = [['1', 9_999.99]];
    const [, alone] = columnWidths(columns, rows);
    const [label, total] = columnWidths(columns, rows, {
      expectedRows: 100_000,
      totalsLabel: 'Total EUR',
    });
    // "-999 999 000,00 €": 17 characters, bold.
    assert.ok((total ?? 0) >= 19 && (total ?? 0) > (alone ?? 0));
    assert.ok((label ?? 0) >= 'Total EUR'.length + 2);
  });

  it('strips characters XML cannot carry and bounds cell text', () => {
    assert.equal(cleanText('a\u0000b\u001Fc\td'), 'abc\td');
    assert.equal(cleanText('x'.repeat(40_000)).length, 32_767);
  });

  it('sizes columns from header and content, within bounds', () => {
    const widths = columnWidths(
      [
        { header: 'N', kind: 'id' },
        { header: 'Address', kind: 'text' },
        { header: 'Total', kind: 'amount' },
      ],
      [['1', 'y'.repeat(500), 1234567.89]],
    );
    assert.equal(widths[0], 8);
    assert.equal(widths[1], 60);
    assert.ok((widths[2] ?? 0) >= 14 && (widths[2] ?? 0) < 20);
  });

  it('makes sheet names Excel accepts', () => {
    assert.equal(safeSheetName('TVA: 2026/03 [draft]?'), 'TVA  2026 03  draft');
    assert.equal(safeSheetName('x'.repeat(40)).length, 31);
    // The print titles' range quotes the name: an apostrophe would end it.
    assert.equal(safeSheetName("Client's"), 'Client’s');
  });

  it('drops credentials from callback addresses', () => {
    assert.equal(
      redactCallbackUrl('https://u:p@erp.example/cb?token=abc&page=2'),
      'https://erp.example/cb?token=***&page=2',
    );
    assert.equal(redactCallbackUrl('https://erp.example/cb'), 'https://erp.example/cb');
  });
});
