// `npm run cli -- report d441` (issue 29, item 3): the table of overdue invoices of the
// management report from a child process over a demo archive: its JSON figures are those
// d441Of computes from the same archive, its workbook (named <company> <SIREN> <what> <day>,
// first lines company, SIREN, connection, period) holds them, read back with openpyxl; bad
// usage exits 2.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, test } from 'node:test';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { d441Of } from '#main/services/reports/d441-of.ts';
import type { D441Side, D441Table } from '#shared/d441.ts';
import { runCli, jsonLines } from '#support/cli.ts';
import { readXlsx } from '#support/read-xlsx.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { reportSourceOf } from '../../../support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CLOSING = '2026-09-30';
let root: string;
let dataDir: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'report-d441-'));
  dataDir = join(root, 'data');
  fillDemoArchive(dataDir, 'demo-admin', { seed: 5, invoices: 1200, now: NOW });
});
after(() => rmSync(root, { recursive: true, force: true }));

const cli = (args: string[]) =>
  runCli(['report', 'd441', ...args], {
    dataDir,
    env: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() },
  });

test('d441 --json: the figures d441Of computes, in a workbook that holds them', async () => {
  const run = await cli(['--connection', 'demo-admin', '--date', CLOSING, '--out', root, '--json']);
  assert.equal(run.code, 0, run.stderr);
  const summary = jsonLines(run.stdout).at(-1) as {
    file: string;
    closing: string;
    period: { from: string; to: string };
    sides: D441Side[];
  };
  const archive = openArchive(dataDir, 'demo-admin');
  let expected: D441Table;
  try {
    expected = await d441Of(reportSourceOf(archive), CLOSING, { now: NOW });
  } finally {
    archive.close();
  }
  assert.equal(summary.closing, CLOSING);
  assert.deepEqual(summary.period, expected.period);
  assert.equal(summary.period.from, '2025-10-01');
  assert.deepEqual(summary.sides, expected.sides);
  const [received, issued] = expected.sides;
  assert.ok(received.total.invoices > 0 && issued.total.invoices > 0, 'past due on both sides');
  assert.ok(issued.yearHtCents > 0 && received.yearHtCents > 0);

  // <company> <SIREN> <what> <closing day>.xlsx; company, SIREN, connection, period first.
  assert.match(basename(summary.file), / \d{9} Délais de paiement D441-6 2026-09-30\.xlsx$/);
  const sheet = readXlsx(summary.file).sheets[0]!;
  assert.equal(sheet.name, 'Tableau D441-6');
  const labels = sheet.rows.map((r) => r[0]?.v);
  assert.deepEqual(labels.slice(1, 5), ['Entreprise', 'SIREN', 'Connexion', 'Période']);
  const rowOf = (label: string, nth = 0) =>
    sheet.rows
      .filter((r) => r[0]?.v === label)
      [nth]!.slice(1)
      .map((c) => c?.v);
  const cents = (v: unknown) => Math.round((v as number) * 100);
  for (const [s, side] of expected.sides.entries()) {
    const all = [...side.bands, side.total];
    assert.deepEqual(
      rowOf('Nombre de factures concernées', s),
      all.map((f) => f.invoices),
    );
    assert.deepEqual(
      rowOf('Montant total des factures concernées (TTC)', s).map(cents),
      all.map((f) => f.amountCents),
    );
  }
  const shares = rowOf('Pourcentage du chiffre d’affaires de l’exercice (HT)');
  assert.equal(
    Math.round((shares[4] as number) * 10000),
    issued.total.shareBp,
    'the total share, a percent cell',
  );
});

test('d441 without --date, or with a day that is none: bad usage (exit 2)', async () => {
  assert.equal((await cli(['--connection', 'demo-admin'])).code, 2);
  assert.equal((await cli(['--connection', 'demo-admin', '--date', '2026-02-30'])).code, 2);
  assert.equal(
    (await cli(['--connection', 'demo-admin', '--date', '2026-09-30', '--from', '2026-10-01']))
      .code,
    2,
  );
});
