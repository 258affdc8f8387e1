// The export service's pure parts: file names, the filters as the "About" sheet words them, and
// an archived row read back as a search result (amounts from cents, exactly).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ArchiveRow } from '#shared/archive.ts';
import {
  describeFilter,
  entryOfRow,
  exportFileName,
  localDay,
} from '#main/services/export/exporter.ts';
import { wordsFor } from '#main/services/export/words.ts';

const day = new Date(2026, 10, 22, 23, 30); // local time, late evening

describe('exportFileName', () => {
  it('names each export in the UI language with the local day', () => {
    assert.equal(localDay(day), '2026-11-22');
    assert.equal(
      exportFileName({ kind: 'invoices', source: 'live' }, 'fr', day),
      'factures-2026-11-22.xlsx',
    );
    assert.equal(
      exportFileName({ kind: 'invoices', source: 'archive' }, 'en', day),
      'invoices-archive-2026-11-22.xlsx',
    );
    assert.equal(
      exportFileName({ kind: 'directory', q: 'x' }, 'fr', day),
      'annuaire-2026-11-22.xlsx',
    );
    assert.equal(exportFileName({ kind: 'webhooks' }, 'en', day), 'webhooks-2026-11-22.xlsx');
  });

  it('puts a safe form of the invoice number in the name of one invoice', () => {
    const target = { kind: 'invoice', invoiceId: '3fa85f64-5717-4562-b3fc-2c963f66afa6' } as const;
    assert.equal(
      exportFileName(target, 'fr', day, 'FA/2026/été 001'),
      'facture-FA-2026-ete-001-2026-11-22.xlsx',
    );
    assert.equal(exportFileName(target, 'fr', day, '../../etc'), 'facture-etc-2026-11-22.xlsx');
    assert.equal(
      exportFileName(target, 'fr', day),
      'facture-3fa85f64-5717-4562-b3fc-2c963f66afa6-2026-11-22.xlsx',
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

describe('entryOfRow', () => {
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
    const entry = entryOfRow(row);
    assert.equal(entry.metadata.invoiceId, row.invoiceId);
    assert.equal(entry.lastStatusData?.code, '212');
    assert.equal(entry.businessData?.type, '381');
    assert.equal(entry.businessData?.invoiceDueDate, undefined);
    assert.deepEqual(entry.businessData?.seller, {
      name: 'Boulangerie Martin',
      siren: '012345678',
      vatNumber: 'FR12012345678',
    });
    assert.deepEqual(entry.businessData?.buyer, {});
    assert.equal(entry.businessData?.monetary?.invoiceAmount.amount, 1234567.89);
    assert.equal(entry.businessData?.monetary?.taxBasisTotalAmount?.amount, -0.28);
    assert.equal(entry.businessData?.monetary?.taxTotalAmount?.amount, 0.01);
  });
  it('an archived invoice without amounts has no monetary part', () => {
    assert.equal(entryOfRow({ ...row, ttcCents: null }).businessData?.monetary, undefined);
  });
});
