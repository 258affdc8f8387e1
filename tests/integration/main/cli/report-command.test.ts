// `npm run cli -- report` as a scheduled job runs it: a child process over its own data folder
// whose archive holds the demo operator's invoices, the workbook read back with openpyxl, and the
// exit codes (0 done, 1 failed with one line, 2 bad usage).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { column, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { readOnlyFolder } from '#support/tmpfs.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const NODE = `${ROOT}node_modules/.bin/node`;

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

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, ['src/main/cli.ts', 'report', ...args], {
      cwd: ROOT,
      env: { ...process.env, INVOICE_DESK_DATA_DIR: dataDir, INVOICE_DESK_LANG: 'fr' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
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
    assert.equal(detail.rows.length - 1, summary.rows['Détail TVA']);
    const sens = column(detail, 'Sens').map((c) => c.v);
    const devise = column(detail, 'Devise').map((c) => c.v);
    const vat = column(detail, 'TVA');
    for (const total of summary.totals.filter((t) => t.currency === 'EUR')) {
      const label = total.direction === 'OUTBOUND' ? 'Émises' : 'Reçues';
      const cents = vat.reduce(
        (s, c, i) =>
          sens[i] === label && devise[i] === 'EUR' ? s + Math.round((c.v as number) * 100) : s,
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

  test('bad usage: exit 2 with the reason and the usage', async () => {
    const out = join(root, 'x.xlsx');
    const cases: [string[], RegExp][] = [
      [['--connection', 'demo-admin', '--period', '2026', '--out', out], /say which report/],
      [['tva', '--connection', 'demo-admin', '--period', '2026', '--out', out], /say which report/],
      [['vat', '--connection', 'demo-admin', '--out', out], /--period is required/],
      [['vat', '--connection', 'demo-admin', '--period', '2026-13', '--out', out], /Not a period/],
      [['vat', '--connection', 'demo-admin', '--period', '2026', '--out', 'x.csv'], /\.xlsx/],
      [
        ['vat', '--connection', 'Nobody', '--period', '2026', '--out', out],
        /no connection "Nobody".*demo-admin/,
      ],
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
      assert.match(run.stderr, /report failed: file \(permission\): .*cannot be written to/);
      const summary = jsonLines(run.stdout).at(-1)!;
      assert.deepEqual(summary.ok, false);
      assert.deepEqual(readdirSync(folder.dir), []);
    } finally {
      folder.release();
    }
  });
});
