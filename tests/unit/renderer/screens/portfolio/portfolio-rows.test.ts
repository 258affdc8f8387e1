// The portfolio's filter and where each figure leads (issue 19, item 1): the archive filtered by
// direction and month or by lifecycle code, the échéancier and the VAT return of the month,
// Comptabilité's third parties to map.
import assert from 'node:assert/strict';
import { monthPeriod } from '#shared/report-period.ts';
import { test } from 'node:test';

import { periodOf } from '#shared/report-period.ts';
import {
  destinationOf,
  figureValue,
  filterRows,
  hasFigures,
  needsAction,
  toActOn,
  withDetails,
  type ShownRow,
} from '#renderer/screens/portfolio/portfolio-rows.ts';

function row(id: string, over: Partial<ShownRow> = {}, rejected = 0): ShownRow {
  return {
    connectionId: id,
    connectionName: `Connexion ${id}`,
    companyName: `Société ${id}`,
    siren: '123456789',
    lastSyncAt: '2026-11-24T08:00:00.000Z',
    complete: false,
    syncUnfinished: false,
    figures: {
      company: null,
      asOf: '2026-11-24',
      month: '2026-11',
      issued: 3,
      received: 4,
      codes: { '213': rejected, '210': 0, '207': 0, '208': 0 },
      archived: 7,
    },
    toMap: 0,
    vatCents: 0,
    pastDue: 0,
    vatReturn: null,
    pending: false,
    failing: null,
    error: null,
    ...over,
  };
}

test('the filter finds a company by its name (accents and case aside), its connection or SIREN', () => {
  const rows = [
    row('a', { companyName: 'Clinique Vétérinaire' }),
    row('b', { siren: '987654321' }),
    row('c', {}, 2),
  ];
  assert.deepEqual(
    filterRows(rows, 'veterinaire', false).map((r) => r.connectionId),
    ['a'],
  );
  assert.deepEqual(
    filterRows(rows, '987 654', false).map((r) => r.connectionId),
    ['b'],
  );
  assert.deepEqual(
    filterRows(rows, 'connexion c', false).map((r) => r.connectionId),
    ['c'],
  );
  assert.deepEqual(
    filterRows(rows, '', true).map((r) => r.connectionId),
    ['c'],
  );
  assert.equal(toActOn(row('d', { toMap: 5 })), 5);
  assert.equal(toActOn(row('e', { figures: null })), 0);
  assert.equal(toActOn(row('f', { pastDue: 4 })), 4, 'the échéancier’s past due, from the details');
});

test('a failing or never-synced connection is something to act on, and has no figures to show', () => {
  const failing = row('f', {
    failing: {
      error: { kind: 'offline', reason: 'host_not_found', message: 'getaddrinfo ENOTFOUND' },
      nextAttemptAt: '2026-11-24T09:15:00.000Z',
      failures: 2,
    },
  });
  const empty = row('n', { lastSyncAt: null });
  empty.figures!.archived = 0; // a connection that never answered: an empty archive
  const none = row('x', { lastSyncAt: null, figures: null });
  const quiet = row('q');
  assert.equal(hasFigures(failing), true, 'its last figures stay, beside the failure');
  assert.equal(hasFigures(empty), false, 'no "0" for a connection that never answered');
  assert.equal(hasFigures(none), false);
  assert.equal(hasFigures(row('w', { lastSyncAt: null })), true, 'invoices written through');
  assert.deepEqual(
    filterRows([failing, empty, none, quiet], '', true).map((r) => r.connectionId),
    ['f', 'n', 'x'],
  );
  assert.equal(needsAction(quiet), false);
});

test('each figure leads to its screen, already filtered', () => {
  const NOVEMBER = periodOf('month', '2026-11-24');
  assert.equal(NOVEMBER.from, '2026-11-01');
  assert.equal(NOVEMBER.to, '2026-11-30');
  const issued = destinationOf('issued', '2026-11-24');
  assert.equal(issued.screen, 'archive');
  assert.ok(issued.screen === 'archive');
  assert.equal(issued.form.direction, 'OUTBOUND');
  assert.equal(issued.form.invoiceDateFrom, '2026-11-01');
  assert.equal(issued.form.invoiceDateTo, '2026-11-30');
  const received = destinationOf('received', '2026-02-10');
  assert.ok(received.screen === 'archive' && received.form.direction === 'INBOUND');
  assert.equal(received.form.invoiceDateTo, '2026-02-28');
  const rejected = destinationOf('code213', '2026-11-24');
  assert.ok(rejected.screen === 'archive');
  assert.equal(rejected.form.lifecycleCodes, '213');
  assert.equal(rejected.form.direction, '');
  assert.deepEqual(destinationOf('vat', '2026-11-24'), {
    screen: 'reports',
    kind: 'ca3',
    period: NOVEMBER,
  });
  // The return due now (issue 26): October's on 24 November for a monthly client.
  assert.deepEqual(destinationOf('vat', '2026-11-24', monthPeriod(2026, 10)), {
    screen: 'reports',
    kind: 'ca3',
    period: monthPeriod(2026, 10),
  });
  assert.deepEqual(destinationOf('pastDue', '2026-11-24'), {
    screen: 'reports',
    kind: 'aging',
    period: NOVEMBER,
  });
  assert.deepEqual(destinationOf('toMap', '2026-11-24'), {
    screen: 'accounting',
    tab: 'queue',
    period: NOVEMBER,
  });
  assert.equal(figureValue(row('x', {}, 7), 'code213'), 7);
  assert.equal(figureValue(row('x', { figures: null }), 'issued'), null);
});

test('a row waits for its details (third parties, VAT) unless it has no archive', () => {
  const { toMap, vatCents, pending, pastDue, failing, vatReturn, ...plain } = row('a');
  void [toMap, vatCents, pending, pastDue, failing, vatReturn];
  const never = { ...plain, connectionId: 'b', figures: null };
  const [waiting, none] = withDetails([plain, never], {});
  assert.equal(waiting!.pending, true);
  assert.equal(none!.pending, false);
  const [done] = withDetails(
    [plain],
    { a: { connectionId: 'a', toMap: 3, vatCents: -120, pastDue: 9, vatReturn: null } },
    [
      {
        connectionId: 'a',
        name: 'A',
        failures: 1,
        lastFailedAt: '2026-11-24T09:00:00.000Z',
        nextAttemptAt: '2026-11-24T09:05:00.000Z',
        error: { kind: 'timeout', message: 'timed out' },
      },
    ],
  );
  assert.deepEqual(
    [done!.pending, done!.toMap, done!.vatCents, done!.pastDue, figureValue(done!, 'pastDue')],
    [false, 3, -120, 9, 9],
  );
  assert.equal(done!.failing!.nextAttemptAt, '2026-11-24T09:05:00.000Z');
});

test('the bank figures (issue 29): counted to act on, opening the Banque screen on their lines', () => {
  const quiet = row('a');
  assert.equal(figureValue(quiet, 'bankUnmatched'), null, 'no bank file, no figure');
  assert.equal(needsAction(quiet), false);
  const waiting = row('b', { bank: { unmatched: 4, suggested: 2 } });
  assert.equal(figureValue(waiting, 'bankUnmatched'), 4);
  assert.equal(figureValue(waiting, 'bankSuggested'), 2);
  assert.equal(toActOn(waiting), 6);
  assert.equal(needsAction(waiting), true);
  assert.deepEqual(destinationOf('bankUnmatched', '2026-11-24'), {
    screen: 'bank',
    state: 'undecided',
  });
  assert.deepEqual(destinationOf('bankSuggested', '2026-11-24'), {
    screen: 'bank',
    state: 'suggested',
  });
});
