// `npm run cli -- export` as a scheduled job runs it: a child process over its own data folder,
// the embedded demo operator over real HTTP (live) or a real SQLite archive, the workbook read
// back with openpyxl, and the exit codes (0 done, 1 failed with one line, 2 bad usage).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { finished, jsonLines, runCli, spawnCli, type CliResult } from '#support/cli.ts';
import { column, dataRows, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { fullInvoice, searchItem, uuidOf } from '#support/archive-fixtures.ts';

let root: string;
let dataDir: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'export-cli-'));
  dataDir = join(root, 'data');
});
after(() => rmSync(root, { recursive: true, force: true }));

/** `cli export …` in a child process over this test's data folder, the workbook in French. */
function cli(args: string[]): Promise<CliResult> {
  return runCli(['export', ...args], { dataDir, env: { INVOICE_DESK_LANG: 'fr' } });
}

describe('npm run cli -- export', () => {
  test('--query --json: one JSON line per progress step, then a summary; the file holds the rows', async () => {
    const out = join(root, 'valides.xlsx');
    const run = await cli([
      '--connection',
      'Démo (administrateur)',
      '--query',
      'invoice.state:"VALID"',
      '--out',
      out,
      '--json',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const lines = jsonLines(run.stdout);
    const summary = lines.at(-1) as Record<string, unknown>;
    assert.deepEqual(Object.keys(summary).sort(), ['connection', 'file', 'ok', 'rows', 'type']);
    assert.equal(summary.type, 'summary');
    assert.equal(summary.ok, true);
    assert.equal(summary.file, out);
    assert.equal(summary.connection, 'Démo (administrateur)');
    const progress = lines.slice(0, -1);
    assert.ok(progress.length >= 2);
    assert.ok(progress.every((line) => line.type === 'progress'));
    assert.deepEqual(progress.at(-1), {
      type: 'progress',
      phase: 'done',
      rows: summary.rows,
      total: summary.rows,
    });

    const book = readXlsx(out);
    const sheet = sheetNamed(book, 'Factures');
    assert.equal(dataRows(sheet).length, summary.rows as number);
    assert.ok((summary.rows as number) > 0);
    assert.ok(column(sheet, 'Code état').every((cell) => cell.v === 'VALID'));
    const about = sheetNamed(book, 'À propos');
    assert.equal(about.rows.find((r) => r[0]?.v === 'Connexion')?.[1]?.v, 'Démo (administrateur)');
  });

  test('--archive with filters: the archived rows that match, by connection id', async () => {
    const archive = openArchive(dataDir, 'demo-user');
    try {
      const items = [1, 2, 3, 4].map((n) =>
        searchItem({
          id: uuidOf(n),
          number: `F-00${n}`,
          direction: n % 2 ? 'INBOUND' : 'OUTBOUND',
          invoiceDate: `2026-0${n}-15`,
          ttc: 100 * n + 0.1,
          seller: { name: 'Boulangerie Martin', siren: '012345678', siret: '01234567800017' },
        }),
      );
      archive.upsertSearchItems(items, '2026-05-01T08:00:00.000Z');
      for (const item of items) archive.saveDetail(fullInvoice(item), '2026-05-01T09:00:00.000Z');
    } finally {
      archive.close();
    }
    const out = join(root, 'archive.xlsx');
    const run = await cli([
      '--connection',
      'demo-user',
      '--archive',
      '--direction',
      'received',
      '--from',
      '2026-01-01',
      '--to',
      '2026-03-31',
      '--sort',
      'invoiceNumber',
      '--out',
      out,
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Exported 2 rows to .*archive\.xlsx\n$/);
    const book = readXlsx(out);
    const sheet = sheetNamed(book, 'Factures');
    assert.deepEqual(
      column(sheet, 'N° facture').map((c) => c.v),
      ['F-001', 'F-003'],
    );
    assert.deepEqual(
      column(sheet, 'Total TTC (avoirs en négatif)').map((c) => c.v),
      [100.1, 300.1],
    );
    assert.deepEqual(
      column(sheet, 'SIREN vendeur').map((c) => [c.v, c.t]),
      [
        ['012345678', 's'],
        ['012345678', 's'],
      ],
    );
    assert.equal(dataRows(sheetNamed(book, 'Ventilation TVA')).length, 2);
    const about = sheetNamed(book, 'À propos');
    assert.equal(
      about.rows.find((r) => r[0]?.v === 'Requête ou filtres')?.[1]?.v,
      'Date de facture : du 01/01/2026 au 31/03/2026 ; Sens : Reçue · Tri : Numéro (croissant)',
    );
  });

  test('bad usage exits 2 and says what is wrong; nothing is written', async () => {
    const out = join(root, 'never.xlsx');
    const cases: [string[], RegExp][] = [
      [['--query', '', '--out', out], /missing --connection/],
      [['--connection', 'demo-admin', '--query', '', '--out', ''], /--out must not be empty/],
      [['--connection', 'demo-admin', '--query', '', '--out', join(root, 'x.csv')], /\.xlsx/],
      [['--connection', 'demo-admin', '--out', out], /--query Q \(live\) or --archive/],
      [
        ['--connection', 'demo-admin', '--query', '', '--archive', '--out', out],
        /one of --query and --archive/,
      ],
      [
        ['--connection', 'demo-admin', '--query', '', '--from', '2026-01-01', '--out', out],
        /--from filter the archive/,
      ],
      [
        ['--connection', 'demo-admin', '--archive', '--from', '31/01/2026', '--out', out],
        /invalid filters: filter\.invoiceDateFrom/,
      ],
      [
        ['--connection', 'demo-admin', '--archive', '--sort', 'nope', '--out', out],
        /invalid filters: sort\.key/,
      ],
      [['--connection', 'demo-admin', '--archive', '--bogus', '--out', out], /Unknown option/],
    ];
    for (const [args, message] of cases) {
      const run = await cli(args);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message, args.join(' '));
      assert.match(run.stderr, /Usage: npm run cli -- export/);
    }
    assert.equal(existsSync(out), false);
  });

  test('an unknown connection fails like in every command: exit 1, one not_found line', async () => {
    const out = join(root, 'never.xlsx');
    const run = await cli(['--connection', 'Cabinet inconnu', '--query', '', '--out', out]);
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr,
      'not_found: No connection has the id or name "Cabinet inconnu" (`connections list` shows them)\n',
    );
    assert.equal(existsSync(out), false);
  });

  test('SIGINT cancels the export: exit 1, "cancelled" (one line and a failed summary), no file', async () => {
    const out = join(root, 'stopped.xlsx');
    const args = ['export', '--connection', 'demo-admin', '--query', '', '--out', out, '--json'];
    const child = spawnCli(args, { dataDir, env: { INVOICE_DESK_LANG: 'fr' } });
    const done = finished(child);
    // Stopped once the export is under way (its first progress line).
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', function onData(chunk: string) {
        if (!chunk.includes('"type":"progress"')) return;
        child.stdout!.off('data', onData);
        resolve();
      });
      child.once('exit', () => reject(new Error('the export ended before it could be stopped')));
    });
    child.kill('SIGINT');
    const run = await done;
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stderr, 'cancelled: The export was cancelled.\n');
    assert.deepEqual(jsonLines(run.stdout).at(-1), {
      type: 'summary',
      ok: false,
      error: { kind: 'cancelled', message: 'The export was cancelled.' },
    });
    assert.deepEqual(
      readdirSync(root).filter((name) => name.includes('stopped.xlsx')),
      [],
      'neither the workbook nor its .part file',
    );
  });

  test('a file that cannot be written exits 1 with a one-line reason, and leaves nothing', async () => {
    const missing = join(root, 'gone', 'factures.xlsx');
    const run = await cli([
      '--connection',
      'demo-admin',
      '--query',
      'invoice.state:"VALID"',
      '--out',
      missing,
      '--json',
    ]);
    assert.equal(run.code, 1);
    const lines = run.stderr.split('\n').filter(Boolean);
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0]!, /^file \(folder_missing\): The folder ".*gone"/);
    const summary = jsonLines(run.stdout).at(-1);
    assert.deepEqual(
      { ...summary, error: { ...(summary?.error as object), message: '…' } },
      {
        type: 'summary',
        ok: false,
        error: { kind: 'file', reason: 'folder_missing', message: '…' },
      },
    );
    assert.equal(existsSync(join(root, 'gone')), false);
    assert.ok(readdirSync(root).every((name) => !name.endsWith('.part')));
  });
});
