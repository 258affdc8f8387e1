// The FEC writer, on hand-built ledgers, every file read back by the independent checker
// (tests/support/fec-checker.ts): both separators and both encodings, labels holding the
// separators and line breaks, € in ISO 8859-15, a credit note, the legal name, no SIREN.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { FecEncoding, FecSeparator } from '#shared/accounting.ts';
import { encodeLatin9, fecFileName, writeFec } from '#main/services/accounting/fec.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import { checkFecFile } from '#support/fec-checker.ts';
import { ledgerOf, purchaseEntry, saleEntry } from '#support/ledger-fixtures.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';

const tempDir = () => mkdtemp(join(tmpdir(), 'fec-test-'));

function aLedger() {
  const sale = saleEntry(1, '2026-03-02', 'F-001', 10000, 2000, 'Dupont | "Tab"\tSA\r\nLigne 2');
  const purchase = purchaseEntry(2, '2026-03-05', 'A-9', 5000, 1000, 'Œuvres € Šarl – Zoë ő 中');
  const creditNote = purchaseEntry(3, '2026-03-09', 'AV-3', 2500, 500, 'Orange', true);
  return ledgerOf([sale, purchase, creditNote]);
}

describe('FEC writer', () => {
  for (const separator of ['tab', 'pipe'] as FecSeparator[])
    for (const encoding of ['utf-8', 'iso-8859-15'] as FecEncoding[])
      it(`writes a file the checker passes (${separator}, ${encoding})`, async () => {
        const dir = await tempDir();
        const ledger = aLedger();
        const name = fecFileName('552100554', ledger.period.to);
        const written = await writeFec(join(dir, name), ledger, { separator, encoding });
        assert.equal(written.fileName, '552100554FEC20260331.txt');
        const check = checkFecFile(join(dir, name), {
          encoding,
          siren: '552100554',
          closingDate: '2026-03-31',
        });
        assert.deepEqual(check.problems, []);
        assert.equal(check.separator, separator);
        assert.equal(check.entries, 3);
        assert.equal(written.entries, 3);
        assert.equal(written.lines, 9);
        assert.equal(check.records.length, 9);
        assert.equal(written.debitCents, 12000 + 6000 + 3000);
        assert.equal(check.debitCents, written.debitCents);
        assert.equal(check.creditCents, written.creditCents);
        assert.equal(written.bytes, readFileSync(join(dir, name)).length);
        // Nothing but the file in the folder: the temporary file was renamed.
        assert.deepEqual(readdirSync(dir), [name]);
      });

  it('strips separators, tabs and line breaks from labels, and keeps the rest of them', async () => {
    const dir = await tempDir();
    const path = join(dir, '552100554FEC20260331.txt');
    await writeFec(path, aLedger(), { separator: 'pipe', encoding: 'utf-8' });
    const check = checkFecFile(path);
    assert.equal(check.records[0]?.EcritureLib, 'Dupont "Tab" SA Ligne 2');
    assert.equal(check.records[0]?.CompAuxLib, 'Dupont "Tab" SA Ligne 2');
    assert.equal(check.records[3]?.EcritureLib, 'Œuvres € Šarl – Zoë ő 中');
  });

  it('writes € and Œ Š by the ISO 8859-15 table, and transliterates what it lacks', async () => {
    const dir = await tempDir();
    const path = join(dir, '552100554FEC20260331.txt');
    await writeFec(path, aLedger(), { separator: 'tab', encoding: 'iso-8859-15' });
    const bytes = readFileSync(path);
    assert.ok(bytes.includes(Buffer.from([0xa4])), '€ is byte 0xA4');
    assert.ok(bytes.includes(Buffer.from([0xbc])), 'Œ is byte 0xBC');
    const check = checkFecFile(path, { encoding: 'iso-8859-15' });
    // – has no place in ISO 8859-15 (a hyphen), ő loses its accent, 中 has no look-alike.
    assert.equal(check.records[3]?.EcritureLib, 'Œuvres € Šarl - Zoë o ?');
    assert.equal(check.records[1]?.CompteLib, 'Prestations de services');
    assert.equal(check.records[2]?.CompteLib, 'TVA collectée');
    assert.deepEqual([...encodeLatin9('½ ¤ ’')], [...Buffer.from("1/2 EUR '", 'latin1')]);
    // A character beyond the BMP is one "?", not one per UTF-16 half.
    assert.deepEqual([...encodeLatin9('a😀b')], [...Buffer.from('a?b', 'latin1')]);
  });

  it('writes the fields in order: the piece, its date, ValidDate, the amounts, CRLF', async () => {
    const dir = await tempDir();
    const path = join(dir, '552100554FEC20260331.txt');
    await writeFec(path, aLedger(), { separator: 'pipe', encoding: 'utf-8' });
    const lines = readFileSync(path, 'utf8').split('\r\n');
    assert.equal(
      lines[0],
      'JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|Montantdevise|Idevise',
    );
    assert.equal(
      lines[4],
      'HA|Achats|2|20260305|604000|Achats de prestations|||A-9|20260305|Œuvres € Šarl – Zoë ő 中|50,00|0,00|||20260305||',
    );
    assert.equal(lines.at(-1), '', 'the last line ends with CRLF');
  });

  it('writes a credit note with its sides reversed, never a negative amount', async () => {
    const dir = await tempDir();
    const path = join(dir, '552100554FEC20260331.txt');
    await writeFec(path, aLedger(), { separator: 'pipe', encoding: 'utf-8' });
    const note = checkFecFile(path).records.filter((r) => r.PieceRef === 'AV-3');
    assert.deepEqual(
      note.map((r) => [r.CompteNum, r.Debit, r.Credit, r.CompAuxNum]),
      [
        ['604000', '0,00', '25,00', ''],
        ['445660', '0,00', '5,00', ''],
        ['401000', '30,00', '0,00', 'FORANGE'],
      ],
    );
    // A line the ledger gives negative goes to the other side.
    const ledger = ledgerOf([saleEntry(1, '2026-03-02', 'F-1', 1000, 200)]);
    const first = ledger.entries[0]!;
    first.lines[1] = { ...first.lines[1]!, creditCents: 0, debitCents: -1000 };
    await writeFec(path, ledger, { separator: 'pipe', encoding: 'utf-8' });
    const records = checkFecFile(path).records;
    assert.deepEqual([records[1]?.Debit, records[1]?.Credit], ['0,00', '10,00']);
    assert.deepEqual(checkFecFile(path).problems, []);
  });

  it('keeps an auxiliary account only on 401/411 lines', async () => {
    const ledger = ledgerOf([saleEntry(1, '2026-03-02', 'F-1', 1000, 200)]);
    const first = ledger.entries[0]!;
    first.lines[1] = { ...first.lines[1]!, auxiliary: 'CDUPONT', auxiliaryLabel: 'Dupont SA' };
    const dir = await tempDir();
    const path = join(dir, '552100554FEC20260331.txt');
    await writeFec(path, ledger, { separator: 'tab', encoding: 'utf-8' });
    const check = checkFecFile(path);
    assert.deepEqual(check.problems, []);
    assert.deepEqual(
      check.records.map((r) => r.CompAuxNum),
      ['CDUPONT', '', ''],
    );
  });

  it('names the file <SIREN>FEC<AAAAMMJJ>.txt: the closing date given, else the period end', async () => {
    assert.equal(fecFileName('552100554', '2026-12-31'), '552100554FEC20261231.txt');
    assert.equal(fecFileName('552 100 554', '2026-03-31'), '552100554FEC20260331.txt');
    const dir = await tempDir();
    const written = await writeFec(join(dir, 'x.txt'), aLedger(), {
      separator: 'tab',
      encoding: 'utf-8',
      closingDate: '2026-12-31',
    });
    assert.equal(written.fileName, '552100554FEC20261231.txt');
  });

  it('refuses a company without a SIREN (or a wrong one), writing nothing', async () => {
    const dir = await tempDir();
    const path = join(dir, 'fec.txt');
    for (const siren of [null, '', '12345']) {
      await assert.rejects(
        writeFec(path, ledgerOf([saleEntry(1, '2026-03-02', 'F-1', 1000, 200)], siren), {
          separator: 'tab',
          encoding: 'utf-8',
        }),
        (error: unknown) =>
          error instanceof AppFailure &&
          error.kind === 'invalid_input' &&
          /SIREN/.test(error.message) &&
          /accounting settings/.test(error.message),
      );
    }
    assert.equal(existsSync(path), false);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('stops on cancel and leaves no file behind', async () => {
    const dir = await tempDir();
    const path = join(dir, '552100554FEC20260331.txt');
    const controller = new AbortController();
    const entries = Array.from({ length: 5000 }, (_, i) =>
      saleEntry(i + 1, '2026-03-02', `F-${i + 1}`, 1000, 200),
    );
    await assert.rejects(
      writeFec(path, ledgerOf(entries), {
        separator: 'tab',
        encoding: 'utf-8',
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
      /cancelled/,
    );
    assert.deepEqual(readdirSync(dir), []);
  });

  it('says which folder cannot be written', async () => {
    await assert.rejects(
      writeFec('/nonexistent-folder/552100554FEC20260331.txt', aLedger(), {
        separator: 'tab',
        encoding: 'utf-8',
      }),
      (error: unknown) => (error as { kind?: string }).kind === 'folder_missing',
    );
  });
});
