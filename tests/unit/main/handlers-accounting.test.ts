// The accounting channels through the dispatcher, over a recording stand-in of the accounting
// service (the service itself is tested on its own and, end to end, in
// tests/integration/main/handlers-accounting.test.ts): arguments checked before the service is
// asked, only the active connection answered, a ledger computed once and sent a page at a time,
// computed again after the accountant's choices.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import type { Entry, Ledger } from '#shared/accounting.ts';
import type { LedgerPage, Result, Sourced } from '#shared/contract.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { createDispatcher, createHandlers, thirdPartiesFileName } from '#main/handlers/index.ts';
import type { Dispatch } from '#main/handlers/index.ts';
import type { AccountingService } from '#main/services/accounting/accounting.ts';
import { createServices, type Services } from '#main/services/index.ts';
import { fakeKeytar, fakeStartDemo, silentLog } from '#support/fakes.ts';

let dataDir: string;
let services: Services;
let dispatch: Dispatch;
let asked: string[];

function entry(number: number, journal: Entry['journal']): Entry {
  return {
    journal,
    number,
    date: '2026-10-01',
    kind: 'invoice',
    invoiceId: `00000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
    pieceRef: `F-${number}`,
    pieceDate: '2026-10-01',
    label: `Facture ${number}`,
    direction: journal === 'sales' ? 'OUTBOUND' : 'INBOUND',
    creditNote: false,
    lines: [],
    provisional: false,
    roundingCents: 0,
  };
}

function ledgerOf(period: Ledger['period']): Ledger {
  const entries = Array.from({ length: 130 }, (_, i) =>
    entry(i + 1, i % 3 === 2 ? 'purchases' : 'sales'),
  );
  return {
    period,
    company: { siren: null, name: null },
    journals: [],
    entries,
    held: [],
    leftOut: [],
    toMap: [],
    debitCents: 0,
    creditCents: 0,
    coverage: {
      archivedInvoices: 130,
      withDetails: 130,
      lastSyncAt: '2026-11-01T10:00:00.000Z',
      partitionsCut: 0,
      partitionsUnfinished: 0,
      completeSince: null,
    },
    computedAt: '2026-11-24T10:00:00.000Z',
  };
}

const fake: AccountingService = {
  profile: async (id) => (asked.push(`profile ${id}`), { settings: {} as never, foundSiren: null }),
  saveSettings: async (id) => (
    asked.push(`save ${id}`),
    { settings: {} as never, foundSiren: null }
  ),
  ledger: async (id, period) => {
    asked.push(`ledger ${id} ${period.label}`);
    if (period.from < '2000-01-01') throw new RangeError('The period starts too early.');
    return ledgerOf(period);
  },
  thirdParties: async (id) => (asked.push(`parties ${id}`), []),
  mapThirdParties: async (id, choices) => (asked.push(`map ${id} ${choices.length}`), []),
  exportThirdPartiesCsv: async (id) => (asked.push(`export ${id}`), '\uFEFFkey;role\r\n'),
  importThirdPartiesCsv: async (id) => (
    asked.push(`import ${id}`),
    { added: 1, updated: 0, refused: [] }
  ),
};

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'accounting-dispatch-'));
  asked = [];
  services = createServices({
    dataDir,
    shell: 'browser',
    env: {},
    osLocale: () => 'fr-FR',
    log: silentLog,
    startDemo: fakeStartDemo,
    loadKeytar: async () => fakeKeytar(),
  });
  services.accounting = fake;
  dispatch = createDispatcher(createHandlers(services, { probeIntervalMs: 0 }), { log: silentLog });
});
afterEach(async () => {
  await services.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function failure(result: Result<unknown>): { kind: string; message: string } {
  assert.equal(result.ok, false, `expected a failure, got ${JSON.stringify(result)}`);
  return (result as { ok: false; error: { kind: string; message: string } }).error;
}
function value<T>(result: Result<unknown>): T {
  assert.ok(result.ok, `expected ok, got ${JSON.stringify(result)}`);
  return result.value as T;
}

const october = parsePeriod('2026-10');
const choice = {
  key: '552100554',
  role: 'supplier',
  name: 'Orange',
  auxiliary: 'FORANGE',
  account: '626000',
  label: null,
};

test('bad arguments are refused with a clear error before the service is asked', async () => {
  const active = { connectionId: 'demo-admin' };
  const cases: [string, unknown][] = [
    [
      'accounting:ledger',
      { ...active, period: { ...october, to: '2026-10-32' }, offset: 0, limit: 50 },
    ],
    [
      'accounting:ledger',
      { ...active, period: { ...october, to: '2026-09-30' }, offset: 0, limit: 50 },
    ],
    ['accounting:ledger', { ...active, period: october, offset: -1, limit: 50 }],
    ['accounting:ledger', { ...active, period: october, offset: 0, limit: 100_000 }],
    ['accounting:ledger', { ...active, period: october, journal: 'bank', offset: 0, limit: 50 }],
    ['accounting:mapThirdParties', { ...active, choices: [] }],
    ['accounting:mapThirdParties', { ...active, choices: [{ ...choice, account: '62A' }] }],
    ['accounting:mapThirdParties', { ...active, choices: [{ ...choice, auxiliary: 'f orange' }] }],
    ['accounting:mapThirdParties', { ...active, choices: [{ ...choice, role: 'owner' }] }],
    ['accounting:importThirdParties', { ...active, csv: 'x'.repeat(5_000_001) }],
    ['accounting:saveSettings', { ...active, settings: { siren: '552100554' } }],
    ['accounting:profile', { connectionId: '' }],
  ];
  for (const [channel, args] of cases) {
    const error = failure(await dispatch(channel, args));
    assert.equal(error.kind, 'invalid_input', `${channel} ${JSON.stringify(args).slice(0, 120)}`);
    assert.match(error.message, new RegExp(`Invalid arguments for ${channel}`));
  }
  assert.deepEqual(asked, []);
});

test('only the active connection is answered: another one is refused, an unknown one not found', async () => {
  const other = failure(await dispatch('accounting:thirdParties', { connectionId: 'demo-user' }));
  assert.equal(other.kind, 'conflict');
  const unknown = failure(await dispatch('accounting:profile', { connectionId: 'nobody' }));
  assert.equal(unknown.kind, 'not_found');
  const map = failure(
    await dispatch('accounting:mapThirdParties', { connectionId: 'demo-user', choices: [choice] }),
  );
  assert.equal(map.kind, 'conflict');
  assert.deepEqual(asked, []);
  value(await dispatch('accounting:thirdParties', { connectionId: 'demo-admin' }));
  assert.deepEqual(asked, ['parties demo-admin']);
});

test('a ledger is computed once and sent a page at a time, per journal', async () => {
  const page = async (journal: string | undefined, offset: number, limit = 50) =>
    value<Sourced<LedgerPage>>(
      await dispatch('accounting:ledger', {
        connectionId: 'demo-admin',
        period: october,
        ...(journal ? { journal } : {}),
        offset,
        limit,
      }),
    );
  const first = await page('sales', 0);
  assert.equal(first.source, 'archive');
  assert.equal(first.fetchedAt, '2026-11-01T10:00:00.000Z');
  assert.equal(first.data.connectionId, 'demo-admin');
  assert.equal(first.data.totalEntries, 87); // 130 entries, every third a purchase
  assert.equal(first.data.entries.length, 50);
  assert.ok(first.data.entries.every((e) => e.journal === 'sales'));
  const second = await page('sales', 50);
  assert.equal(second.data.entries.length, 37);
  assert.equal(second.data.offset, 50);
  assert.equal(second.data.entries[0]!.number, first.data.entries.at(-1)!.number + 2);
  const purchases = await page('purchases', 0, 100);
  assert.equal(purchases.data.totalEntries, 43);
  const all = await page(undefined, 100);
  assert.equal(all.data.totalEntries, 130);
  assert.equal(all.data.entries.length, 30);
  assert.deepEqual(asked, ['ledger demo-admin 2026-10'], 'computed once for four pages');

  // Another period is computed; the accountant's choice makes the next page computed again.
  await page('sales', 0);
  value(
    await dispatch('accounting:ledger', {
      connectionId: 'demo-admin',
      period: parsePeriod('2026-11'),
      offset: 0,
      limit: 50,
    }),
  );
  assert.equal(asked.filter((a) => a.startsWith('ledger')).length, 2);
  value(
    await dispatch('accounting:mapThirdParties', { connectionId: 'demo-admin', choices: [choice] }),
  );
  value(
    await dispatch('accounting:ledger', {
      connectionId: 'demo-admin',
      period: parsePeriod('2026-11'),
      offset: 0,
      limit: 50,
    }),
  );
  assert.deepEqual(asked.slice(-2), ['map demo-admin 1', 'ledger demo-admin 2026-11']);
});

test('a period the service refuses is the caller’s bad input, said as such', async () => {
  const error = failure(
    await dispatch('accounting:ledger', {
      connectionId: 'demo-admin',
      period: parsePeriod('1990'),
      offset: 0,
      limit: 50,
    }),
  );
  assert.equal(error.kind, 'invalid_input');
  assert.match(error.message, /too early/);
});

test('the third parties’ CSV comes back as text under a name saying whose and when', async () => {
  const csv = value<{ fileName: string; csv: string; count: number }>(
    await dispatch('accounting:exportThirdParties', { connectionId: 'demo-admin' }),
  );
  assert.match(csv.fileName, /^.+ Tiers \d{4}-\d{2}-\d{2}\.csv$/);
  assert.equal(csv.csv, '\uFEFFkey;role\r\n');
  assert.equal(
    thirdPartiesFileName(
      { connectionName: 'Société Générale / Lyon: 2026', company: null },
      'fr',
      new Date(2026, 10, 24),
    ),
    'Société Générale Lyon 2026 Tiers 2026-11-24.csv',
  );
  assert.equal(
    thirdPartiesFileName(
      { connectionName: 'x', company: { name: 'MENUISERIE ROCHE SARL', siren: '552100554' } },
      'en',
      new Date(2026, 10, 24),
    ),
    'MENUISERIE ROCHE 552100554 Third parties 2026-11-24.csv',
  );
  const imported = value<{ added: number }>(
    await dispatch('accounting:importThirdParties', { connectionId: 'demo-admin', csv: 'a;b' }),
  );
  assert.equal(imported.added, 1);
});
