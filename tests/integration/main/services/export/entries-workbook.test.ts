// The entries workbook (issue 17, item 4's Excel export), written by the real writer and read back
// with openpyxl: one row per entry line with the totals, the journals with debit = credit, the
// invoices held or left out with their reason, the "À propos" sheet; French headers.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { entriesFileName, entriesWorkbook } from '#main/services/export/layouts/entries.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { ledgerOf, purchaseEntry, saleEntry } from '#support/ledger-fixtures.ts';

const OWNER = {
  connectionName: 'Cabinet Martin',
  company: { name: 'MENUISERIE ROCHE SARL', siren: '552100554' },
};
import { column, dataRows, readXlsx, sheetNamed, totalsRows } from '#support/read-xlsx.ts';

describe('entries workbook', () => {
  it('lists every entry line with totals, the journals, what was set aside, and the About sheet', async () => {
    const ledger = ledgerOf([
      saleEntry(1, '2026-03-02', 'F-001', 10000, 2000, 'Dupont SA'),
      purchaseEntry(2, '2026-03-05', 'A-9', 5000, 1000, 'Orange'),
      purchaseEntry(3, '2026-03-09', 'AV-3', 2500, 500, 'Orange', true),
    ]);
    ledger.toMap = [
      {
        key: '123456789',
        role: 'supplier',
        name: 'Orange',
        suggestedAuxiliary: 'FORANGE',
        suggestedAccount: '604000',
        suggestedFrom: 'default',
        invoices: 2,
        htCents: 2500,
      },
    ];
    const dir = await mkdtemp(join(tmpdir(), 'entries-book-'));
    const path = join(dir, entriesFileName(ledger.period, 'fr', OWNER));
    assert.equal(path.endsWith('/MENUISERIE ROCHE 552100554 Écritures 2026-03.xlsx'), true);
    const written = await writeWorkbook(
      path,
      entriesWorkbook(
        'fr',
        { connectionName: 'Cabinet Martin', appVersion: '9.9.9' },
        () => ledger,
      ),
    );
    assert.equal(written.rows.get('Écritures'), 9);
    const book = readXlsx(path);
    assert.deepEqual(
      book.sheets.map((s) => s.name),
      ['Écritures', 'Journaux', 'Mises de côté', 'À propos'],
    );

    const entries = sheetNamed(book, 'Écritures');
    assert.deepEqual(
      entries.rows[0]?.map((c) => c.v),
      [
        'N°',
        'Date',
        'Journal',
        'Pièce',
        'Date pièce',
        'Libellé',
        'Compte',
        'Libellé compte',
        'Compte auxiliaire',
        'Débit',
        'Crédit',
        'Tiers à confirmer',
      ],
    );
    const rows = dataRows(entries);
    assert.equal(rows.length, 9);
    assert.deepEqual(
      rows[0]?.slice(0, 11).map((c) => c.v),
      [
        1,
        '2026-03-02',
        'VT',
        'F-001',
        '2026-03-02',
        'Dupont SA',
        '411000',
        'Clients',
        'CDUPONT',
        120,
        0,
      ],
    );
    assert.equal(rows[0]?.[1]?.t, 'd', 'a real date');
    assert.equal(rows[0]?.[6]?.t, 's', 'an account number stays text');
    // The credit note: its 401 line on the debit side.
    const noteSupplier = rows.find((r) => r[3]?.v === 'AV-3' && r[6]?.v === '401000');
    assert.deepEqual([noteSupplier?.[9]?.v, noteSupplier?.[10]?.v], [30, 0]);
    assert.deepEqual(
      column(entries, 'Tiers à confirmer').map((c) => c.v),
      [null, null, null, null, null, 'Oui', null, null, 'Oui'],
    );
    const [total] = totalsRows(entries);
    assert.equal(total?.[0]?.v, 'Total EUR');
    assert.equal(total?.[9]?.v, 210);
    assert.equal(total?.[10]?.v, 210);

    const journals = sheetNamed(book, 'Journaux');
    const text = journals.rows.map((r) => r.map((c) => c.v));
    const vt = text.find((r) => r[0] === 'VT');
    assert.deepEqual(vt, ['VT', 'Ventes', 1, 3, 120, 120, 0]);
    const ha = text.find((r) => r[0] === 'HA');
    assert.deepEqual(ha, ['HA', 'Achats', 2, 6, 90, 90, 0]);
    assert.deepEqual(
      text.find((r) => r[0] === 'Total'),
      ['Total', null, 3, 9, 210, 210, 0],
    );
    assert.ok(text.some((r) => r[0] === 'Total débit = total crédit pour chaque journal.'));
    assert.ok(text.some((r) => r[0] === 'SIREN' && r[1] === '552100554'));
    // Each count agrees with its number (1: singular), not '1 facture(s) en attente, 1 écartée(s)'.
    assert.ok(
      text.some(
        (r) => r[0] === '1 facture en attente, 1 écartée : voir la feuille « Mises de côté ».',
      ),
    );
    assert.ok(
      text.some((r) => r[0] === '1 tiers à confirmer : ses écritures utilisent le compte proposé.'),
    );

    const aside = sheetNamed(book, 'Mises de côté');
    const asideRows = dataRows(aside).map((r) => r.map((c) => c.v));
    assert.deepEqual(asideRows[0]?.slice(0, 7), [
      'En attente',
      'En litige (statut 207)',
      null,
      'F-HELD',
      '2026-03-10',
      'Reçues',
      'Litige SARL',
    ]);
    assert.deepEqual(asideRows[1]?.slice(0, 4), [
      'Écartée',
      'Totaux incohérents',
      'HT 100,00 + TVA 20,00 ≠ TTC 121,00',
      'F-OUT',
    ]);

    const about = sheetNamed(book, 'À propos').rows.map((r) => r.map((c) => c.v));
    assert.ok(about.some((r) => r[1] === 'Cabinet Martin'));
    assert.ok(about.some((r) => String(r[1]).startsWith('Écritures de 2026-03')));
    assert.ok(about.some((r) => r[0] === 'Lignes de « Écritures »' && r[1] === 9));
    assert.ok(entries.print.fitToPage, 'printed as wide as the page');
  });

  it('writes the counts set aside in the plural from 2, and 0 in the singular (French)', async () => {
    const ledger = ledgerOf([saleEntry(1, '2026-03-02', 'F-001', 10000, 2000)]);
    const held = ledger.held[0]!;
    ledger.held = [held, { ...held, invoiceId: 'inv-held-2', number: 'F-HELD-2' }];
    ledger.leftOut = [];
    ledger.toMap = [];
    const dir = await mkdtemp(join(tmpdir(), 'entries-book-'));
    const path = join(dir, entriesFileName(ledger.period, 'fr', OWNER));
    await writeWorkbook(
      path,
      entriesWorkbook('fr', { connectionName: 'x', appVersion: '1' }, () => ledger),
    );
    const text = sheetNamed(readXlsx(path), 'Journaux').rows.map((r) => r.map((c) => c.v));
    assert.ok(
      text.some(
        (r) => r[0] === '2 factures en attente, 0 écartée : voir la feuille « Mises de côté ».',
      ),
      JSON.stringify(text),
    );
  });

  it('says a platform code in words in « Mises de côté », never the English code', async () => {
    const ledger = ledgerOf([saleEntry(1, '2026-03-02', 'F-001', 10000, 2000)]);
    const out = ledger.leftOut[0]!;
    ledger.held = [];
    ledger.leftOut = [
      { ...out, reason: 'invalid', detail: 'NOT_DELIVERED' },
      { ...out, invoiceId: 'inv-2', number: 'F-2', reason: 'invalid', detail: 'WRONG_ROUTING' },
      { ...out, invoiceId: 'inv-3', number: 'F-3', reason: 'rejected', detail: '213' },
    ];
    const dir = await mkdtemp(join(tmpdir(), 'entries-book-'));
    const path = join(dir, entriesFileName(ledger.period, 'fr', OWNER));
    await writeWorkbook(
      path,
      entriesWorkbook('fr', { connectionName: 'x', appVersion: '1' }, () => ledger),
    );
    const aside = sheetNamed(readXlsx(path), 'Mises de côté');
    assert.deepEqual(
      column(aside, 'Détail').map((c) => c.v),
      ['Non distribuée', 'Erreur d’acheminement', '213 · Rejetée'],
    );
  });

  it('speaks English when asked, and shows a journal that does not balance', async () => {
    const ledger = ledgerOf([saleEntry(1, '2026-03-02', 'F-001', 10000, 2000)]);
    ledger.journals[0]!.creditCents -= 1;
    const dir = await mkdtemp(join(tmpdir(), 'entries-book-'));
    const path = join(dir, entriesFileName(ledger.period, 'en', OWNER));
    await writeWorkbook(
      path,
      entriesWorkbook('en', { connectionName: 'x', appVersion: '1' }, () => ledger),
    );
    const book = readXlsx(path);
    assert.deepEqual(
      book.sheets.map((s) => s.name),
      ['Entries', 'Journals', 'Set aside', 'About'],
    );
    const text = sheetNamed(book, 'Journals').rows.map((r) => r.map((c) => c.v));
    assert.deepEqual(text.find((r) => r[0] === 'VT')?.slice(4), [120, 119.99, 0.01]);
    assert.ok(text.some((r) => String(r[0]).startsWith('Warning')));
  });
});
