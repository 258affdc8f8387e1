// The memory's CSV: the parser's edge cases, bad lines refused with their number and reason while
// the good ones are kept, a file that is not a CSV, and the exact round trip.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ThirdParty } from '#shared/accounting.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import {
  CSV_HEADER,
  decodeCsvBytes,
  exportThirdPartiesCsv,
  importThirdPartiesCsv,
  parseCsv,
  parseThirdPartiesCsv,
  thirdPartiesToCsv,
} from '#main/services/accounting/third-parties-csv.ts';
import { MemoryStore } from '#support/third-party-store.ts';

const AT = new Date('2026-11-24T10:00:00Z');
const HEADER = 'Clé;Rôle;Nom;Compte auxiliaire;Compte;Libellé';

const fields = (text: string, sep = ';') => parseCsv(text, sep).map((r) => r.fields);

test('the parser: quotes holding separators, quotes and line breaks; CRLF, LF and CR; a BOM', () => {
  assert.deepEqual(fields('\uFEFFa;b\r\n"c;d";"e ""f"""\n"g\r\nh";\r'), [
    ['a', 'b'],
    ['c;d', 'e "f"'],
    ['g\r\nh', ''],
  ]);
  assert.deepEqual(fields('a,"b,c",d', ','), [['a', 'b,c', 'd']]);
  assert.deepEqual(fields('a\tb\t"c\td"', '\t'), [['a', 'b', 'c\td']]);
  assert.deepEqual(fields('a;b'), [['a', 'b']]); // no line break at the end
  assert.deepEqual(fields('a;;\n\nb'), [['a', '', ''], [''], ['b']]);
  // A quoted multi-line field is one spreadsheet row: the lines after it keep their numbers.
  assert.deepEqual(
    parseCsv('h\n"x\ny"\nz', ';').map((r) => r.line),
    [1, 2, 3],
  );
  // A quote never closed spoils its own row only: the next rows are read again.
  assert.deepEqual(parseCsv('h\n"abc;d\ne;f\n', ';'), [
    { line: 1, fields: ['h'] },
    { line: 2, fields: [], unclosedQuote: true },
    { line: 3, fields: ['e', 'f'] },
  ]);
  // A stray quote inside an unquoted field is kept as typed.
  assert.deepEqual(fields('Le "Petit" Café;x'), [['Le "Petit" Café', 'x']]);
});

test('every good line is read, every bad line refused with its number and reason', () => {
  const csv = [
    HEADER,
    '552100554;fournisseur;Orange SA;FORANGE;626000;Téléphone',
    'DE123456789;Supplier;Müller GmbH;FMULLER;218300;',
    ';client;Boulangerie Élise;CBOULANG;706000;',
    '12345;fournisseur;Bad key;FBAD;604000;',
    '732829320;vendeur;Bad role;FBAD2;604000;',
    '732829320;fournisseur;;FNONAME;604000;',
    '732829320;fournisseur;Bad aux;F BAD;604000;',
    '732829320;fournisseur;Bad account;FACC;6a0000;',
    '732829320;client;Wrong class;CWRONG;604000;',
    '732829320;fournisseur;Too few',
    '',
    '100000009;fournisseur;"Unclosed;FUNC;604000;',
    '100000017;fournisseur;Last one;FLAST;604000;',
  ].join('\r\n');
  const store = new MemoryStore();
  const result = importThirdPartiesCsv(store, csv, AT);
  assert.equal(result.added, 4);
  assert.equal(result.updated, 0);
  assert.deepEqual(
    result.refused.map((r) => [r.line, r.code]),
    [
      [5, 'key'],
      [6, 'role'],
      [7, 'name'],
      [8, 'auxiliary_format'],
      [9, 'account_format'],
      [10, 'account_class'],
      [11, 'columns'],
      [13, 'quote'],
    ],
  );
  assert.ok(
    result.refused.every((r) => r.reason.length > 10),
    'each says why in words',
  );
  assert.deepEqual(
    store.thirdParties().map((p) => [p.key, p.role, p.auxiliary, p.account, p.label]),
    [
      ['552100554', 'supplier', 'FORANGE', '626000', 'Téléphone'],
      ['DE123456789', 'supplier', 'FMULLER', '218300', null],
      ['NAME:BOULANGERIE ELISE', 'customer', 'CBOULANG', '706000', null],
      ['100000017', 'supplier', 'FLAST', '604000', null],
    ],
  );
  assert.ok(store.thirdParties().every((p) => p.confirmed && p.updatedAt === AT.toISOString()));
});

test('an auxiliary code held by another party is refused; a party on two lines keeps the last', () => {
  const store = new MemoryStore();
  importThirdPartiesCsv(store, `${HEADER}\r\n552100554;fournisseur;Orange;FORANGE;626000;\r\n`, AT);
  const result = importThirdPartiesCsv(
    store,
    [
      HEADER,
      '732829320;fournisseur;Orange Business;FORANGE;626000;', // held by 552100554
      '552100554;fournisseur;Orange;FORANGE;604000;',
      '552100554;fournisseur;Orange SA;FORANGE;626100;Télécom', // the last one of this party
      '100000009;client;Client A;CA;706000;',
      '100000017;client;Client B;CA;706000;', // CA taken on line 5
    ].join('\n'),
    AT,
  );
  assert.deepEqual(
    result.refused.map((r) => [r.line, r.code]),
    [
      [2, 'auxiliary_taken'],
      [3, 'repeated'],
      [6, 'auxiliary_taken'],
    ],
  );
  assert.match(
    result.refused[0]!.reason,
    /FORANGE is already used by Orange \(supplier 552100554\)/,
  );
  assert.match(result.refused[1]!.reason, /line 4/);
  assert.match(result.refused[2]!.reason, /CA is already used by Client A/);
  assert.equal(result.added, 1);
  assert.equal(result.updated, 1);
  assert.deepEqual(store.thirdParty('552100554', 'supplier'), {
    key: '552100554',
    role: 'supplier',
    name: 'Orange SA',
    auxiliary: 'FORANGE',
    account: '626100',
    label: 'Télécom',
    confirmed: true,
    updatedAt: AT.toISOString(),
  });
});

test('the English header, in another order, with `,` or tab; extra columns ignored', () => {
  for (const sep of [',', '\t']) {
    const csv = [
      ['Name', 'Role', 'Account', 'Auxiliary account', 'Key', 'Notes'].join(sep),
      ['"Dupont, Fils"', 'customer', '706000', 'CDUPONT', '552100554', 'x'].join(sep),
    ].join('\n');
    const { lines, refused } = parseThirdPartiesCsv(csv);
    assert.deepEqual(refused, []);
    assert.deepEqual(lines, [
      {
        line: 2,
        choice: {
          key: '552100554',
          role: 'customer',
          name: 'Dupont, Fils',
          auxiliary: 'CDUPONT',
          account: '706000',
          label: null,
        },
      },
    ]);
  }
});

test('a file that is not a CSV of third parties: a clear error, nothing imported', () => {
  const store = new MemoryStore();
  const refusedWith = (text: string, code: string, words: RegExp) =>
    assert.throws(
      () => importThirdPartiesCsv(store, text, AT),
      (error: unknown) => {
        assert.ok(error instanceof AppFailure);
        assert.equal(error.kind, 'invalid_input');
        assert.equal((error.details as { code: string }).code, code);
        assert.match(error.message, words);
        return true;
      },
    );
  refusedWith('', 'empty', /empty/);
  refusedWith('\uFEFF\r\n  \r\n', 'empty', /empty/);
  refusedWith('PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml', 'not_csv', /not a CSV/);
  refusedWith(
    'Hello,\nthis is a letter.\n',
    'header',
    /Clé;Rôle;Nom;Compte auxiliaire;Compte;Libellé/,
  );
  refusedWith('Clé;Nom;Compte\n552100554;Orange;626000\n', 'header', /role, auxiliary/);
  assert.equal(store.saves, 0);
});

test('Windows-1252 bytes (French Excel\'s "CSV séparateur point-virgule") are read as such', () => {
  const latin = Uint8Array.from([...'Rôle;é;'].map((c) => c.charCodeAt(0)).concat([0x80, 0x9c]));
  assert.equal(decodeCsvBytes(latin), 'Rôle;é;€œ');
  const utf8 = new TextEncoder().encode('\uFEFFRôle;é;€');
  assert.equal(decodeCsvBytes(utf8), 'Rôle;é;€');
  // Text already decoded as UTF-8 from other bytes: the line is refused, not imported garbled.
  const { refused } = parseThirdPartiesCsv(
    `${HEADER}\n552100554;fournisseur;Soci\uFFFDt\uFFFD;FSOC;604000;\n`,
  );
  assert.deepEqual(
    refused.map((r) => [r.line, r.code]),
    [[2, 'encoding']],
  );
});

test('export: BOM, French header, `;`, CRLF; fields quoted when they must; round trip exact', () => {
  const list: ThirdParty[] = [
    {
      key: 'NAME:LE PETIT CAFE',
      role: 'supplier',
      name: 'Le "Petit" Café; Lyon',
      auxiliary: 'FLEPETIT',
      account: '606300',
      label: 'Cafés ; thé',
      confirmed: true,
      updatedAt: AT.toISOString(),
    },
    {
      key: '552100554',
      role: 'customer',
      name: '=HYPERLINK("http://x")',
      auxiliary: 'CHYPERLI',
      account: '706000',
      label: null,
      confirmed: true,
      updatedAt: AT.toISOString(),
    },
    {
      key: 'DE123456789',
      role: 'supplier',
      name: 'Müller GmbH',
      auxiliary: 'FMULLER',
      account: '218300',
      label: "'=already quoted",
      confirmed: true,
      updatedAt: AT.toISOString(),
    },
  ];
  const csv = thirdPartiesToCsv(list);
  assert.equal(
    csv,
    '\uFEFF' +
      [
        CSV_HEADER.join(';'),
        `552100554;client;"'=HYPERLINK(""http://x"")";CHYPERLI;706000;`,
        'NAME:LE PETIT CAFE;fournisseur;"Le ""Petit"" Café; Lyon";FLEPETIT;606300;"Cafés ; thé"',
        "DE123456789;fournisseur;Müller GmbH;FMULLER;218300;''=already quoted",
      ].join('\r\n') +
      '\r\n',
  );
  const store = new MemoryStore();
  const result = importThirdPartiesCsv(store, csv, AT);
  assert.deepEqual(result, { added: 3, updated: 0, refused: [] });
  assert.equal(exportThirdPartiesCsv(store), csv);
  const byKey = (l: ThirdParty[]) => [...l].sort((a, b) => a.key.localeCompare(b.key));
  assert.deepEqual(byKey(store.thirdParties()), byKey(list));
});
