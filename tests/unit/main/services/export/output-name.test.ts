// One name for every file the app writes (issue 27, item 1): <company short name> <SIREN> <what>
// <period>, safe on Windows, macOS and Linux.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  companyShortName,
  fileOwnerOf,
  ownedFileName,
  safeFileName,
} from '#main/services/export/output-name.ts';

const duval = {
  connectionName: 'Démo (administrateur)',
  company: { name: 'ATELIERS DUVAL AGENCEMENT SAS', siren: '552100554' },
};

describe('ownedFileName', () => {
  it('names the company without its legal form, its SIREN, what and the period', () => {
    assert.equal(
      ownedFileName(duval, 'TVA', '2026-11', 'xlsx'),
      'ATELIERS DUVAL AGENCEMENT 552100554 TVA 2026-11.xlsx',
    );
    assert.equal(
      ownedFileName(duval, 'Écritures', '2026-01..2026-03', 'xlsx'),
      'ATELIERS DUVAL AGENCEMENT 552100554 Écritures 2026-01_2026-03.xlsx',
    );
  });

  it('falls back on the connection name, and on the name alone without a SIREN', () => {
    assert.equal(
      ownedFileName(
        { connectionName: 'Client: Roche/Lyon', company: null },
        'TVA',
        '2026-11',
        'xlsx',
      ),
      'Client Roche Lyon TVA 2026-11.xlsx',
    );
    assert.equal(
      ownedFileName(
        { connectionName: 'x', company: { name: 'SARL MOREL', siren: null } },
        'Statuts',
        '2026-Q3',
        'xlsx',
      ),
      'MOREL Statuts 2026-Q3.xlsx',
    );
  });
});

describe('companyShortName', () => {
  it('drops legal forms before or after, cuts long names at a word', () => {
    assert.equal(companyShortName('ATELIERS DUVAL AGENCEMENT SAS'), 'ATELIERS DUVAL AGENCEMENT');
    assert.equal(companyShortName('S.A.S.'), 'S.A.S.');
    assert.equal(companyShortName('SAS'), 'SAS');
    assert.equal(
      companyShortName('SOCIETE COOPERATIVE DE PRODUCTION DES MENUISIERS DU GRAND LYON SCOP'),
      'SOCIETE COOPERATIVE DE PRODUCTION DES',
    );
    // macOS hands decomposed accents: one name, whatever the keyboard.
    assert.equal(companyShortName('E\u0301TS MARTIN'), 'ÉTS MARTIN');
  });
});

describe('safeFileName', () => {
  it('replaces the characters Windows forbids and control characters', () => {
    assert.equal(
      safeFileName('a<b>c:d"e/f\\g|h?i*j\u0000k\tl', 'xlsx'),
      'a b c d e f g h i j k l.xlsx',
    );
  });
  it('never ends with a dot or a space, never starts with one', () => {
    assert.equal(safeFileName(' .TVA 2026. . ', 'xlsx'), 'TVA 2026.xlsx');
    assert.equal(safeFileName('...', 'txt'), 'export.txt');
  });
  it('avoids the names Windows reserves, with or without an extension', () => {
    assert.equal(safeFileName('CON', 'xlsx'), '_CON.xlsx');
    assert.equal(safeFileName('lpt1', 'csv'), '_lpt1.csv');
    assert.equal(safeFileName('aux.backup', 'csv'), '_aux.backup.csv');
    assert.equal(safeFileName('CONSEIL', 'xlsx'), 'CONSEIL.xlsx');
  });
  it('keeps the whole name within 180 bytes, cut between characters', () => {
    const name = safeFileName('é'.repeat(200), 'xlsx');
    assert.ok(Buffer.byteLength(name) <= 180, `${Buffer.byteLength(name)} bytes`);
    assert.match(name, /^é+\.xlsx$/u);
  });
});

describe('fileOwnerOf', () => {
  const archive = { companySiren: () => ({ siren: '552100554', name: 'ATELIERS DUVAL SAS' }) };
  it('takes the SIREN the accountant set over the one the invoices give', () => {
    assert.deepEqual(
      fileOwnerOf('C', archive, { readAccountingSettings: () => ({ siren: '732829320' }) }),
      { connectionName: 'C', company: { name: 'ATELIERS DUVAL SAS', siren: '732829320' } },
    );
    assert.deepEqual(fileOwnerOf('C', archive, null).company, {
      name: 'ATELIERS DUVAL SAS',
      siren: '552100554',
    });
  });
  it('no archive, no SIREN set: no company', () => {
    assert.deepEqual(fileOwnerOf('C', null, null), { connectionName: 'C', company: null });
  });
});
