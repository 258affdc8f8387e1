// `npm run cli -- payments mark|unmark` (issue 26, item 8): a child process over its own data
// folder marks an archived invoice paid, named by its number or its id, into the same user-data
// file the échéancier's "Marquer comme payées" writes (read back here as the reports read it),
// and takes the mark off; bad input gets exit 2 or 1 with a clear line, and changes nothing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ArchiveRow } from '#shared/archive.ts';
import { archivePath, openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { readPaymentMarks } from '#main/services/archive/user-data-store.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport } from '#shared/reports.ts';
import { runCli } from '#support/cli.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { reportSourceOf } from '../../../support/report-source.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
let root: string;
let dataDir: string;
let invoice: ArchiveRow;
let other: ArchiveRow;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'payments-cli-'));
  dataDir = join(root, 'data');
  fillDemoArchive(dataDir, 'demo-admin', { seed: 26, invoices: 400, now: NOW });
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    const rows = archive.queryInvoices({
      filter: { invoiceDateFrom: '2026-10-01', invoiceDateTo: '2026-10-31' },
      sort: { key: 'invoiceId' },
      limit: 400,
    }).rows;
    const numbered = rows.filter(
      (r) =>
        r.invoiceNumber && rows.filter((s) => s.invoiceNumber === r.invoiceNumber).length === 1,
    );
    [invoice, other] = [numbered[0]!, numbered[1]!];
  } finally {
    archive.close();
  }
});
after(() => rmSync(root, { recursive: true, force: true }));

const marks = () =>
  readPaymentMarks({ path: archivePath(dataDir, 'demo-admin'), connectionId: 'demo-admin' });
const cli = (...args: string[]) => runCli(['payments', ...args], { dataDir });

test('payments mark by number: the échéancier’s mark, read back as the reports read it', async () => {
  const run = await cli(
    'mark',
    '--connection',
    'Démo (administrateur)',
    '--invoice',
    invoice.invoiceNumber!,
    '--day',
    '2026-10-20',
    '--note',
    'virement reçu',
    '--json',
  );
  assert.equal(run.code, 0, run.stderr);
  const printed = JSON.parse(run.stdout) as {
    ok: boolean;
    invoice: { id: string; number: string };
    mark: { paidOn: string; note: string };
  };
  assert.deepEqual(printed.invoice, { id: invoice.invoiceId, number: invoice.invoiceNumber });
  assert.deepEqual([printed.mark.paidOn, printed.mark.note], ['2026-10-20', 'virement reçu']);
  const mark = marks().get(invoice.invoiceId);
  assert.equal(mark?.paidOn, '2026-10-20');
  assert.equal(mark?.note, 'virement reçu');
  // The échéancier of the month counts it as paid by the accountant's mark.
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    const aging = (await computeReport(reportSourceOf(archive), 'aging', parsePeriod('2026-10'), {
      now: NOW,
    })) as AgingReport;
    assert.ok(JSON.stringify(aging).includes('"marked"'), 'the échéancier sees the mark');
  } finally {
    archive.close();
  }
});

test('payments mark by id replaces the day; unmark takes it off, twice is not a failure', async () => {
  const byId = await cli(
    'mark',
    '--connection',
    'demo-admin',
    '--invoice',
    other.invoiceId,
    '--day',
    '2026-11-02',
  );
  assert.equal(byId.code, 0, byId.stderr);
  assert.match(byId.stdout, /paid on 2026-11-02/);
  assert.equal(marks().get(other.invoiceId)?.paidOn, '2026-11-02');
  const again = await cli(
    'mark',
    '--connection',
    'demo-admin',
    '--invoice',
    other.invoiceId,
    '--day',
    '2026-11-03',
  );
  assert.equal(again.code, 0, again.stderr);
  assert.equal(marks().get(other.invoiceId)?.paidOn, '2026-11-03');

  const off = await cli(
    'unmark',
    '--connection',
    'demo-admin',
    '--invoice',
    other.invoiceNumber!,
    '--json',
  );
  assert.equal(off.code, 0, off.stderr);
  assert.equal((JSON.parse(off.stdout) as { unmarked: boolean }).unmarked, true);
  assert.equal(marks().has(other.invoiceId), false);
  assert.equal(marks().has(invoice.invoiceId), true, 'the other mark stays');
  const twice = await cli(
    'unmark',
    '--connection',
    'demo-admin',
    '--invoice',
    other.invoiceId,
    '--json',
  );
  assert.equal(twice.code, 0, twice.stderr);
  assert.equal((JSON.parse(twice.stdout) as { unmarked: boolean }).unmarked, false);
});

test('bad input: usage (2) or failure (1) with a clear line, and no mark written', async () => {
  const before = JSON.stringify([...marks()]);
  const cases: [string[], number, RegExp][] = [
    [
      ['mark', '--connection', 'demo-admin', '--invoice', 'X', '--day', '2026-02-30'],
      2,
      /--day is a day/,
    ],
    [['mark', '--connection', 'demo-admin', '--invoice', 'X'], 2, /--day/],
    [['pay', '--connection', 'demo-admin'], 2, /Usage/],
    [
      ['unmark', '--connection', 'demo-admin', '--invoice', 'X', '--day', '2026-10-01'],
      2,
      /no --day/,
    ],
    [
      ['mark', '--connection', 'demo-admin', '--invoice', 'NO-SUCH-NUMBER', '--day', '2026-10-01'],
      1,
      /^not_found: No archived invoice/m,
    ],
    [
      ['mark', '--connection', 'Nobody', '--invoice', 'X', '--day', '2026-10-01'],
      1,
      /^not_found: No connection/m,
    ],
    [
      ['mark', '--connection', 'demo-admin', '--invoice', invoice.invoiceId, '--day', '2999-01-01'],
      1,
      /in the future/,
    ],
  ];
  for (const [args, code, message] of cases) {
    const run = await cli(...args);
    assert.equal(run.code, code, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, message, args.join(' '));
  }
  assert.equal(JSON.stringify([...marks()]), before);
});
