// `npm run cli -- report` as a scheduled job runs it: a child process over its own data folder
// whose archive holds the demo operator's invoices, the workbook read back with openpyxl, and the
// exit codes (0 done, 1 failed with one line, 2 bad usage).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli, jsonLines, type CliResult } from '#support/cli.ts';
import { column, dataRows, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { readOnlyFolder } from '#support/tmpfs.ts';

let root: string;
let dataDir: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'report-cli-'));
  dataDir = join(root, 'data');
  fillDemoArchive(dataDir, 'demo-admin', {
    seed: 3,
    invoices: 1500,
    now: new Date('2026-11-22T12:00:00Z'),
    detailShare: 0.9,
  });
});
after(() => rmSync(root, { recursive: true, force: true }));

/** `cli report …` in a child process over this test's data folder, the workbook in French. */
function cli(args: string[]): Promise<CliResult> {
  return runCli(['report', ...args], { dataDir, env: { INVOICE_DESK_LANG: 'fr' } });
}

describe('npm run cli -- report', () => {
  test('vat --json: progress lines, then a summary whose totals the workbook holds', async () => {
    const out = join(root, 'tva-t3.xlsx');
    const run = await cli([
      'vat',
      '--connection',
      'Démo (administrateur)',
      '--period',
      '2026-Q3',
      '--out',
      out,
      '--json',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const lines = jsonLines(run.stdout);
    assert.ok(lines.slice(0, -1).every((l) => l.type === 'progress'));
    assert.deepEqual(lines[0], {
      type: 'progress',
      phase: 'computing',
      report: 'vat',
      period: { from: '2026-07-01', to: '2026-09-30', label: '2026-Q3' },
    });
    const summary = lines.at(-1) as {
      type: string;
      ok: boolean;
      file: string;
      rows: Record<string, number>;
      totals: { direction: string; currency: string; vatCents: number }[];
      withoutDetails: number;
    };
    assert.equal(summary.type, 'summary');
    assert.equal(summary.ok, true);
    assert.equal(summary.file, out);
    assert.ok(summary.withoutDetails > 0, 'a tenth of the invoices have no details');
    const book = readXlsx(out);
    const detail = sheetNamed(book, 'Détail TVA');
    assert.equal(dataRows(detail).length, summary.rows['Détail TVA']);
    const sens = column(detail, 'Sens').map((c) => c.v);
    const devise = column(detail, 'Devise').map((c) => c.v);
    const vat = column(detail, 'Montant de TVA (avoirs en négatif)');
    for (const total of summary.totals.filter((t) => t.currency === 'EUR')) {
      const label = total.direction === 'OUTBOUND' ? 'Émises' : 'Reçues';
      // A reverse-charge purchase's self-assessed VAT counts on both sides, under its own words.
      const twin =
        total.direction === 'OUTBOUND'
          ? 'Reçues · TVA due autoliquidée'
          : 'Reçues · TVA déductible autoliquidée';
      const cents = vat.reduce(
        (s, c, i) =>
          (sens[i] === label || sens[i] === twin) && devise[i] === 'EUR'
            ? s + Math.round((c.v as number) * 100)
            : s,
        0,
      );
      assert.equal(cents, total.vatCents, label);
    }
    // Invoices without details are named with their rule on their line.
    assert.ok(
      column(detail, 'Règle appliquée').some((c) => String(c.v).startsWith('Détail non archivé')),
    );
  });

  test('aging and status by connection id, without --json: one line saying where it went', async () => {
    for (const kind of ['aging', 'status']) {
      const out = join(root, `${kind}.xlsx`);
      const run = await cli([
        kind,
        '--connection',
        'demo-admin',
        '--period',
        '2026-10',
        '--out',
        out,
      ]);
      assert.equal(run.code, 0, run.stderr);
      assert.match(
        run.stdout,
        new RegExp(`Wrote the ${kind} report of 2026-10 to .*${kind}\\.xlsx`),
      );
      assert.ok(readXlsx(out).sheets.length >= 3);
    }
  });

  test('--out a folder: the workbook takes its default name, <company> <SIREN> <what> <period>', async () => {
    const folder = join(root, 'per-client');
    const run = await cli([
      'vat',
      '--connection',
      'demo-admin',
      '--period',
      '2026-10',
      '--out',
      `${folder}/`,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const [name, ...more] = readdirSync(folder);
    assert.equal(more.length, 0);
    assert.match(name ?? '', /^ATELIERS DUVAL AGENCEMENT \d{9} TVA 2026-10\.xlsx$/);
    assert.match(run.stdout, new RegExp(`to .*${name}`));
  });

  test('bad usage: exit 2 with the reason and the usage', async () => {
    const out = join(root, 'x.xlsx');
    const cases: [string[], RegExp][] = [
      [['--connection', 'demo-admin', '--period', '2026', '--out', out], /say which report/],
      [['tva', '--connection', 'demo-admin', '--period', '2026', '--out', out], /say which report/],
      [['vat', '--connection', 'demo-admin', '--out', out], /missing --period/],
      [['vat', '--connection', 'demo-admin', '--period', '2026-13', '--out', out], /Not a period/],
      [['vat', '--connection', 'demo-admin', '--period', '2026', '--out', 'x.csv'], /\.xlsx/],
      [['vat', '--connection', 'demo-admin', '--period', '2026', '--out', out, '--bogus'], /bogus/],
    ];
    for (const [args, reason] of cases) {
      const run = await cli(args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, reason);
      assert.match(run.stderr, /Usage: npm run cli -- report/);
    }
    assert.equal(existsSync(out), false);
  });

  test('an unknown connection: exit 1 with one not_found line (--json: a failed summary too)', async () => {
    const out = join(root, 'x.xlsx');
    const args = ['vat', '--connection', 'Nobody', '--period', '2026', '--out', out, '--json'];
    const run = await cli(args);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^not_found: No connection has the id or name "Nobody"/);
    assert.equal(run.stderr.trim().split('\n').length, 1);
    assert.deepEqual(jsonLines(run.stdout), [
      {
        type: 'summary',
        ok: false,
        error: {
          kind: 'not_found',
          message: 'No connection has the id or name "Nobody" (`connections list` shows them)',
        },
      },
    ]);
    assert.equal(existsSync(out), false);
  });

  test('a folder that cannot be written: exit 1, one clear line, nothing left behind', async (t) => {
    const folder = readOnlyFolder(join(root, 'read-only'));
    if (!folder) return t.skip('needs root (a read-only tmpfs) or a user chmod can stop');
    try {
      const run = await cli([
        'vat',
        '--connection',
        'demo-admin',
        '--period',
        '2026-Q3',
        '--out',
        join(folder.dir, 'tva.xlsx'),
        '--json',
      ]);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /^file \(permission\): .*cannot be written to/m);
      const summary = jsonLines(run.stdout).at(-1)!;
      assert.deepEqual(summary.ok, false);
      assert.deepEqual(readdirSync(folder.dir), []);
    } finally {
      folder.release();
    }
  });
});
