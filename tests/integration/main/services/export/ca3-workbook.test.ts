// The CA3 draft's workbook (issue 18, item 3), read back with openpyxl: the form's layout with
// each box's code, the notice's label, the whole euros the form takes beside the exact amount,
// one sheet per box with the invoices behind it and the rule in words, the invoices held,
// lacking or left out, and the check against the entries.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import { ca3Workbook } from '#main/services/export/layouts/ca3.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { dataRows, readXlsx, sheetNamed, type XlsxSheet } from '#support/read-xlsx.ts';
import { assertReadable } from '#support/workbook-checks.ts';
import { sampleCa3 } from '#support/ca3-sample.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { CA3_INVOICE_BOXES, boxOfReport } from '#shared/ca3-layout.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const ABOUT = { connectionName: 'Démo', appVersion: 'test', exportedAt: NOW };
let dir: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ca3-workbook-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function written(report: Ca3Report, name: string, language: 'fr' | 'en' = 'fr') {
  const path = join(dir, name);
  await writeWorkbook(
    path,
    ca3Workbook(() => report, language, ABOUT),
  );
  return readXlsx(path);
}

/** The form's line of a box: its cells by the code in column A. */
function formLine(sheet: XlsxSheet, code: string) {
  const row = sheet.rows.find((r) => r[0]?.v === code);
  assert.ok(row, `no line ${code} on the form`);
  return row.map((cell) => cell.v);
}

test('the form sheet gives each box its code, label, whole euros and exact amount', async () => {
  const book = await written(sampleCa3(), 'form.xlsx');
  const form = sheetNamed(book, 'Déclaration CA3');
  assert.deepEqual(book.sheets[0]?.name, 'Déclaration CA3');
  // A1: 9 000,49 € exact → 9 000 € on the form; a base box has no tax.
  assert.deepEqual(formLine(form, 'A1').slice(0, 6), [
    'A1',
    'Ventes, prestations de services',
    9000,
    9000.49,
    null,
    null,
  ]);
  // A rate line: base and tax, each whole and exact; 08 base 14 000,49 → 14 000.
  assert.deepEqual(formLine(form, '08').slice(0, 7), [
    '08',
    'Taux normal 20 %',
    14000,
    14000.49,
    2800,
    2800.1,
    3,
  ]);
  assert.equal(formLine(form, 'T6')[1], 'Taux particulier 2,1 % (France métropolitaine)');
  assert.deepEqual(formLine(form, '22').slice(4, 6), [150, 150]);
  assert.deepEqual(formLine(form, 'TD').slice(4, 6), [1050, 1050.1]);
  // Every box of the form is there, sections in the form's order.
  const codes = form.rows
    .map((r) => r[0]?.v)
    .filter((v) => typeof v === 'string' && /^[A-Z0-9]{2}$/.test(v));
  assert.deepEqual(codes, [
    'A1',
    'A2',
    'A3',
    'A4',
    'B2',
    'B4',
    'E1',
    'E2',
    'F2',
    '08',
    '9B',
    '09',
    'T6',
    '16',
    '17',
    '19',
    '20',
    '21',
    '22',
    '23',
    'TD',
    '25',
    '27',
    '28',
  ]);
  const texts = form.rows.flat().map((c) => c.v);
  for (const section of [
    'Opérations imposables (montants hors taxe)',
    'Opérations non imposables',
    'TVA brute',
    'TVA déductible',
    'Résultat',
  ])
    assert.ok(texts.includes(section), section);
  assert.ok(texts.includes('Concorde avec les écritures'));
  assertReadable(book);
});

test('each box that invoices fill has its sheet: the invoices, the rule in words, the total', async () => {
  const book = await written(sampleCa3(), 'boxes.xlsx');
  const a1 = sheetNamed(book, 'Case A1');
  const rows = dataRows(a1).map((r) => r.map((c) => c.v));
  assert.equal(rows.length, 2);
  const header = a1.rows[0]!.map((c) => c.v);
  const rule = header.indexOf('Règle appliquée');
  const base = header.indexOf('Base HT (avoirs en négatif)');
  assert.equal(
    rows[0]![rule],
    'Vente en France soumise à la TVA : base en A1, taxe sur la ligne de son taux',
  );
  assert.equal(rows[1]![rule], 'Avoir : réduit les cases que sa facture remplit');
  assert.deepEqual(
    rows.map((r) => r[base]),
    [10000.49, -1000],
  );
  // Its totals row equals the box.
  const total = a1.rows.find((r) => String(r[0]?.v ?? '').startsWith('Total'));
  assert.equal(total?.[base]?.v, 9000.49);
  const b2 = dataRows(sheetNamed(book, 'Case B2')).map((r) => r.map((c) => c.v));
  assert.equal(b2.length, 1);
  assert.ok(b2[0]!.includes('Müller GmbH'));
  // A base box holds bases only; a rate line both.
  assert.equal(header.includes('Montant de TVA (avoirs en négatif)'), false);
  const rateHeader = sheetNamed(book, 'Case 08').rows[0]!.map((c) => c.v);
  assert.ok(rateHeader.includes('Montant de TVA (avoirs en négatif)'));
  // A box no invoice fills this period keeps its (empty) sheet.
  assert.equal(dataRows(sheetNamed(book, 'Case T6')).length, 0);
  assert.equal(
    book.sheets.some((s) => s.name === 'Case 16'),
    false,
    '16 is computed: no sheet',
  );
});

test('held, lacking and left-out invoices are named with what they would change', async () => {
  const book = await written(sampleCa3(), 'aside.xlsx');
  const aside = dataRows(sheetNamed(book, 'Attente et incomplètes')).map((r) => r.map((c) => c.v));
  assert.equal(aside.length, 2);
  assert.ok(aside[0]!.includes('Mises en attente') && aside[0]!.includes('En litige (207)'));
  assert.ok(
    aside[0]!.some((v) => typeof v === 'string' && /^20 : 80,00\s€$/.test(v)),
    String(aside[0]),
  );
  assert.ok(aside[1]!.includes('Détail non archivé'));
  const leftOut = dataRows(sheetNamed(book, 'Écartées')).map((r) => r.map((c) => c.v));
  assert.equal(leftOut.length, 1);
  assert.ok(leftOut[0]!.includes('REF-1'));
});

test('the check against the entries: agreement, or the difference and why', async () => {
  const report = sampleCa3();
  report.reconciliation = {
    ...report.reconciliation,
    collectedEntriesCents: 170_010,
    differenceCents: 10_000,
    collectedGapCents: 10_000,
    netEffectCents: 10_000,
    explanations: [
      {
        invoiceId: '5b0f6a3e-8d0e-4f53-9a51-3f0c1c8e2d11',
        number: 'F-2026-009',
        counterpartyName: 'ATELIER DURAND',
        invoiceDate: '2026-09-29',
        reason: 'due_outside',
        dueDay: '2026-10-02',
        basis: 'delivery_date',
        collected: { returnCents: 0, entriesCents: 10_000 },
        deductible: null,
      },
    ],
  };
  const book = await written(report, 'check.xlsx');
  const check = sheetNamed(book, 'Contrôle écritures');
  const texts = check.rows.flat().map((c) => c.v);
  assert.ok(
    texts.some(
      (v) =>
        typeof v === 'string' &&
        /^Écart avec les écritures : TVA collectée 100,00\s€, TVA déductible 0,00\s€ ; effet sur la TVA due : 100,00\s€$/.test(
          v,
        ),
    ),
  );
  // Amounts are written as Intl writes them (narrow no-break spaces): compared as plain spaces.
  const plain = (v: unknown) => (typeof v === 'string' ? v.replace(/\s/g, ' ') : v);
  assert.ok(
    texts
      .map(plain)
      .includes(
        'Facture F-2026-009 (ATELIER DURAND) du 29/09/2026 : TVA exigible le 02/10/2026 (à la livraison), hors période : dans les écritures de sa date, pas dans la déclaration (TVA collectée : déclaration 0,00 €, écritures 100,00 €).',
      ),
    texts.filter((v) => typeof v === 'string' && v.startsWith('Facture')).join('\n'),
  );
  const collected = check.rows.find((r) => r[0]?.v === 'TVA collectée')!.map((c) => c.v);
  assert.deepEqual(collected, ['TVA collectée', 1800.1, 1700.1, 100]);
});

test('in English too, with the About sheet last', async () => {
  const book = await written(sampleCa3(), 'en.xlsx', 'en');
  assert.equal(book.sheets[0]?.name, 'CA3 return');
  assert.ok(book.sheets.some((s) => s.name === 'Box 08'));
  assert.equal(book.sheets.at(-1)?.name, 'About');
});

test('a demo quarter as computed: every box sheet holds its box, the whole workbook reads', async () => {
  const data = join(dir, 'demo');
  fillDemoArchive(data, 'demo', { seed: 7, invoices: 1500, now: NOW, detailShare: 0.9 });
  const archive = openArchive(data, 'demo');
  let report: Ca3Report;
  try {
    report = (await computeReport(reportSourceOf(archive), 'ca3', parsePeriod('2026-Q3'), {
      now: NOW,
    })) as Ca3Report;
  } finally {
    archive.close();
  }
  report = { ...report, coverage: { ...report.coverage, lastSyncAt: '2026-11-20T08:15:00.000Z' } };
  const book = await written(report, 'demo.xlsx');
  assertReadable(book);
  for (const code of CA3_INVOICE_BOXES) {
    const box = boxOfReport(report, code);
    const sheet = sheetNamed(book, `Case ${code}`);
    assert.equal(dataRows(sheet).length, box.contributions.length, code);
    // The box's amount is the sum of its invoices' parts (base for a base box, tax otherwise).
    const header = sheet.rows[0]!.map((c) => c.v);
    const column = header.indexOf(
      /^[A-F]/.test(code) ? 'Base HT (avoirs en négatif)' : 'Montant de TVA (avoirs en négatif)',
    );
    const sum = dataRows(sheet).reduce((s, r) => s + Math.round((r[column]!.v as number) * 100), 0);
    if (box.contributions.length > 0) assert.equal(sum, box.amountCents, code);
  }
  const aside = dataRows(sheetNamed(book, 'Attente et incomplètes'));
  assert.equal(aside.length, report.held.length + report.lacking.length);
});
