// The accounting channels as the Comptabilité screen calls them, through the dispatcher, over a
// real archive of the demo operator's invoices and the real accounting service: pages of one
// ledger add up to it, a choice from the queue shrinks it and changes the entries, the CSV of
// the memory goes out and back in, bad settings are refused field by field with nothing written,
// and working offline changes nothing (the ledger only ever reads the archive).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { CompanyProfile, ThirdParty } from '#shared/accounting.ts';
import type { LedgerPage, Sourced, ThirdPartiesCsv, ThirdPartiesImport } from '#shared/contract.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import { archivedHandlers, silent, value } from '#support/archived-handlers.ts';
import { choiceFor } from '#support/accounting-fixtures.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const october = parsePeriod('2026-10');
const active = { connectionId: 'demo-admin' };
const { dataDir, dispatch, close } = archivedHandlers({
  prefix: 'accounting',
  fill: { seed: 17, invoices: 1500, now: NOW },
});
after(close);

async function page(offset: number, limit: number, journal?: string): Promise<LedgerPage> {
  const answer = value<Sourced<LedgerPage>>(
    await dispatch('accounting:ledger', {
      ...active,
      period: october,
      ...(journal ? { journal } : {}),
      offset,
      limit,
    }),
  );
  assert.equal(answer.source, 'archive');
  return answer.data;
}

test('the pages of a period’s ledger are its entries, in order, each balanced', async () => {
  const first = await page(0, 20);
  assert.ok(first.totalEntries > 20, `${first.totalEntries} entries`);
  const all = [...first.entries];
  for (let offset = 20; offset < first.totalEntries; offset += 20)
    all.push(...(await page(offset, 20)).entries);
  assert.deepEqual(
    all.map((e) => e.number),
    Array.from({ length: first.totalEntries }, (_, i) => i + 1),
    'EcritureNum continuous across pages',
  );
  for (const entry of all) {
    const debit = entry.lines.reduce((s, l) => s + l.debitCents, 0);
    const credit = entry.lines.reduce((s, l) => s + l.creditCents, 0);
    assert.equal(debit, credit, `entry ${entry.number} balances`);
  }
  for (const journal of first.journals) {
    const mine = all.filter((e) => e.journal === journal.journal);
    assert.equal(mine.length, journal.entries);
    const sales = await page(0, 500, journal.journal);
    assert.deepEqual(
      sales.entries.map((e) => e.number),
      mine.map((e) => e.number),
    );
    assert.equal(journal.debitCents, journal.creditCents, `${journal.code} balanced`);
  }
  assert.ok(first.toMap.length > 0 && first.leftOut.length > 0);
});

test('a choice from the queue: the queue shrinks and the party’s entries use the account', async () => {
  const before = await page(0, 500);
  const party = before.toMap.find((p) => p.role === 'supplier')!;
  const parties = value<ThirdParty[]>(
    await dispatch('accounting:mapThirdParties', {
      ...active,
      choices: [choiceFor(party, '626000')],
    }),
  );
  assert.ok(parties.some((p) => p.key === party.key && p.account === '626000' && p.confirmed));
  const after = await page(0, 500);
  assert.equal(after.toMap.length, before.toMap.length - 1);
  assert.ok(!after.toMap.some((p) => p.key === party.key && p.role === party.role));
  const own = after.entries.filter((e) =>
    e.lines.some((l) => l.auxiliary === party.suggestedAuxiliary),
  );
  assert.ok(own.length > 0);
  for (const entry of own) {
    assert.equal(entry.provisional, false);
    assert.ok(entry.lines.some((l) => l.account === '626000'));
  }
});

test('the memory as CSV, out and back in; a bad line refused by its number, the rest kept', async () => {
  const csv = value<ThirdPartiesCsv>(await dispatch('accounting:exportThirdParties', active));
  assert.ok(csv.count >= 1);
  assert.match(csv.fileName, /^ATELIERS DUVAL AGENCEMENT \d{9} Tiers \d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.csv.replace(/\r\n$/, '').split('\r\n');
  const result = value<ThirdPartiesImport>(
    await dispatch('accounting:importThirdParties', {
      ...active,
      csv: [...lines, '552100554;inconnu;X;FX;626000;'].join('\r\n'),
    }),
  );
  assert.equal(result.updated + result.added, csv.count);
  assert.deepEqual(
    result.refused.map((r) => [r.line, r.code]),
    [[lines.length + 1, 'role']],
  );
});

test('bad settings are refused field by field, nothing written; good ones are kept', async () => {
  const profile = value<CompanyProfile>(await dispatch('accounting:profile', active));
  assert.match(profile.foundSiren ?? '', /^\d{9}$/);
  const bad = structuredClone(profile.settings);
  bad.siren = '552100555';
  bad.accounts.customers = '511000';
  const refused = await dispatch('accounting:saveSettings', { ...active, settings: bad });
  assert.equal(refused.ok, false);
  const problems = (
    refused as { ok: false; error: { details: { problems: { path: string; reason: string }[] } } }
  ).error.details.problems.map((p) => `${p.path} ${p.reason}`);
  assert.deepEqual(problems.sort(), ['accounts.customers account_class', 'siren siren']);
  assert.deepEqual(value<CompanyProfile>(await dispatch('accounting:profile', active)), profile);

  const good = structuredClone(profile.settings);
  good.accounts.customers = '411100';
  value(await dispatch('accounting:saveSettings', { ...active, settings: good }));
  const entries = (await page(0, 500, 'sales')).entries;
  assert.ok(entries.every((e) => e.lines.some((l) => l.account === '411100')));
});

test('a choice written by another process (the CLI) shows on the next page, not a stale ledger', async () => {
  const before = await page(0, 20);
  const party = before.toMap.find((p) => p.role === 'customer')!;
  // The CLI's own handles on the same files, as `accounts import` would open them.
  const cliArchives = new Archives({ dataDir, log: silent });
  try {
    await createAccountingService({ archives: cliArchives }).mapThirdParties('demo-admin', [
      choiceFor(party, '706500'),
    ]);
  } finally {
    await cliArchives.close();
  }
  const next = await page(20, 20); // a later page: the kept ledger, unless it is stale
  assert.equal(next.toMap.length, before.toMap.length - 1);
  assert.ok(!next.toMap.some((p) => p.key === party.key && p.role === party.role));
});

test('working offline, the ledger still answers from the archive', async () => {
  value(await dispatch('settings:update', { workOffline: true }));
  try {
    const offline = await page(0, 10);
    assert.ok(offline.totalEntries > 0);
  } finally {
    value(await dispatch('settings:update', { workOffline: false }));
  }
});
