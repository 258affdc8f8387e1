// The FEC checker itself, on files written by hand: a good one passes, and for every rule a file
// that breaks it (and only it, where it can) is refused with that rule named, so the checker
// the writer's tests rely on cannot pass everything.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkFec, FEC_HEADER } from '#support/fec-checker.ts';

const NAME = '552100554FEC20261231.txt';
const H = FEC_HEADER.join('|');
const GOOD_LINES = [
  'VT|Ventes|1|20260105|411000|Clients|CDUPONT|Dupont SA|F-001|20260105|Dupont SA|120,00|0,00|||20260105||',
  'VT|Ventes|1|20260105|706000|Prestations de services|||F-001|20260105|Dupont SA|0,00|100,00|||20260105||',
  'VT|Ventes|1|20260105|445710|TVA collectée|||F-001|20260105|Dupont SA|0,00|20,00|||20260105||',
  'HA|Achats|2|20260107|604000|Achats de prestations|||A-9|20260106|Orange|50,00|0,00|||20260107||',
  'HA|Achats|2|20260107|445660|TVA déductible|||A-9|20260106|Orange|10,00|0,00|||20260107||',
  'HA|Achats|2|20260107|401000|Fournisseurs|FORANGE|Orange|A-9|20260106|Orange|0,00|60,00|||20260107||',
];

const file = (lines: string[], header = H, eol = '\r\n'): Buffer =>
  Buffer.from([header, ...lines].map((l) => l + eol).join(''), 'utf8');

/** The good file with one field of one line replaced. */
function withField(line: number, field: string, value: string): string[] {
  return GOOD_LINES.map((l, i) => {
    if (i !== line) return l;
    const fields = l.split('|');
    fields[FEC_HEADER.indexOf(field)] = value;
    return fields.join('|');
  });
}

function problemsOf(bytes: Buffer, name = NAME, encoding?: 'utf-8' | 'iso-8859-15'): string[] {
  return checkFec(name, bytes, encoding ? { encoding } : {}).problems;
}

function assertRule(problems: string[], rule: RegExp): void {
  assert.ok(
    problems.some((p) => rule.test(p)),
    `expected a problem matching ${rule}, got: ${JSON.stringify(problems)}`,
  );
}

describe('FEC checker', () => {
  it('passes a good file, pipe or tab, and counts its entries and totals', () => {
    const check = checkFec(NAME, file(GOOD_LINES), {
      siren: '552100554',
      closingDate: '2026-12-31',
    });
    assert.deepEqual(check.problems, []);
    assert.equal(check.entries, 2);
    assert.equal(check.records.length, 6);
    assert.equal(check.debitCents, 18000);
    assert.equal(check.creditCents, 18000);
    const tabbed = file(
      GOOD_LINES.map((l) => l.replace(/\|/g, '\t')),
      FEC_HEADER.join('\t'),
    );
    assert.deepEqual(checkFec(NAME, tabbed).problems, []);
    assert.equal(checkFec(NAME, tabbed).separator, 'tab');
  });

  it('refuses a lettering code without its day, or a DateLet before the entry', () => {
    const lettered = withField(0, 'EcritureLet', 'AAA').map((l, i) =>
      i === 0 ? l.replace('|AAA||20260105', '|AAA|20260110|20260105') : l,
    );
    assert.deepEqual(problemsOf(file(lettered)), []);
    assertRule(problemsOf(file(withField(0, 'EcritureLet', 'AAA'))), /^lettering pair/);
    assertRule(problemsOf(file(withField(0, 'DateLet', '20260110'))), /^lettering pair/);
    const early = lettered.map((l, i) => (i === 0 ? l.replace('|20260110|', '|20260101|') : l));
    assertRule(problemsOf(file(early)), /^lettering date/);
  });

  it('refuses a file name that is not <SIREN>FEC<AAAAMMJJ>.txt, or whose date is not a day', () => {
    assertRule(problemsOf(file(GOOD_LINES), 'FEC20261231.txt'), /^file name/);
    assertRule(problemsOf(file(GOOD_LINES), '552100554FEC20261231.csv'), /^file name/);
    assertRule(problemsOf(file(GOOD_LINES), '552100554FEC20260231.txt'), /^file name: .*calendar/);
    assertRule(
      checkFec(NAME, file(GOOD_LINES), { closingDate: '2026-11-30' }).problems,
      /closing date/,
    );
    assertRule(checkFec(NAME, file(GOOD_LINES), { siren: '123456789' }).problems, /SIREN/);
  });

  it('refuses another separator, and a line that mixes the two', () => {
    assertRule(
      problemsOf(
        file(
          GOOD_LINES.map((l) => l.replace(/\|/g, ';')),
          FEC_HEADER.join(';'),
        ),
      ),
      /^separator/,
    );
    assertRule(problemsOf(file(withField(1, 'EcritureLib', 'Dupont\tSA'))), /^separator/);
  });

  it('refuses a header other than the 18 names in order', () => {
    const swapped = [...FEC_HEADER];
    [swapped[0], swapped[1]] = [swapped[1] as string, swapped[0] as string];
    assertRule(problemsOf(file(GOOD_LINES, swapped.join('|'))), /^header/);
    assertRule(problemsOf(file(GOOD_LINES, FEC_HEADER.slice(0, 17).join('|'))), /^header/);
    assertRule(problemsOf(file(GOOD_LINES, '\ufeff' + H)), /^header/);
  });

  it('refuses a line of another field count (a label holding the separator)', () => {
    assertRule(problemsOf(file(withField(0, 'EcritureLib', 'Dupont | SA'))), /^field count/);
  });

  it('refuses LF or lone CR line endings', () => {
    assertRule(problemsOf(file(GOOD_LINES, H, '\n')), /^line endings/);
    assertRule(problemsOf(file(withField(2, 'EcritureLib', 'two\rlines'))), /^line endings/);
    const noFinal = Buffer.from(file(GOOD_LINES).toString('utf8').slice(0, -2), 'utf8');
    assertRule(problemsOf(noFinal), /^line endings/);
  });

  it('refuses bytes that are not of the encoding', () => {
    const latin = Buffer.from(file(GOOD_LINES).toString('utf8'), 'latin1'); // é as one byte
    assertRule(problemsOf(latin, NAME, 'utf-8'), /^encoding/);
    const control = Buffer.concat([file(GOOD_LINES), Buffer.from([0x85])]);
    assertRule(problemsOf(control, NAME, 'iso-8859-15'), /^encoding/);
  });

  it('reads ISO 8859-15 by its own table (€ is 0xA4, not ¤)', () => {
    const text = file(withField(0, 'EcritureLib', 'Frais 5 X')).toString('utf8');
    const bytes = Buffer.from(text, 'latin1');
    bytes[bytes.indexOf('5 X') + 2] = 0xa4;
    const check = checkFec(NAME, bytes, { encoding: 'iso-8859-15' });
    assert.deepEqual(check.problems, []);
    assert.equal(check.records[0]?.EcritureLib, 'Frais 5 €');
  });

  for (const field of [
    'EcritureNum',
    'EcritureDate',
    'CompteNum',
    'CompteLib',
    'EcritureLib',
    'Debit',
    'Credit',
    'ValidDate',
    'JournalCode',
    'JournalLib',
    'PieceRef',
    'PieceDate',
  ])
    it(`refuses an empty ${field}`, () => {
      assertRule(problemsOf(file(withField(1, field, ''))), new RegExp(`^empty field: .*${field}`));
    });

  it('refuses a date that is not a calendar day written AAAAMMJJ', () => {
    assertRule(problemsOf(file(withField(0, 'PieceDate', '20260230'))), /^date/);
    assertRule(problemsOf(file(withField(0, 'ValidDate', '2026-01-05'))), /^date/);
    assertRule(problemsOf(file(withField(0, 'DateLet', '05012026'))), /^date/);
  });

  it('refuses a dot decimal, a thousands separator, a sign, or one decimal', () => {
    for (const amount of ['120.00', '1 120,00', '-120,00', '120,0', '1.120,00'])
      assertRule(problemsOf(file(withField(0, 'Debit', amount))), /^amount/);
  });

  it('refuses a line with both a debit and a credit', () => {
    const lines = withField(0, 'Credit', '10,00');
    lines[1] = lines[1]!.replace('0,00|100,00', '10,00|100,00');
    assertRule(problemsOf(file(lines)), /^one side/);
  });

  it('refuses an account that does not start with 3 digits', () => {
    assertRule(problemsOf(file(withField(1, 'CompteNum', 'A706000'))), /^account/);
  });

  it('refuses CompAuxNum without CompAuxLib, and an auxiliary account off a 401/411 line', () => {
    assertRule(problemsOf(file(withField(0, 'CompAuxLib', ''))), /^auxiliary pair/);
    const onRevenue = withField(1, 'CompAuxNum', 'CDUPONT').map((l, i) =>
      i === 1 ? l.replace('|CDUPONT||', '|CDUPONT|Dupont SA|') : l,
    );
    assertRule(problemsOf(file(onRevenue)), /^auxiliary: .*706000/);
  });

  it('refuses an entry that does not balance, and a file that does not', () => {
    const problems = problemsOf(file(withField(2, 'Credit', '21,00')));
    assertRule(problems, /^balance: entry VT 1/);
    assertRule(problems, /^balance: the file/);
  });

  it('refuses numbering that skips, repeats or does not start at 1', () => {
    const skip = GOOD_LINES.map((l, i) => (i >= 3 ? l.replace('|2|', '|3|') : l));
    assertRule(problemsOf(file(skip)), /^numbering/);
    const start = GOOD_LINES.map((l) => l.replace('|1|', '|0|'));
    assertRule(problemsOf(file(start)), /^numbering/);
    // The first entry's lines again after the second: numbered twice out of order.
    assertRule(
      problemsOf(file([...GOOD_LINES.slice(0, 2), ...GOOD_LINES.slice(3), GOOD_LINES[2]!])),
      /^entry lines/,
    );
  });

  it('refuses an entry dated before the one numbered before it', () => {
    const back = GOOD_LINES.map((l, i) => (i >= 3 ? l.replace(/\|20260107\|/g, '|20260104|') : l));
    assertRule(problemsOf(file(back)), /^chronology/);
  });

  it('refuses an entry whose lines have different dates', () => {
    assertRule(problemsOf(file(withField(1, 'EcritureDate', '20260106'))), /^entry date/);
  });
});
