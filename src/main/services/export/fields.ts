// A table described once, column by column: its header, its kind and how to read its value from
// a source item, so that headers and values cannot drift apart.
import type { AnyIterable, CellKind, CellValue, Column, Row } from './cells.ts';
import type { TableSheet } from './workbook-writer.ts';

export interface Field<T> {
  header: string;
  kind: CellKind;
  value: (item: T) => CellValue;
  /** This field is the row's currency: the amount fields of the table take their format from it. */
  isCurrency?: boolean;
  /** An amount summed in the table's totals rows. */
  sum?: boolean;
  /** The totals rows are one per value of this field (and currency): a direction. */
  totalsBy?: boolean;
}

export interface Table<T> {
  columns: Column[];
  toRow: (item: T) => Row;
}

export function tableOf<T>(fields: readonly Field<T>[]): Table<T> {
  const currencyColumn = fields.findIndex((field) => field.isCurrency);
  const columns = fields.map((field): Column => ({
    header: field.header,
    kind: field.kind,
    ...(field.kind === 'amount' && currencyColumn >= 0 ? { currencyColumn } : {}),
    ...(field.sum ? { sum: true } : {}),
    ...(field.totalsBy ? { totalsBy: true } : {}),
  }));
  return { columns, toRow: (item) => fields.map((field) => field.value(item)) };
}

/** A report's table sheet, its items read only when the writer comes to it: `items` gives them
 * (an array is counted by its length), `count` says how many when they are not an array. Totals
 * rows of its summed amounts when `totalsLabel` is given. */
export function lazyTable<T>(
  name: string,
  fields: readonly Field<T>[] | (() => readonly Field<T>[]),
  items: () => Iterable<T>,
  totalsLabel?: string,
  count: () => number = () => {
    const all = items();
    return Array.isArray(all) ? all.length : [...all].length;
  },
): TableSheet {
  // Fields given as a function wait for the writer too: a column the items call for (who
  // marked, on the firm's archive) is decided once they are read.
  let table: Table<T> | null = typeof fields === 'function' ? null : tableOf(fields);
  const t = (): Table<T> => (table ??= tableOf((fields as () => readonly Field<T>[])()));
  return {
    kind: 'table',
    name,
    get columns() {
      return t().columns;
    },
    ...(totalsLabel !== undefined ? { totalsLabel } : {}),
    rows: {
      *[Symbol.iterator]() {
        const toRow = t().toRow;
        for (const item of items()) yield toRow(item);
      },
    },
    get total() {
      return count();
    },
  };
}

/** The rows of a source, mapped as they are pulled (one item may give several rows). */
export async function* mapRows<T>(
  source: AnyIterable<T>,
  toRows: (item: T) => Row | readonly Row[],
  many = false,
): AsyncGenerator<Row> {
  for await (const item of source) {
    const mapped = toRows(item);
    if (many) yield* mapped as readonly Row[];
    else yield mapped as Row;
  }
}
