// The workbook layouts, written through the real writer from the demo operator's data and read
// back with openpyxl: sheet names, headers in the UI's language, figures equal to the source,
// identifiers kept as text, and an "About" sheet that names the connection and nothing secret.
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
import type { Invoice, Webhook } from '#shared/operator/schemas.ts';
import { column, dataRows, readXlsx, sheetNamed, type XlsxSheet } from '#support/read-xlsx.ts';

let root: string;
let dataset: Dataset;
let invoices: Invoice[];
let entries: InvoiceSearchItem[];

const about: AboutInfo = {
  connectionName: 'Cabinet Martin – production',
  query: 'invoice.state:"VALID"',
  source: 'archive',
  dataFrom: '2026-03-01T08:00:00Z',
  dataTo: '2026-03-02T08:00:00Z',
  coverage: 'Every archived invoice matching the filters',
  appVersion: '0.1.0',
  exportedAt: new Date('2026-03-02T09:30:00Z'),
};

before(() => {
  root = mkdtempSync(join(tmpdir(), 'export-layouts-'));
  dataset = createDataset(7, 60, { startMs: Date.UTC(2026, 2, 1) });
  invoices = dataset.records.map((record) => dataset.invoice(record));
  entries = dataset.records.map((record, i) => ({
    metadata: {
      invoiceId: record.invoiceId,
      state: record.state,
      direction: record.direction,
      createDate: record.createDate,
    },
    lastStatusData: { code: '205', state: 'DELIVERED', date: '2026-02-27T10:00:00Z' },
    businessData: searchBusinessData(invoices[i] as Invoice),
  }));
});
after(() => rmSync(root, { recursive: true, force: true }));

function aboutValue(sheet: XlsxSheet, label: string): unknown {
  return sheet.rows.find((row) => row[0]?.v === label)?.[1]?.v;
}

describe('invoices workbook', () => {
  it('has one row per invoice with the source figures, and the VAT lines of the details', async () => {
    const target = join(root, 'factures.xlsx');
    await writeWorkbook(
      target,
      invoicesWorkbook({
        language: 'fr',
        invoices: entries.map(rowOfSearchItem),
        total: entries.length,
        details: invoices,
        about,
      }),
    );
    const book = readXlsx(target);
    assert.deepEqual(
      book.sheets.map((s) => s.name),
      ['Factures', 'Ventilation TVA', 'À propos'],
    );
    const sheet = sheetNamed(book, 'Factures');
    assert.equal(dataRows(sheet).length, entries.length);
    assert.equal(sheet.freeze, 'A2');
    assert.match(sheet.autoFilter ?? '', new RegExp(`^A1:[A-Z]+${entries.length + 1}$`));

    const numbers = column(sheet, 'N° facture');
    const ht = column(sheet, 'Total HT (avoirs en négatif)');
    const tva = column(sheet, 'Total TVA (avoirs en négatif)');
    const ttc = column(sheet, 'Total TTC (avoirs en négatif)');
    const dates = column(sheet, 'Date de facture');
    const sellerSiren = column(sheet, 'SIREN vendeur');
    const buyerSiret = column(sheet, 'SIRET acheteur');
    const states = column(sheet, 'État');
    const lifecycle = column(sheet, 'Dernier statut');
    const typeCodes = column(sheet, 'Code type');
    const platformIds = column(sheet, 'Identifiant plateforme');
    invoices.forEach((invoice, i) => {
      const bd = invoice.businessData;
      assert.equal(numbers[i]?.v, bd.invoiceId);
      assert.equal(numbers[i]?.t, 's');
      // The demo's amounts are positive; a credit note's count negative.
      const sign = String(bd.type) === '381' ? -1 : 1;
      assert.equal(ht[i]?.v, sign * bd.monetary.taxBasisTotalAmount.amount || 0);
      assert.equal(tva[i]?.v, sign * bd.monetary.taxTotalAmount.amount || 0);
      assert.equal(ttc[i]?.v, sign * bd.monetary.invoiceAmount.amount || 0);
      assert.equal(ttc[i]?.t, 'n');
      assert.match(ttc[i]?.f ?? '', /^#,##0\.00 "/);
      assert.equal(dates[i]?.v, bd.invoiceDate);
      assert.equal(dates[i]?.t, 'd');
      if (bd.seller.siren) {
        assert.equal(sellerSiren[i]?.v, bd.seller.siren);
        assert.equal(sellerSiren[i]?.t, 's');
      }
      if (bd.buyer.siret) assert.equal(buyerSiret[i]?.v, bd.buyer.siret);
      assert.equal(typeCodes[i]?.v, String(bd.type));
      assert.equal(platformIds[i]?.v, invoice.invoiceId);
      assert.equal(lifecycle[i]?.v, 'Approuvée');
    });
    assert.ok(states.every((cell) => typeof cell.v === 'string' && !/^[A-Z_]+$/.test(cell.v)));

    const vat = sheetNamed(book, 'Ventilation TVA');
    const expected = invoices.flatMap((invoice) =>
      invoice.businessData.taxDetails.map((tax) => ({
        number: invoice.businessData.invoiceId,
        tax,
        credit: String(invoice.businessData.type) === '381',
      })),
    );
    assert.equal(dataRows(vat).length, expected.length);
    const bases = column(vat, 'Base HT (avoirs en négatif)');
    const amounts = column(vat, 'Montant de TVA (avoirs en négatif)');
    const rates = column(vat, 'Taux de TVA');
    expected.forEach(({ tax, credit }, i) => {
      assert.equal(bases[i]?.v, (credit ? -1 : 1) * tax.taxableAmount.amount || 0);
      assert.equal(amounts[i]?.v, (credit ? -1 : 1) * tax.taxAmount.amount || 0);
      if (tax.percent !== undefined)
        assert.ok(Math.abs((rates[i]?.v as number) - tax.percent / 100) < 1e-12);
    });

    const aboutSheet = sheetNamed(book, 'À propos');
    assert.equal(aboutValue(aboutSheet, 'Connexion'), about.connectionName);
    assert.equal(aboutValue(aboutSheet, 'Source'), 'Archive locale');
    assert.equal(aboutValue(aboutSheet, 'Lignes de « Factures »'), entries.length);
    assert.equal(aboutValue(aboutSheet, 'Lignes de « Ventilation TVA »'), expected.length);
    assert.equal(aboutValue(aboutSheet, 'Version d’Invoice Desk'), '0.1.0');
    assert.equal(aboutValue(aboutSheet, 'Requête ou filtres'), about.query);
  });

  it('speaks English when the UI does', async () => {
    const target = join(root, 'invoices.xlsx');
    await writeWorkbook(
      target,
      invoicesWorkbook({
        language: 'en',
        invoices: entries.slice(0, 3).map(rowOfSearchItem),
        about,
      }),
    );
    const book = readXlsx(target);
    assert.deepEqual(
      book.sheets.map((s) => s.name),
      ['Invoices', 'About'],
    );
    const sheet = sheetNamed(book, 'Invoices');
    assert.ok(sheet.rows[0]?.some((cell) => cell.v === 'Seller SIREN'));
    assert.equal(column(sheet, 'Last status')[0]?.v, 'Approved');
  });
});

describe('invoice detail workbook', () => {
  it('lays one invoice out like the detail panel, with typed figures', async () => {
    const invoice =
      invoices.find((i) => i.businessData.paymentMeans?.some((m) => m.bankTransfer)) ?? invoices[0];
    assert.ok(invoice);
    const target = join(root, 'facture.xlsx');
    await writeWorkbook(target, invoiceDetailWorkbook({ language: 'fr', invoice, about }));
    const book = readXlsx(target);
    assert.deepEqual(
      book.sheets.map((s) => s.name),
      ['Facture', 'À propos'],
    );
    const sheet = sheetNamed(book, 'Facture');
    const bd = invoice.businessData;
    assert.equal(sheet.rows[0]?.[0]?.v, `Facture ${bd.invoiceId}`);
    const labels = sheet.rows.map((row) => row[0]?.v);
    for (const section of [
      'En-tête',
      'Parties',
      'Ventilation de la TVA',
      'Totaux',
      'Paiement',
      'Références',
    ]) {
      assert.ok(labels.includes(section), `section ${section}`);
    }
    const value = (label: string) => sheet.rows.find((row) => row[0]?.v === label)?.[1];
    assert.equal(value('Total TTC')?.v, bd.monetary.invoiceAmount.amount);
    assert.equal(value('Total TTC')?.t, 'n');
    assert.equal(value('Net à payer')?.v, bd.monetary.payableAmount.amount);
    assert.equal(value('Date de facture')?.t, 'd');
    assert.equal(value('Date de facture')?.v, bd.invoiceDate);
    const iban = bd.paymentMeans?.find((m) => m.bankTransfer)?.bankTransfer?.iban;
    if (iban) {
      assert.equal(value('IBAN')?.v, iban);
      assert.equal(value('IBAN')?.t, 's');
    }
    const vatHeader = sheet.rows.findIndex((row) => row[0]?.v === 'Catégorie');
    assert.ok(vatHeader > 0);
    bd.taxDetails.forEach((tax, i) => {
      assert.equal(sheet.rows[vatHeader + 1 + i]?.[3]?.v, tax.taxAmount.amount);
    });
  });
});

describe('directory, participants and webhooks workbooks', () => {
  it('lists directory entries with SIREN, SIRET and postal codes as text', async () => {
    const target = join(root, 'annuaire.xlsx');
    const entriesOf = dataset.directory.slice(0, 40);
    await writeWorkbook(target, directoryWorkbook({ language: 'fr', entries: entriesOf, about }));
    const sheet = sheetNamed(readXlsx(target), 'Annuaire');
    assert.equal(sheet.rows.length, 41);
    assert.equal(sheet.freeze, 'A2');
    const sirens = column(sheet, 'SIREN');
    entriesOf.forEach((entry, i) => {
      const siren = entry.siren ?? entry.legalUnit?.siren;
      if (siren) {
        assert.equal(sirens[i]?.v, siren);
        assert.equal(sirens[i]?.t, 's');
      }
    });
    assert.ok(column(sheet, 'Code postal').every((c) => c.v === null || c.t === 's'));
  });

  it('lists participants', async () => {
    const target = join(root, 'participants.xlsx');
    const list = dataset.participants.slice(0, 25);
    await writeWorkbook(
      target,
      participantsWorkbook({ language: 'en', participants: list, about }),
    );
    const sheet = sheetNamed(readXlsx(target), 'Participants');
    assert.equal(sheet.rows.length, 26);
    assert.deepEqual(
      column(sheet, 'Name').map((c) => c.v),
      list.map((p) => p.name),
    );
  });

  it('lists webhooks without the credentials their addresses may carry', async () => {
    const target = join(root, 'webhooks.xlsx');
    const webhooks: Webhook[] = [
      {
        webhookId: 'wh-1',
        label: 'ERP',
        status: 'ACTIVE',
        filterStreamDirection: 'INBOUND',
        adapterCode: 'standardAdapter',
        interopData: {
          endpoints: {
            status: { callbackUrl: 'https://user:s3cret@erp.example/status?token=abc&x=1' },
            invoice: { callbackUrl: 'https://erp.example/invoices' },
          },
        },
      },
      { webhookId: 'wh-2' },
    ];
    await writeWorkbook(target, webhooksWorkbook({ language: 'fr', webhooks, about }));
    const sheet = sheetNamed(readXlsx(target), 'Webhooks');
    assert.equal(sheet.rows.length, 3);
    const statusUrl = String(column(sheet, 'Rappels de statut')[0]?.v);
    assert.doesNotMatch(statusUrl, /s3cret|abc/);
    assert.match(statusUrl, /erp\.example\/status/);
    assert.equal(column(sheet, 'Sens')[0]?.v, 'Factures reçues');
    assert.equal(column(sheet, 'Sens')[1]?.v, 'Les deux sens');
  });
});
