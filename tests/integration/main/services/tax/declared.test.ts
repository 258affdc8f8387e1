// "Déclarée" (issue 26, item 6) on real files: a period recorded as declared keeps its figures in
// the user-data file (schema step 5); an invoice the operator rejects afterwards is listed
// against them (removed, with its boxes then and now), never absorbed silently; the declaration
// moves the return due now to the next period; bad input is refused and writes nothing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parsePeriod } from '#shared/report-period.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import {
  declaredReturn,
  declareReturn,
  dueReturn,
  undeclareReturn,
  type TaxDeps,
} from '#main/services/returns/index.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { userDataDirectory } from '#main/services/archive/user-data-directory.ts';
import { besideTheArchive } from '#main/services/reports/index.ts';

const NOW = new Date('2026-11-10T09:00:00Z');
const OCTOBER = parsePeriod('2026-10');
const ID = 'demo-admin';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let dir: string;
let archives: Archives;
let deps: TaxDeps;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'declared-'));
  fillDemoArchive(dir, ID, { seed: 6, invoices: 800, now: NOW });
  archives = new Archives({ dataDir: dir, log: quiet });
  deps = {
    archives: archives.ports,
    userData: userDataDirectory(archives),
    readReports: async (id, read) =>
      read({
        archive: await archives.ports.open(id),
        ...besideTheArchive(dir, userDataDirectory(archives)),
      }),
    now: () => NOW,
    user: () => 'marie',
  };
});
after(async () => {
  await archives.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a declared period keeps its figures; a later rejection is listed against them', async () => {
  assert.equal((await dueReturn(deps, ID)).period.label, '2026-10');
  assert.equal(await declaredReturn(deps, ID, OCTOBER), null);
  const declared = await declareReturn(deps, {
    connectionId: ID,
    period: OCTOBER,
    declaredOn: '2026-11-09',
    amountCents: 1_234_500,
  });
  assert.deepEqual(
    [declared.declaredOn, declared.amountCents, declared.by, declared.boxes, declared.changes],
    ['2026-11-09', 1_234_500, 'marie', [], []],
  );
  // Declared: the return due now is November's, still running.
  const next = await dueReturn(deps, ID);
  assert.deepEqual([next.period.label, next.state], ['2026-11', 'upcoming']);

  // The operator rejects one of October's counted sales afterwards (as a sync writes it).
  const archive = archives.open(ID);
  const row = archive
    .queryInvoices({
      filter: {
        direction: 'OUTBOUND',
        invoiceDateFrom: OCTOBER.from,
        invoiceDateTo: OCTOBER.to,
        detailFetched: true,
      },
      sort: { key: 'invoiceId' },
      limit: 100,
    })
    .rows.find((r) => r.lifecycleCode === null || ['200', '204', '205'].includes(r.lifecycleCode))!;
  const item = archive.getInvoice(row.invoiceId)!.searchItem;
  const status = { code: '213', state: 'DELIVERED' as const, date: NOW.toISOString() };
  archive.upsertSearchItems([{ ...item, lastStatusData: status }], NOW.toISOString());

  const against = (await declaredReturn(deps, ID, OCTOBER))!;
  assert.equal(against.amountCents, 1_234_500, 'the declared amount as recorded');
  const change = against.changes.find((c) => c.invoiceId === row.invoiceId);
  assert.ok(change, JSON.stringify(against.changes));
  assert.equal(change.kind, 'removed');
  assert.ok(change.cells.every((c) => c.nowCents === 0 && c.declaredCents !== 0));
  assert.equal(against.changes.length, 1, 'only what changed');
  // The boxes that moved say by how much: A1 by the sale's base.
  const a1 = against.boxes.find((b) => b.code === 'A1')!;
  const a1Cell = change.cells.find((c) => c.code === 'A1')!;
  assert.equal(a1.declaredCents - a1.nowCents, a1Cell.declaredCents);
});

test('bad declarations are refused and write nothing; a declaration can be taken off', async () => {
  const refuse = (args: Partial<Parameters<typeof declareReturn>[1]>, message: RegExp) =>
    assert.rejects(
      () =>
        declareReturn(deps, {
          connectionId: ID,
          period: parsePeriod('2026-09'),
          declaredOn: '2026-10-15',
          amountCents: 0,
          ...args,
        }),
      (error: unknown) => error instanceof AppFailure && message.test(error.message),
    );
  await refuse({ declaredOn: '2026-09-20' }, /once its period is over/);
  await refuse({ declaredOn: '2026-12-01' }, /in the future/);
  await refuse({ period: parsePeriod('2026-09-01..2026-09-15') }, /a month or a quarter/);
  assert.equal(await declaredReturn(deps, ID, parsePeriod('2026-09')), null);
  assert.equal(await undeclareReturn(deps, ID, OCTOBER), true);
  assert.equal(await undeclareReturn(deps, ID, OCTOBER), false);
  assert.equal((await dueReturn(deps, ID)).period.label, '2026-10');
});
