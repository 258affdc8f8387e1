// The export service's pure parts: file names, the filters as the "About" sheet words them, and
// the one flat row an invoice is written from, live or archived (amounts from cents, exactly).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ArchiveRow } from '#shared/archive.ts';
import { columnsOf } from '#main/services/archive/invoice-columns.ts';
import { describeFilter } from '#main/services/export/about-text.ts';
import { exportFileName, localDay } from '#main/services/export/file-names.ts';
import { rowOfArchive, rowOfSearchItem } from '#main/services/export/invoice-row.ts';
import type { InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { wordsFor } from '#main/services/export/words.ts';

const day = new Date(2026, 10, 22, 23, 30); // local time, late evening

describe('exportFileName', () => {
  const owner = {
    connectionName: 'Client 2',
    company: { name: 'ATELIERS DUVAL AGENCEMENT SAS', siren: '552100554' },
  };
  it('names each export <company> <SIREN> <what> <local day> in the UI language', () => {
    assert.equal(localDay(day), '2026-11-22');
    assert.equal(
      exportFileName({ kind: 'invoices', source: 'live' }, 'fr', day, owner),
      'ATELIERS DUVAL AGENCEMENT 552100554 Factures 2026-11-22.xlsx',
    );
    assert.equal(
      exportFileName({ kind: 'invoices', source: 'archive' }, 'en', day, owner),
      'ATELIERS DUVAL AGENCEMENT 552100554 Invoices archive 2026-11-22.xlsx',
    );
    assert.equal(
      exportFileName({ kind: 'directory', q: 'x' }, 'fr', day, owner),
      'ATELIERS DUVAL AGENCEMENT 552100554 Annuaire 2026-11-22.xlsx',
    );
    assert.equal(
      exportFileName({ kind: 'webhooks' }, 'en', day, {
        connectionName: 'Client 2',
        company: null,
      }),
      'Client 2 Webhooks 2026-11-22.xlsx',
    );
  });

  it('names a period’s file by its period: reports, entries, the exceptions list', () => {
    const period = { from: '2026-11-01', to: '2026-11-30', label: '2026-11' };
    assert.equal(
      exportFileName({ kind: 'report', report: 'vat', period }, 'fr', day, owner),
      'ATELIERS DUVAL AGENCEMENT 552100554 TVA 2026-11.xlsx',
    );
    assert.equal(
      exportFileName({ kind: 'report', report: 'aging', period }, 'fr', day, owner),
      'ATELIERS DUVAL AGENCEMENT 552100554 Échéancier 2026-11.xlsx',
    );
    assert.equal(
      exportFileName({ kind: 'entries', period }, 'fr', day, owner),
      'ATELIERS DUVAL AGENCEMENT 552100554 Écritures 2026-11.xlsx',
    );
    assert.equal(
      exportFileName({ kind: 'exceptions', period, show: 'open' }, 'fr', day, owner),
      'ATELIERS DUVAL AGENCEMENT 552100554 À traiter 2026-11.xlsx',
    );
  });

  it('puts a safe form of the invoice number in the name of one invoice', () => {
    const target = { kind: 'invoice', invoiceId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' } as const;
    assert.equal(
      exportFileName(target, 'fr', day, owner, 'FA/2026/été 001'),
      'ATELIERS DUVAL AGENCEMENT 552100554 Facture FA 2026 été 001 2026-11-22.xlsx',
    );
    assert.doesNotMatch(exportFileName(target, 'fr', day, owner, '../../etc'), /[\\/]/);
    assert.equal(
      exportFileName(target, 'fr', day, owner),
      'ATELIERS DUVAL AGENCEMENT 552100554 Facture 3fa85f64-5717-4562-b3fc-2c963f66afa6 2026-11-22.xlsx',
    );
  });
});

describe('describeFilter', () => {
  const fr = wordsFor('fr');
  it('speaks English as English is written, with the screens’ names of columns', () => {
    assert.equal(
      describeFilter(
        { counterparty: 'FR12123456789', kind: 'invoice' },
        { key: 'createDate', descending: true },
        wordsFor('en'),
        'en',
      ),
      'Counterparty: FR12123456789; Type: Invoices · Sort: Submission date (descending)',
    );
  });
  it('names the search as the archive screen does', () => {
    assert.equal(
      describeFilter({ text: ' F2026-000123 ' }, undefined, fr, 'fr'),
      'Rechercher : F2026-000123',
    );
  });
  it('says "all" when there is no filter', () => {
    assert.equal(
      describeFilter(undefined, undefined, fr, 'fr'),
      'Toutes les factures archivées (aucun filtre)',
    );
  });
  it('words every filter and the sort', () => {
    const text = describeFilter(
      {
        invoiceDateFrom: '2026-01-01',
        dueDateTo: '2026-06-30',
        counterparty: ' 123456789 ',
        ttcMinCents: 150_000,
        kind: 'credit_note',
        direction: 'OUTBOUND',
        states: ['VALID', 'DELIVERED'],
        lifecycleCodes: ['210', '299'],
        detailFetched: true,
      },
      { key: 'ttcCents', descending: true },
      fr,
      'fr',
    );
    assert.equal(
      text,
      'Date de facture : à partir du 01/01/2026 ; Échéance : jusqu’au 30/06/2026 ; ' +
        'Tiers : 123456789 ; TTC : au moins 1\u202f500,00\u00a0€ ; Type : Avoirs ; ' +
        'Sens : Émise ; États : Valide, Distribuée ; Dernier statut : 210 · Refusée, 299 ; ' +
        'Détails complets : archivés · Tri : TTC (décroissant)',
    );
  });
});

describe('rowOfArchive', () => {
  const row: ArchiveRow = {
    invoiceId: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    direction: 'INBOUND',
    state: 'DELIVERED',
    invoiceNumber: 'F-001',
    typeCode: '381',
    invoiceDate: '2026-03-31',
    dueDate: null,
    createDate: '2026-03-31T10:00:00Z',
    sellerName: 'Boulangerie Martin',
    sellerSiren: '012345678',
    sellerSiret: null,
    sellerVat: 'FR12012345678',
    buyerName: null,
    buyerSiren: null,
    buyerSiret: null,
    buyerVat: null,
    counterpartyName: 'Boulangerie Martin',
    counterpartySiren: '012345678',
    counterpartySiret: null,
    counterpartyVat: 'FR12012345678',
    htCents: -28,
    tvaCents: 1,
    ttcCents: 123456789,
    currency: 'EUR',
    lifecycleCode: '212',
    lifecycleDate: '2026-04-02T08:00:00Z',
    searchFetchedAt: '2026-04-03T08:00:00Z',
    detailFetchedAt: null,
  };
  it('gives back the amounts exactly and leaves out what the archive does not know', () => {
    const entry = rowOfArchive(row);
    assert.equal(entry.invoiceId, row.invoiceId);
    assert.equal(entry.lifecycleCode, '212');
    assert.equal(entry.typeCode, '381');
    assert.equal(entry.dueDate, null);
    assert.deepEqual(
      [entry.sellerName, entry.sellerSiren, entry.sellerSiret, entry.sellerVat],
      ['Boulangerie Martin', '012345678', null, 'FR12012345678'],
    );
    assert.deepEqual(
      [entry.buyerName, entry.buyerSiren, entry.buyerSiret, entry.buyerVat],
      [null, null, null, null],
    );
    assert.equal(entry.ttc, 1234567.89);
    assert.equal(entry.ht, -0.28);
    assert.equal(entry.tva, 0.01);
  });
  it('an archived invoice without amounts has no amounts', () => {
    const entry = rowOfArchive({ ...row, ttcCents: null });
    assert.deepEqual([entry.ht, entry.tva, entry.ttc, entry.currency], [null, null, null, null]);
  });
  it('an invoice gives the same row live and once archived', () => {
    const item: InvoiceSearchItem = {
      metadata: {
        invoiceId: row.invoiceId,
        state: 'DELIVERED',
        direction: 'INBOUND',
        createDate: '2026-03-31T10:00:00Z',
      },
      lastStatusData: { code: '212', date: '2026-04-02T08:00:00Z' },
      businessData: {
        invoiceId: 'F-001',
        invoiceDate: '2026-03-31',
        type: '381',
        seller: { name: 'Boulangerie Martin', siren: '012345678', vatNumber: 'FR12012345678' },
        buyer: { name: 'Cabinet Martin', siret: '01234567800012' },
        monetary: {
          invoiceCurrency: 'EUR',
          invoiceAmount: { amount: 1234567.89 },
          taxBasisTotalAmount: { amount: 1028806.58 },
          taxTotalAmount: { amount: 205761.31 },
        },
      },
    } as InvoiceSearchItem;
    const c = columnsOf(item);
    const archived: ArchiveRow = {
      invoiceId: c.invoice_id,
      direction: c.direction,
      state: c.state,
      invoiceNumber: c.invoice_number,
      typeCode: c.type_code,
      invoiceDate: c.invoice_date,
      dueDate: c.due_date,
      createDate: c.create_date,
      sellerName: c.seller_name,
      sellerSiren: c.seller_siren,
      sellerSiret: c.seller_siret,
      sellerVat: c.seller_vat,
      buyerName: c.buyer_name,
      buyerSiren: c.buyer_siren,
      buyerSiret: c.buyer_siret,
      buyerVat: c.buyer_vat,
      counterpartyName: c.counterparty_name,
      counterpartySiren: c.counterparty_siren,
      counterpartySiret: c.counterparty_siret,
      counterpartyVat: c.counterparty_vat,
      htCents: c.ht_cents,
      tvaCents: c.tva_cents,
      ttcCents: c.ttc_cents,
      currency: c.currency,
      lifecycleCode: c.lifecycle_code,
      lifecycleDate: c.lifecycle_date,
      searchFetchedAt: '2026-04-03T08:00:00Z',
      detailFetchedAt: null,
    };
    assert.deepEqual(rowOfArchive(archived), rowOfSearchItem(item));
  });
});
