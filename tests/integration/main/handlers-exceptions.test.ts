// The exceptions list (issue 19, item 4) through the dispatcher, as the renderer calls it, on a
// real archive file holding the demo operator's invoices: each invoice to act on once with its
// reasons, checked against the échéancier and the ledger of the same period; marked handled
// with a note (who and when), kept when the archive is cleared and rebuilt, in the workbook read
// back with openpyxl, reopened; the arguments checked and only the active connection written.
import assert from 'node:assert/strict';
import { userInfo } from 'node:os';
import { after, test } from 'node:test';
import type { Ledger } from '#shared/accounting.ts';
import type { ConnectionSummary, LedgerPage, Sourced } from '#shared/contract.ts';
import { reasonKey, type ExceptionList, type ExceptionRow } from '#shared/exceptions.ts';
import type { ExportResult } from '#shared/exports.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport, Report } from '#shared/reports.ts';
import { archivedHandlers, failure, value } from '#support/archived-handlers.ts';
import { column, readXlsx, sheetNamed } from '#support/read-xlsx.ts';
import { choiceFor } from '#support/accounting-fixtures.ts';
import { fixedClock } from '#main/services/clock.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const PERIOD = parsePeriod('2026');
const CONNECTION = 'demo-admin';
const { services, dispatch, refill, close } = archivedHandlers({
  prefix: 'exceptions',
  fill: { connectionId: CONNECTION, seed: 7, invoices: 600, now: NOW },
  clock: fixedClock(NOW), // today is the archive's day: what is past due does not move with the date
});
after(close);

async function list(show: 'open' | 'handled' | 'all' = 'all'): Promise<ExceptionList> {
  return value<ExceptionList>(
    await dispatch('exceptions:list', { connectionId: CONNECTION, period: PERIOD, show }),
  );
}

const keys = (row: ExceptionRow): string[] => row.reasons.map(reasonKey);

test('each invoice to act on once, with the reasons the échéancier and the ledger give', async () => {
  const all = await list();
  assert.ok(
    all.rows.length > 10,
    `a month of the demo has invoices to act on (${all.rows.length})`,
  );
  assert.equal(new Set(all.rows.map((r) => r.invoiceId)).size, all.rows.length, 'one row each');
  assert.deepEqual(all.counts, { open: all.rows.length, handled: 0 });
  for (const row of all.rows) {
    assert.ok(row.reasons.length > 0);
    const code = row.lifecycleCode ?? '';
    assert.equal(
      keys(row).includes(`status:${code}`),
      ['207', '208', '210', '213'].includes(code),
      `${row.number}: status ${code}`,
    );
  }
  const kinds = new Set(all.rows.flatMap((r) => r.reasons.map((x) => x.kind)));
  for (const kind of ['status', 'past_due', 'unmapped', 'left_out'])
    assert.ok(kinds.has(kind as never), `the year of the demo shows ${kind}`);

  // Past due: the échéancier's lines of the period late today (same rule, same marks).
  const aging = value<Sourced<Report>>(
    await dispatch('reports:get', { report: 'aging', period: parsePeriod(all.asOf.slice(0, 7)) }),
  ).data as AgingReport;
  const late = aging.lines
    .filter((l) => l.daysLate > 0 && l.invoiceDate !== null && l.invoiceDate >= PERIOD.from)
    .filter((l) => l.invoiceDate! <= PERIOD.to)
    .map((l) => l.invoiceId)
    .sort();
  const pastDue = all.rows
    .filter((r) => keys(r).includes('past_due'))
    .map((r) => r.invoiceId)
    .sort();
  assert.deepEqual(pastDue, late);

  // The ledger's held and left-out invoices, and its provisional entries' invoices (the ledger
  // Comptabilité shows, asked of the accounting service).
  const ledger: Ledger = await services.accounting.ledger(CONNECTION, PERIOD);
  const byId = new Map(all.rows.map((r) => [r.invoiceId, r]));
  assert.ok(ledger.held.length > 0, 'the demo year has disputed or suspended invoices');
  for (const held of ledger.held) {
    const status = byId.get(held.invoiceId)?.reasons.find((r) => r.kind === 'status');
    assert.equal(status?.kind === 'status' && status.entries?.situation, 'held', held.number!);
  }
  for (const out of ledger.leftOut) {
    const row = byId.get(out.invoiceId);
    assert.ok(row, `${out.number} left out is on the list`);
    const said = row.reasons.some(
      (r) =>
        (r.kind === 'left_out' && r.reason === out.reason) ||
        (r.kind === 'status' &&
          r.entries?.situation === 'left_out' &&
          r.entries.reason === out.reason),
    );
    assert.ok(said, `${out.number}: ${out.reason} ${JSON.stringify(row.reasons)}`);
  }
  const provisional = new Set(
    ledger.entries.filter((e) => e.kind === 'invoice' && e.provisional).map((e) => e.invoiceId),
  );
  assert.deepEqual(
    all.rows
      .filter((r) => keys(r).includes('unmapped'))
      .map((r) => r.invoiceId)
      .sort(),
    [...provisional].sort(),
  );
});

test('bad arguments and another connection are refused; nothing is written', async () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const base = { connectionId: CONNECTION, period: PERIOD };
  for (const args of [
    { ...base, invoiceIds: ['F2026-0001'] },
    { ...base, invoiceIds: [] },
    { ...base, invoiceIds: [id], note: 'x'.repeat(1001) },
    { ...base, period: { from: '2026-10-31', to: '2026-10-01', label: 'x' }, invoiceIds: [id] },
  ])
    assert.equal(failure(await dispatch('exceptions:mark', args)).kind, 'invalid_input');
  assert.equal(
    failure(await dispatch('exceptions:list', { ...base, show: 'later' })).kind,
    'invalid_input',
  );
  assert.equal(
    failure(await dispatch('exceptions:mark', { ...base, invoiceIds: [id] })).kind,
    'conflict',
    'not on the list',
  );
  const other = value<ConnectionSummary>(
    await dispatch('connections:save', {
      name: 'Client B',
      baseUrl: 'http://127.0.0.1:9',
      tokenUrl: 'http://127.0.0.1:9/token',
      clientId: 'b',
    }),
  );
  const [row] = (await list()).rows;
  assert.ok(row);
  const refused = failure(
    await dispatch('exceptions:mark', {
      connectionId: other.id,
      period: PERIOD,
      invoiceIds: [row.invoiceId],
      note: 'wrong client',
    }),
  );
  assert.equal(refused.kind, 'conflict');
  value(await dispatch('connections:delete', { id: other.id }));
  assert.equal((await list('handled')).rows.length, 0);
});

test('marked handled with a note: who and when, kept across a cleared archive, exported, reopened', async () => {
  const open = await list('open');
  const [one, two] = open.rows;
  assert.ok(one && two);
  const marked = value<ExceptionRow[]>(
    await dispatch('exceptions:mark', {
      connectionId: CONNECTION,
      period: PERIOD,
      invoiceIds: [one.invoiceId, two.invoiceId],
      note: '  Avoir demandé au client  ',
    }),
  );
  assert.equal(marked.length, 2);
  for (const row of marked) {
    assert.equal(row.handled, true);
    assert.equal(row.mark?.note, 'Avoir demandé au client');
    assert.equal(row.mark?.by, userInfo().username);
    assert.equal(row.mark!.at, NOW.toISOString(), 'marked now, on the services’ clock');
  }
  const handled = await list('handled');
  assert.deepEqual(
    handled.rows.map((r) => r.invoiceId).sort(),
    [one.invoiceId, two.invoiceId].sort(),
  );
  const stillOpen = await list('open');
  assert.equal(stillOpen.rows.length, open.rows.length - 2);
  assert.deepEqual(stillOpen.counts, { open: open.rows.length - 2, handled: 2 });

  // The archive cleared: no invoices, so no list; rebuilt: the marks are still there.
  value(await dispatch('archive:clear', { connectionId: CONNECTION }));
  assert.equal((await list()).rows.length, 0);
  refill();
  const rebuilt = await list('handled');
  assert.deepEqual(
    rebuilt.rows.map((r) => [r.invoiceId, r.mark?.note]).sort(),
    [
      [one.invoiceId, 'Avoir demandé au client'],
      [two.invoiceId, 'Avoir demandé au client'],
    ].sort(),
  );

  // The workbook, read back by openpyxl.
  const result = value<ExportResult>(
    await dispatch('export:start', {
      exportId: crypto.randomUUID(),
      target: { kind: 'exceptions', period: PERIOD, show: 'all' },
    }),
  );
  assert.ok(result.savedTo);
  assert.match(result.fileName, /^ATELIERS DUVAL AGENCEMENT \d{9} À traiter 2026\.xlsx$/);
  const book = readXlsx(result.savedTo);
  const sheet = sheetNamed(book, 'À traiter');
  // Its first sheet says whose it is and of when (issue 27, item 1).
  const head = book.sheets[0]!;
  assert.equal(head.name, 'Dossier');
  const line = (label: string) => head.rows.find((r) => r[0]?.v === label)?.[1]?.v;
  assert.equal(head.rows[0]?.[0]?.v, 'À traiter');
  assert.match(String(line('Entreprise')), /^ATELIERS DUVAL AGENCEMENT/);
  assert.ok(result.fileName.includes(` ${String(line('SIREN'))} `));
  assert.equal(line('Période'), PERIOD.label);
  const ids = column(sheet, 'Identifiant').map((c) => c.v);
  assert.equal(ids.length, open.rows.length);
  const at = ids.indexOf(one.invoiceId);
  assert.equal(column(sheet, 'Note')[at]?.v, 'Avoir demandé au client');
  assert.equal(column(sheet, 'Par')[at]?.v, userInfo().username);
  assert.equal(column(sheet, 'Traitée')[at]?.v, 'Oui');
  assert.equal(column(sheet, 'Le')[at]?.t, 'd', 'a date-time cell');
  assert.equal(column(sheet, 'Numéro')[at]?.v, one.number);
  assert.ok(String(column(sheet, 'Motifs')[at]?.v).length > 3);
  const rejected = (await list()).rows.find((r) =>
    r.reasons.some(
      (x) => x.kind === 'status' && x.code === '213' && x.entries?.situation === 'left_out',
    ),
  );
  assert.ok(rejected, 'a rejected invoice, left out of the entries');
  assert.match(
    String(column(sheet, 'Motifs')[ids.indexOf(rejected.invoiceId)]?.v),
    /^Rejetée \(213\), écartée des écritures de la période/,
  );
  const other = ids.findIndex((id) => id !== one.invoiceId && id !== two.invoiceId);
  assert.equal(column(sheet, 'Traitée')[other]?.v, 'Non');
  assert.equal(column(sheet, 'Note')[other]?.v, null);

  // "Rouvrir".
  assert.equal(
    value<number>(
      await dispatch('exceptions:reopen', {
        connectionId: CONNECTION,
        invoiceIds: [one.invoiceId],
      }),
    ),
    1,
  );
  assert.deepEqual(
    (await list('handled')).rows.map((r) => r.invoiceId),
    [two.invoiceId],
  );
});

test('the list reads the ledger Comptabilité computed, computed again after a write to the archive or a mapped third party', async () => {
  const accounting = services.accounting;
  const computeLedger = accounting.ledger.bind(accounting);
  let computed = 0;
  accounting.ledger = (id, period) => ((computed += 1), computeLedger(id, period));
  try {
    const ledgerPage = async (): Promise<LedgerPage> =>
      value<Sourced<LedgerPage>>(
        await dispatch('accounting:ledger', {
          connectionId: CONNECTION,
          period: PERIOD,
          offset: 0,
          limit: 50,
        }),
      ).data;
    const page = await ledgerPage(); // computed, or still kept from the tests above
    const kept = computed;
    const before = await list();
    const [row] = before.rows;
    assert.ok(row);
    value(
      await dispatch('exceptions:mark', {
        connectionId: CONNECTION,
        period: PERIOD,
        invoiceIds: [row.invoiceId],
        note: 'Vu',
      }),
    );
    assert.equal(computed, kept, 'the page’s ledger serves the list and the mark');

    // A live search's write-through brings a rejection of a posted invoice: the ledger sets it
    // aside, and the list says so.
    const posted = page.entries.find((e) => e.kind === 'invoice');
    assert.ok(posted, 'a posted invoice on the first page');
    const store = services.archives.existing(CONNECTION)!;
    const { searchItem } = store.getInvoice(posted.invoiceId)!;
    const rejection = { code: '213', state: 'DELIVERED' as const, date: NOW.toISOString() };
    store.upsertSearchItems([{ ...searchItem, lastStatusData: rejection }], NOW.toISOString());
    const after = (await list()).rows.find((r) => r.invoiceId === posted.invoiceId);
    assert.ok(
      after?.reasons.some(
        (r) => r.kind === 'status' && r.code === '213' && r.entries?.situation === 'left_out',
      ),
      JSON.stringify(after?.reasons),
    );
    assert.ok((await ledgerPage()).leftOut.some((x) => x.invoiceId === posted.invoiceId));
    assert.equal(computed, kept + 1, 'computed again once, for the list and the page');

    // The accountant maps a third party from Comptabilité's queue: its invoices leave the list.
    const unmapped = (list: ExceptionList): number =>
      list.rows.filter((r) => keys(r).includes('unmapped')).length;
    const waiting = unmapped(await list());
    const [party] = (await ledgerPage()).toMap;
    assert.ok(party && waiting > 0);
    value(
      await dispatch('accounting:mapThirdParties', {
        connectionId: CONNECTION,
        choices: [choiceFor(party)],
      }),
    );
    assert.equal(unmapped(await list()), waiting - party.invoices);
    assert.equal(computed, kept + 2);
  } finally {
    accounting.ledger = computeLedger;
  }
});
