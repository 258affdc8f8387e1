// A table sheet written the plain exceljs way: a Row and Cells per row, a number format per
// cell. The reference the export worker's own row XML is compared with (workbook-writer test),
// and the export bench's bare run. Types only from exceljs: the bench's app run must not load it.
import type ExcelJS from 'exceljs';
import {
  columnFormat,
  columnWidths,
  headerLines,
  LINE_HEIGHT,
  typedCell,
  type Column,
  type Row,
} from '#main/services/export/cells.ts';
import { printSetup } from '#main/services/export/page-setup.ts';

export interface PlainTable {
  write(row: Row): void;
  /** Sets the autofilter over every row written and commits the sheet; returns the row count. */
  finish(): number;
}

/** Adds the sheet with its frozen header, widths from `widthSample` and column formats. */
export function plainTable(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly Column[],
  widthSample: readonly Row[],
): PlainTable {
  const sheet = workbook.addWorksheet(name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    pageSetup: printSetup([]),
  });
  const widths = columnWidths(columns, widthSample);
  Object.assign(sheet.pageSetup, printSetup(widths));
  sheet.columns = columns.map((c, i) => ({
    width: widths[i] as number,
    style: { numFmt: columnFormat(c.kind) as string },
  }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.eachCell((cell) => {
    cell.style = {
      font: { bold: true },
      border: { bottom: { style: 'thin' } },
      alignment: { wrapText: true, vertical: 'top' },
    };
  });
  const lines = Math.max(...columns.map((c, i) => headerLines(c.header, widths[i] as number)));
  if (lines > 1) header.height = lines * LINE_HEIGHT;
  header.commit();
  let count = 0;
  return {
    write(source) {
      const cells = columns.map((c, i) =>
        typedCell(
          source[i],
          c.kind,
          c.currencyColumn === undefined ? undefined : source[c.currencyColumn],
        ),
      );
      const row = sheet.addRow(cells.map((c) => c.value));
      cells.forEach((c, i) => {
        if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
      });
      row.commit();
      count += 1;
    },
    finish() {
      sheet.autoFilter = {
        from: { row: 1, column: 1 },
        to: { row: count + 1, column: columns.length },
      };
      sheet.commit();
      return count;
    },
  };
}
