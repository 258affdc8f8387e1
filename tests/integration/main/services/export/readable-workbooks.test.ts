// Every export workbook as a reader opens and prints it (issue 15, items 9 and 10): columns wide
// enough for their values, pages one sheet wide with the header repeated, dates and networks in
// words, credit notes negative, totals rows equal to the rows above them, no column that is always
// empty, and identifiers labelled by what they hold. Written through the real writer from the demo
// operator's data, read back with openpyxl.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AboutInfo } from '#main/services/export/about.ts';
import { directoryWorkbook } from '#main/services/export/layouts/directory.ts';
import { invoiceDetailWorkbook } from '#main/services/export/layouts/invoice-detail.ts';
import { rowOfSearchItem } from '#main/services/export/invoice-row.ts';
import { invoicesWorkbook } from '#main/services/export/layouts/invoices.ts';
import type { InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { participantsWorkbook } from '#main/services/export/layouts/participants.ts';
import { webhooksWorkbook } from '#main/services/export/layouts/webhooks.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { createDataset, type Dataset } from '#main/demo-operator/data/dataset.ts';
import { searchBusinessData } from '#main/demo-operator/data/invoices.ts';
import type { Invoice } from '#shared/operator/schemas.ts';
import {
  column,
  columnIndex,
  dataRows,
  readXlsx,
  sheetNamed,
  totalsRows,
  type XlsxCell,
  type XlsxSheet,
} from '#support/read-xlsx.ts';
import { assertReadable } from '#support/workbook-checks.ts';

let root: string;
let dataset: Dataset;
let invoices: Invoice[];
let entries: InvoiceSearchItem[];

const about: AboutInfo = {
  connectionName: 'Cabinet Martin',
  query: 'Toutes les factures',
  source: 'live',
  dataFrom: '2026-03-01T08:00:00Z',
  dataTo: '2026-03-02T08:00:00Z',
  coverage: 'Toutes les factures que l’opérateur donne pour cette requête.',
  appVersion: '0.1.0',
  exportedAt: new Date('2026-03-02T09:30:00Z'),
};

/** A credit note of the demo's, and a large invoice so that totals take thousands separators. */
function withCreditNote(list: Invoice[]): Invoice[] {
  const copy = structuredClone(list);
  const credit = copy[1] as Invoice;
  credit.businessData.type = '381';
  const large = copy[2] as Invoice;
  large.businessData.monetary.invoiceAmount.amount = 1_234_567.89;
  return copy;
}

before(() => {
  root = mkdtempSync(join(tmpdir(), 'readable-workbooks-'));
  dataset = createDataset(7, 80, { startMs: Date.UTC(2026, 2, 1) });
  invoices = withCreditNote(dataset.records.map((record) => dataset.invoice(record)));
  entries = dataset.records.map((record, i) => ({
    metadata: {
      invoiceId: record.invoiceId,
      state: record.state,
      direction: record.direction,
      createDate: record.createDate,
    },
    // One paid by the operator's word (212), so that the payment columns are filled too.
    lastStatusData:
      i === 3
        ? { code: '212', state: 'DELIVERED', date: '2026-02-28T10:00:00Z' }
        : { code: '205', state: 'DELIVERED', date: '2026-02-27T10:00:00Z' },
    businessData: searchBusinessData(invoices[i] as Invoice),
  }));
});
after(() => rmSync(root, { recursive: true, force: true }));

const cents = (value: unknown): number => Math.round((value as number) * 100);

/** The key of a row's totals: its currency, and its direction when the sheet has one (sales and
 * purchases are never added together). */
function totalsKey(sheet: XlsxSheet, row: XlsxCell[]): string {
  const direction = sheet.rows[0]?.some((cell) => cell.v === 'Sens')
    ? String(row[columnIndex(sheet, 'Sens')]?.v)
    : '';
  return `${direction}|${String(row[columnIndex(sheet, 'Devise')]?.v ?? 'EUR')}`;
}

/** Per currency (and direction), the sum in cents of a column's data rows. */
function sumsByCurrency(sheet: XlsxSheet, header: string): Map<string, number> {
  const index = columnIndex(sheet, header);
  const sums = new Map<string, number>();
  for (const row of dataRows(sheet)) {
    const cell = row[index];
    if (typeof cell?.v !== 'number') continue;
    const key = totalsKey(sheet, row);
    sums.set(key, (sums.get(key) ?? 0) + cents(cell.v));
  }
  return sums;
}

/** The totals rows: one per currency and direction, each equal to the sums of the rows above. */
function assertTotals(sheet: XlsxSheet, headers: readonly string[]): void {
  const totals = totalsRows(sheet);
  const currency = columnIndex(sheet, 'Devise');
  for (const header of headers) {
    const expected = sumsByCurrency(sheet, header);
    const index = columnIndex(sheet, header);
    assert.deepEqual(
      new Map(totals.map((row) => [totalsKey(sheet, row), cents(row[index]?.v)])),
      expected,
      `${sheet.name}: totals of "${header}"`,
    );
    for (const row of totals) {
      assert.equal(row[index]?.t, 'n');
      assert.ok(row[index]?.b, 'a bold total');
      assert.equal(row[0]?.v, `Total ${String(row[currency]?.v)}`);
    }
  }
  assert.ok(totals.length >= 1, `${sheet.name}: a totals row`);
}

describe('the invoices list workbook', () => {
  let book: { sheets: XlsxSheet[] };
  before(async () => {
    const target = join(root, 'factures.xlsx');
    await writeWorkbook(
      target,
      invoicesWorkbook({
        language: 'fr',
        invoices: entries.map(rowOfSearchItem),
        details: invoices,
        about,
      }),
    );
    book = readXlsx(target);
  });

  it('sizes, prints and words every sheet for its reader', () => {
    assertReadable(book);
  });

  it('gives a credit note its amounts negative, as the VAT sheet counts it, and says so', () => {
    const sheet = sheetNamed(book, 'Factures');
    const index = column(sheet, 'N° facture').findIndex(
      (cell) => cell.v === invoices[1]?.businessData.invoiceId,
    );
    assert.ok(index >= 0);
    const money = invoices[1]!.businessData.monetary;
    assert.equal(column(sheet, 'Code type')[index]?.v, '381');
    assert.equal(
      column(sheet, 'Total HT (avoirs en négatif)')[index]?.v,
      -money.taxBasisTotalAmount.amount,
    );
    assert.equal(
      column(sheet, 'Total TVA (avoirs en négatif)')[index]?.v,
      -money.taxTotalAmount.amount,
    );
    assert.equal(
      column(sheet, 'Total TTC (avoirs en négatif)')[index]?.v,
      -money.invoiceAmount.amount,
    );
    const vat = sheetNamed(book, 'Ventilation TVA');
    const lines = column(vat, 'N° facture')
      .map((cell, i) => (cell.v === invoices[1]?.businessData.invoiceId ? i : -1))
      .filter((i) => i >= 0);
    assert.ok(lines.length > 0);
    for (const i of lines) {
      assert.ok((column(vat, 'Base HT (avoirs en négatif)')[i]?.v as number) <= 0);
    }
  });

  it('ends each list with totals rows, per currency, equal to its rows, outside the filter', () => {
    const sheet = sheetNamed(book, 'Factures');
    assert.equal(dataRows(sheet).length, entries.length);
    assert.equal(sheet.autoFilter, `A1:Z${entries.length + 1}`);
    assert.equal(sheet.freeze, 'A2');
    assertTotals(sheet, [
      'Total HT (avoirs en négatif)',
      'Total TVA (avoirs en négatif)',
      'Total TTC (avoirs en négatif)',
    ]);
    const vat = sheetNamed(book, 'Ventilation TVA');
    assertTotals(vat, ['Base HT (avoirs en négatif)', 'Montant de TVA (avoirs en négatif)']);
  });

  it('has no column the operator never fills (the stream id is not in a search result)', () => {
    const sheet = sheetNamed(book, 'Factures');
    assert.ok(!sheet.rows[0]?.some((cell) => cell.v === 'Identifiant de flux'));
    sheet.rows[0]?.forEach((header, i) => {
      assert.ok(
        dataRows(sheet).some((row) => row[i]?.v !== null),
        `column "${String(header.v)}" is empty on every row`,
      );
    });
  });
});

describe('the other export workbooks', () => {
  it('one invoice prints one page wide, landscape, its title on each page', async () => {
    const target = join(root, 'facture.xlsx');
    await writeWorkbook(
      target,
      invoiceDetailWorkbook({ language: 'fr', invoice: invoices[2] as Invoice, about }),
    );
    const book = readXlsx(target);
    assertReadable(book);
    const sheet = sheetNamed(book, 'Facture');
    assert.equal(sheet.print.orientation, 'landscape');
    assert.equal(sheet.print.fitToWidth, 1);
  });

  it('directory and participants: networks in words; a legal identifier not called SIREN', async () => {
    const directory = join(root, 'annuaire.xlsx');
    await writeWorkbook(
      directory,
      directoryWorkbook({ language: 'fr', entries: dataset.directory.slice(0, 40), about }),
    );
    assertReadable(readXlsx(directory));

    const participants = join(root, 'participants.xlsx');
    const list = dataset.participants;
    const foreign = list.find((p) => p.country !== 'FR' && p.legalIdentifier);
    assert.ok(foreign, 'a foreign participant with its own legal identifier');
    await writeWorkbook(
      participants,
      participantsWorkbook({ language: 'fr', participants: list, about }),
    );
    const book = readXlsx(participants);
    assertReadable(book);
    const sheet = sheetNamed(book, 'Participants');
    assert.ok(!sheet.rows[0]?.some((cell) => cell.v === 'Identifiant légal (SIREN)'));
    const legal = column(sheet, 'Identifiant légal (SIREN ou n° national)');
    assert.equal(legal[list.indexOf(foreign)]?.v, foreign.legalIdentifier);
    assert.ok(
      column(sheet, 'Réseaux').some((cell) => cell.v === 'Réseau domestique français (PPF)'),
    );
  });

  it('webhooks', async () => {
    const target = join(root, 'webhooks.xlsx');
    await writeWorkbook(
      target,
      webhooksWorkbook({
        language: 'fr',
        webhooks: [{ webhookId: 'wh-1', label: 'ERP', status: 'ACTIVE' }],
        about,
      }),
    );
    assertReadable(readXlsx(target));
  });
});

describe('a streamed table', () => {
  it('keeps room for a later amount ten times the first batch’s largest (no ###)', async () => {
    const target = join(root, 'streamed.xlsx');
    const rows = Array.from({ length: 30 }, (_, i) => [`F-${i}`, i < 10 ? 999.99 : -9_999.99]);
    await writeWorkbook(
      target,
      {
        sheets: [
          {
            kind: 'table',
            name: 'Data',
            columns: [
              { header: 'N', kind: 'id' },
              { header: 'TTC', kind: 'amount' },
            ],
            rows,
          },
        ],
      },
      { batchSize: 10 },
    );
    assertReadable(readXlsx(target));
  });
});
