// `npm run cli -- fec` as the scheduler runs it: a demo operator started here (real HTTP), a
// custom connection (`connections add`, real keychain) synced by `cli sync`, then `cli fec` in a
// child process. Every file it writes is checked by the project's own FEC checker
// (tests/support/fec-checker.ts), and --json's figures are the file's; the entries workbook of
// the same period (export:start's 'entries' target) read back with openpyxl holds the same lines.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { createServices } from '#main/services/index.ts';
import { savingDestination } from '#main/services/export/export-jobs.ts';
import {
  connectionsAddArgs,
  deleteSecrets,
  jsonLines,
  keychainSkipReason,
  runCli,
} from '#support/cli.ts';
import { checkFecFile } from '#support/fec-checker.ts';
import { dataRows, readXlsx, sheetNamed, totalsRows } from '#support/read-xlsx.ts';

const noKeychain = await keychainSkipReason();
const NAME = 'Cabinet Compta';
// The demo operator's clock, fixed: its history (the 668 days before) is the same at any hour.
const NOW = new Date('2026-11-22T12:00:00Z');

let operator: RunningDemoOperator;
let root: string;
let dataDir: string;
const created: string[] = [];

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'cli-fec-'));
  dataDir = join(root, 'data');
  operator = await startDemoOperator({ invoices: 800, seed: 17, now: NOW });
});
after(async () => {
  await operator.close();
  if (!noKeychain) await deleteSecrets(created);
  rmSync(root, { recursive: true, force: true });
});

const cli = (args: string[]) => runCli(args, { dataDir, env: { INVOICE_DESK_LANG: 'fr' } });

interface Aside {
  number: string;
  reason: string;
  direction: 'INBOUND' | 'OUTBOUND';
  invoiceId: string;
}

interface FecJson {
  type: string;
  ok: boolean;
  file: string;
  entries: number;
  lines: number;
  debit: number;
  credit: number;
  held: Aside[];
  excluded: Aside[];
}

/** The whole history of the demo operator (it deposits on the 668 days before today). */
const PERIOD = `2024-01-01..${NOW.getUTCFullYear() + 1}-12-31`;
const PERIOD_END = `${NOW.getUTCFullYear() + 1}-12-31`;

describe('npm run cli -- fec', { skip: noKeychain }, () => {
  let siren: string;

  before(async () => {
    const { clientId, clientSecret } = operator.clients.admin;
    const added = await runCli(
      connectionsAddArgs(
        { name: NAME, baseUrl: operator.baseUrl, tokenUrl: operator.tokenUrl, clientId },
        ['--requests-per-minute', '100000'],
      ),
      { dataDir, input: `${clientSecret}\n` },
    );
    assert.equal(added.code, 0, added.stderr);
    created.push(added.stdout.trim());
    const synced = await cli(['sync', '--connection', NAME]);
    assert.equal(synced.code, 0, synced.stderr);
  });

  for (const [separator, encoding] of [
    ['tab', 'utf-8'],
    ['pipe', 'iso-8859-15'],
  ] as const)
    test(`--separator ${separator} --encoding ${encoding} --json: a FEC the checker passes, the figures the file's`, async () => {
      const out = join(root, `fec-${separator}`);
      const run = await cli([
        'fec',
        '--connection',
        NAME,
        '--period',
        PERIOD,
        '--out',
        out,
        '--separator',
        separator,
        '--encoding',
        encoding,
        '--json',
      ]);
      assert.equal(run.code, 0, run.stderr);
      const lines = jsonLines(run.stdout);
      assert.equal(lines.length, 1, 'one JSON object');
      const summary = lines[0] as unknown as FecJson;
      assert.equal(summary.ok, true);
      const [name] = readdirSync(out);
      assert.match(name ?? '', /^\d{9}FEC\d{8}\.txt$/);
      assert.equal(summary.file, join(out, name!));
      siren = name!.slice(0, 9);
      const check = checkFecFile(summary.file, {
        encoding,
        closingDate: PERIOD_END,
      });
      assert.deepEqual(check.problems, []);
      assert.equal(check.separator, separator);
      assert.ok(check.entries > 100, `${check.entries} entries`);
      assert.equal(summary.entries, check.entries);
      assert.equal(summary.lines, check.records.length);
      assert.equal(Math.round(summary.debit * 100), check.debitCents);
      assert.equal(Math.round(summary.credit * 100), check.creditCents);
      assert.equal(summary.debit, summary.credit);
      // Refused and rejected invoices never appear; disputed and suspended ones are held. (The
      // company's own numbers are unique but a DUPLICATED invoice's, which repeats the one
      // posted; a supplier's may repeat another supplier's.)
      const sales = new Set(
        check.records.filter((r) => r.JournalCode === 'VT').map((r) => r.PieceRef),
      );
      for (const invoice of [...summary.excluded, ...summary.held]) {
        assert.equal(typeof invoice.reason, 'string');
        assert.match(invoice.invoiceId, /^[0-9a-f-]{36}$/);
        if (invoice.direction === 'OUTBOUND' && invoice.reason !== 'duplicated')
          assert.equal(sales.has(invoice.number), false, `${invoice.number} has no entry`);
      }
      assert.ok(summary.held.every((i) => ['disputed', 'suspended'].includes(i.reason)));
      assert.ok(
        summary.excluded.some(
          (i) => i.direction === 'OUTBOUND' && (i.reason === 'refused' || i.reason === 'rejected'),
        ),
        'the demo has refused or rejected sales',
      );
    });

  test('the entries workbook of the same period holds the same lines and totals', async () => {
    const fec = join(root, 'fec-tab');
    const check = checkFecFile(join(fec, readdirSync(fec)[0]!), { encoding: 'utf-8' });
    const folder = mkdtempSync(join(root, 'book-'));
    const services = createServices({
      dataDir,
      shell: 'browser',
      exportDestination: savingDestination(async (fileName) => join(folder, fileName)),
    });
    try {
      const connection = services.connections.references().find((c) => c.name === NAME)!;
      const [from, to] = PERIOD.split('..') as [string, string];
      const result = await services.exports.start(
        {
          exportId: '0d3c2b1a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          target: { kind: 'entries', period: { from, to, label: PERIOD } },
        },
        { connectionId: connection.id, language: 'fr' },
      );
      assert.equal(result?.rows, check.records.length);
      const book = readXlsx(join(folder, result!.fileName));
      const entries = sheetNamed(book, 'Écritures');
      const rows = dataRows(entries);
      assert.equal(rows.length, check.records.length);
      // Line by line: number, account, debit and credit as the FEC has them.
      rows.forEach((row, i) => {
        const record = check.records[i]!;
        assert.equal(String(row[0]?.v), record.EcritureNum);
        assert.equal(row[6]?.v, record.CompteNum);
        assert.equal(
          Math.round((row[9]?.v as number) * 100),
          Math.round(Number(record.Debit!.replace(',', '.')) * 100),
        );
        assert.equal(
          Math.round((row[10]?.v as number) * 100),
          Math.round(Number(record.Credit!.replace(',', '.')) * 100),
        );
      });
      const [total] = totalsRows(entries);
      assert.equal(Math.round((total?.[9]?.v as number) * 100), check.debitCents);
      const journals = sheetNamed(book, 'Journaux').rows.map((r) => r.map((c) => c.v));
      const totalLine = journals.find((r) => r[0] === 'Total')!;
      assert.equal(totalLine[2], check.entries);
      assert.equal(totalLine[6], 0, 'debit = credit');
      assert.ok(journals.some((r) => r[0] === 'SIREN' && r[1] === siren));
      assert.ok(dataRows(sheetNamed(book, 'Mises de côté')).length > 0);
    } finally {
      await services.close();
    }
  });

  test("--closing-date names the file by the fiscal year's end; one before the period is refused", async () => {
    const out = join(root, 'fec-closing');
    const run = await cli([
      'fec',
      '--connection',
      NAME,
      '--period',
      '2026-10',
      '--out',
      out,
      '--closing-date',
      '2027-03-31',
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(readdirSync(out), [`${siren}FEC20270331.txt`]);
    const check = checkFecFile(join(out, `${siren}FEC20270331.txt`), {
      encoding: 'utf-8',
      closingDate: '2027-03-31',
    });
    assert.deepEqual(check.problems, []);
    const early = await cli([
      'fec',
      '--connection',
      NAME,
      '--period',
      '2026-10',
      '--out',
      out,
      '--closing-date',
      '2026-09-30',
    ]);
    assert.equal(early.code, 2);
    assert.match(early.stderr, /before the period's last day 2026-10-31/);
  });

  test('bad usage exits 2 with the usage; an unknown connection exits 1 with one line', async () => {
    const bad = await cli([
      'fec',
      '--connection',
      NAME,
      '--period',
      '2026',
      '--out',
      root,
      '--separator',
      ';',
    ]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--separator is tab or pipe/);
    const noOut = await cli(['fec', '--connection', NAME, '--period', '2026']);
    assert.equal(noOut.code, 2);
    const unknown = await cli([
      'fec',
      '--connection',
      'Personne',
      '--period',
      '2026',
      '--out',
      root,
      '--json',
    ]);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr.trim().split('\n').length, 1, unknown.stderr);
    assert.equal((jsonLines(unknown.stdout).at(-1) as { ok?: boolean }).ok, false);
  });
});
