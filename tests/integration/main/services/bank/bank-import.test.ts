// Importing bank statements into a connection (issue 29), on real files: a demo archive in
// SQLite, the demo statements in the three formats, the bank file beside the archive. What an
// accountant sees: the summary, nothing added twice, a refused file changing nothing, a
// confirmed match kept through later imports, an undo handing the line back to matching.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { openBankData, type BankStore } from '#main/services/archive/bank-store.ts';
import { deleteUserData } from '#main/services/archive/user-data-store.ts';
import {
  confirmMatch,
  importBankFile,
  undoMatch,
  type InvoiceSource,
} from '#main/services/bank/bank-import.ts';
import {
  demoStatementFiles,
  demoStatements,
  type DemoStatementSet,
} from '#main/services/bank/demo-statements.ts';
import { writeCamt053 } from '#main/services/bank/write-statements.ts';
import type { Statement } from '#shared/bank.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const CONNECTION = 'demo-admin';
let dir: string;
let set: DemoStatementSet;
let files: { name: string; bytes: Uint8Array }[];
let invoices: InvoiceSource;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'bank-import-'));
  fillDemoArchive(dir, CONNECTION, { invoices: 3000, now: NOW });
  set = demoStatements(createDataset(42, 3000, { startMs: NOW.getTime() }));
  files = demoStatementFiles(set);
  const archive = openArchive(dir, CONNECTION);
  const all = [...archive.bankInvoices()];
  archive.close();
  invoices = () => all;
});

after(() => rmSync(dir, { recursive: true, force: true }));

function withStore<T>(use: (store: BankStore) => T): T {
  const store = openBankData(dir, CONNECTION);
  try {
    return use(store);
  } finally {
    store.close();
  }
}

describe('bank import', () => {
  test('the archive gives every payable invoice of the demo data set, with its payment facts', () => {
    const fromArchive = new Map([...invoices()].map((i) => [i.id, i]));
    assert.equal(fromArchive.size, set.invoices.length);
    for (const expected of set.invoices.slice(0, 200))
      assert.deepEqual(fromArchive.get(expected.id), expected);
  });

  test('a first file adds its account (named, 512000), its lines, and matches them', () => {
    const summary = withStore((store) => importBankFile(store, invoices, files[0]!, NOW));
    assert.equal(summary.format, 'cfonb120');
    assert.equal(summary.lines, set.statements[0]!.lines.length);
    assert.equal(summary.added, summary.lines);
    assert.equal(summary.already, 0);
    assert.deepEqual(
      summary.accountsAdded.map((a) => [a.account, a.ledgerAccount]),
      [[set.account, '512000']],
    );
    assert.equal(summary.auto + summary.suggested + summary.unmatched, summary.lines);
    assert.ok(summary.auto > summary.lines / 2, `${summary.auto} matched automatically`);
    assert.equal(
      (statSync(join(dir, 'archive', `${CONNECTION}.bank.sqlite`)).mode & 0o777).toString(8),
      '600',
    );
  });

  test('the same file again, and a file overlapping it, add nothing', () => {
    const again = withStore((store) => importBankFile(store, invoices, files[0]!, NOW));
    assert.deepEqual([again.added, again.already, again.accountsAdded.length], [0, again.lines, 0]);
    // Two months in one CAMT file, the first already imported as CFONB... and again as CAMT.
    const two = {
      ...set.statements[1]!,
      lines: [...set.statements[1]!.lines, ...set.statements[2]!.lines],
      closing: set.statements[2]!.closing,
    };
    const camt = (s: Statement, id: string): Uint8Array =>
      new TextEncoder().encode(writeCamt053(s, id, '2026-01-01T06:00:00'));
    const first = withStore((store) =>
      importBankFile(
        store,
        invoices,
        { name: 'm2.xml', bytes: camt(set.statements[1]!, 'M2') },
        NOW,
      ),
    );
    assert.equal(first.added, set.statements[1]!.lines.length);
    const overlapping = withStore((store) =>
      importBankFile(store, invoices, { name: 'm2-m3.xml', bytes: camt(two, 'M23') }, NOW),
    );
    assert.equal(overlapping.already, set.statements[1]!.lines.length);
    assert.equal(overlapping.added, set.statements[2]!.lines.length);
  });

  test('a refused file names its line and reason, and changes nothing', () => {
    const before = withStore((store) => store.matches());
    const text = new TextDecoder().decode(files[5]!.bytes); // CFONB
    const broken = text.split('\r\n').slice(0, -2).join('\r\n'); // the closing balance cut off
    assert.throws(
      () =>
        withStore((store) =>
          importBankFile(
            store,
            invoices,
            { name: 'cut.cfonb', bytes: new TextEncoder().encode(broken) },
            NOW,
          ),
        ),
      (error: Error) =>
        /cut\.cfonb" was refused, nothing imported: line \d+: the file ends before the closing balance/.test(
          error.message,
        ),
    );
    assert.deepEqual(
      withStore((store) => store.matches()),
      before,
    );
  });

  test('a confirmed match is kept by later imports; undo hands the line back', () => {
    const suggested = withStore((store) => store.matches().find((r) => r.state === 'suggested'))!;
    assert.ok(suggested, 'a suggestion to confirm');
    const confirmed = withStore((store) => confirmMatch(store, invoices, suggested.id, NOW));
    assert.equal(confirmed.state, 'confirmed');
    assert.deepEqual(confirmed.allocations, suggested.candidates[0]);
    // "No invoice" on an automatic match: kept unmatched whatever comes.
    const auto = withStore((store) => store.matches().find((r) => r.state === 'auto'))!;
    withStore((store) => confirmMatch(store, invoices, auto.id, NOW, []));
    for (const f of files.slice(1, 4))
      withStore((store) => importBankFile(store, invoices, f, NOW));
    const rows = new Map(withStore((store) => store.matches()).map((r) => [r.id, r]));
    assert.equal(rows.get(suggested.id)!.state, 'confirmed');
    assert.deepEqual(rows.get(suggested.id)!.allocations, suggested.candidates[0]);
    assert.equal(rows.get(auto.id)!.state, 'unmatched');
    const undone = withStore((store) => undoMatch(store, invoices, auto.id));
    assert.equal(undone.state, 'auto');
    assert.deepEqual(undone.allocations, auto.allocations);
  });

  test('changing a match to other invoices allocates the line to them', () => {
    const line = withStore((store) =>
      store.matches().find((r) => r.state === 'auto' && r.cents > 0),
    )!;
    const other = [...invoices()].find(
      (i) => i.direction === 'OUTBOUND' && !line.allocations.some((a) => a.invoiceId === i.id),
    )!;
    const changed = withStore((store) => confirmMatch(store, invoices, line.id, NOW, [other.id]));
    assert.deepEqual(changed.allocations, [{ invoiceId: other.id, cents: line.cents }]);
    assert.equal(changed.rule, null);
    assert.throws(
      () => withStore((store) => confirmMatch(store, invoices, line.id, NOW, ['no-such-invoice'])),
      /no invoice "no-such-invoice"/,
    );
  });

  test('deleting the connection deletes its bank file', () => {
    deleteUserData(dir, CONNECTION);
    assert.equal(
      statSync(join(dir, 'archive', `${CONNECTION}.bank.sqlite`), { throwIfNoEntry: false }),
      undefined,
    );
  });
});
