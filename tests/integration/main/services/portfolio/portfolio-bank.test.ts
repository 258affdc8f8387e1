// Issue 29, item 5: the portfolio counts per client its bank lines waiting for the accountant,
// the unmatched lines no decision covers and the suggestions to confirm, by the rule the Banque
// screen's filter applies to the lines it shows (the number clicked is the number shown there).
// A connection without a bank file has no bank figure; a decision moves the counts at once.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Archives } from '#main/services/archive/archives.ts';
import { openBankData } from '#main/services/archive/bank-store.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { confirmMatch, importBankFile } from '#main/services/bank/bank-import.ts';
import { bankView } from '#main/services/bank/bank-screen.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { portfolioRows } from '#main/services/portfolio/index.ts';
import { inStateFilter } from '#renderer/screens/bank/line-filter.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const CLIENTS = [
  { id: 'with-bank', name: 'Client banque' },
  { id: 'without-bank', name: 'Client sans banque' },
];
let dir: string;
let archives: Archives;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'portfolio-bank-'));
  for (const c of CLIENTS) fillDemoArchive(dir, c.id, { invoices: 800, now: NOW });
  archives = new Archives({ dataDir: dir, log: quiet });
});

after(async () => {
  await archives.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = () =>
  portfolioRows({
    references: () => CLIENTS,
    archives,
    accounting: createAccountingService({ archives, now: () => NOW }),
    now: () => NOW,
  });

const deps = () => ({
  dataDir: dir,
  bankInvoices: async (id: string) => {
    const all = [];
    const archive = await archives.ports.existing(id);
    if (archive) for await (const batch of archive.bankInvoices()) all.push(...batch);
    return all;
  },
});

/** What the Banque screen shows under each filter the portfolio's figures open. */
async function shown(): Promise<{ undecided: number; suggested: number }> {
  const lines = (await bankView(deps(), 'with-bank')).lines;
  return {
    undecided: lines.filter((l) => inStateFilter(l, 'undecided')).length,
    suggested: lines.filter((l) => inStateFilter(l, 'suggested')).length,
  };
}

test('the bank figures of a client are the Banque screen’s lines to decide; none without statements', async () => {
  const before = await rows();
  assert.ok(
    before.every((r) => r.bank === null),
    'no bank file, no bank figure',
  );

  const invoices = [...archives.existing('with-bank')!.bankInvoices()];
  const files = demoStatementFiles(
    demoStatements(createDataset(42, 800, { startMs: NOW.getTime() }), { months: 6 }),
  );
  const bank = openBankData(dir, 'with-bank');
  try {
    for (const file of files) importBankFile(bank, () => invoices, file, NOW);
  } finally {
    bank.close();
  }

  const [withBank, withoutBank] = await rows();
  assert.equal(withoutBank!.bank, null);
  const counts = await shown();
  assert.ok(counts.undecided > 0 && counts.suggested > 0, JSON.stringify(counts));
  assert.deepEqual(withBank!.bank, { unmatched: counts.undecided, suggested: counts.suggested });

  // "No invoice" on an unmatched line, and a suggestion confirmed: each count drops by one,
  // and the screen's filters say the same.
  const lines = (await bankView(deps(), 'with-bank')).lines;
  const unmatched = lines.find((l) => inStateFilter(l, 'undecided'))!;
  const suggested = lines.find((l) => l.state === 'suggested' && l.suggestions.length > 0)!;
  const store = openBankData(dir, 'with-bank');
  try {
    confirmMatch(store, () => invoices, unmatched.id, NOW, []);
    confirmMatch(store, () => invoices, suggested.id, NOW);
  } finally {
    store.close();
  }
  const [after] = await rows();
  assert.deepEqual(after!.bank, {
    unmatched: counts.undecided - 1,
    suggested: counts.suggested - 1,
  });
  const now = await shown();
  assert.deepEqual(after!.bank, { unmatched: now.undecided, suggested: now.suggested });
});
