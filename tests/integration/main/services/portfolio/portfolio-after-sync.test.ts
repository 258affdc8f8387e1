// The portfolio's details are computed as a connection's sync ends (issue 19, item 5), not all
// at the portfolio's next reading: after "Synchroniser" (a real sync over HTTP from the demo
// operator, through the app's services and handlers), the archive keeps the month's details at
// its current version, equal to what 'portfolio:details' answers and to the ledger and the CA3.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import type { AgingReport } from '#shared/reports.ts';
import type { ConnectionSummary, Result } from '#shared/contract.ts';
import type { PortfolioDetails } from '#shared/portfolio.ts';
import { periodOf, shiftPeriod } from '#shared/report-period.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { createDispatcher, createHandlers, type Dispatch } from '#main/handlers/index.ts';
import { createServices, type Services } from '#main/services/index.ts';
import { fixedClock } from '#main/services/clock.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { parisDay } from '#main/services/tax/rules.ts';
import { vatOfReturn } from '#main/services/portfolio/index.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

const silent = { info() {}, warn() {}, error() {} };
let dir: string;
let operator: RunningDemoOperator;
let services: Services;
let dispatch: Dispatch;
// 23:30 in Paris on the month's last day (22:30 UTC): the last hour the portfolio's month is
// November, and the operator and the app share this clock; on the machine's clock, at 23:30 UTC
// the app's month was already December in Paris, with none of the operator's invoices.
const NOW = Date.parse('2026-11-30T22:30:00Z');

function value<T>(result: Result<unknown>): T {
  assert.ok(result.ok, `expected ok, got ${JSON.stringify(result).slice(0, 500)}`);
  return result.value as T;
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portfolio-after-sync-'));
  // The operator's clock is the app's: the portfolio's month has invoices.
  operator = await startDemoOperator({ seed: 23, invoices: 400, now: NOW });
  services = createServices({
    dataDir: join(dir, 'data'),
    shell: 'browser',
    env: {},
    clock: fixedClock(NOW),
    log: silent,
    loadKeytar: () => Promise.reject(new Error('not in this test')),
  });
  dispatch = createDispatcher(createHandlers(services, { probeIntervalMs: 0 }), { log: silent });
});
after(async () => {
  await services.close();
  await operator.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a sync that ends leaves the month’s details kept at the archive’s version', async () => {
  const connection = value<ConnectionSummary>(
    await dispatch('connections:save', {
      name: 'Client synchronisé',
      baseUrl: operator.baseUrl,
      tokenUrl: operator.tokenUrl,
      clientId: operator.clients.admin.clientId,
      clientSecret: operator.clients.admin.clientSecret,
      secretStorage: 'session',
    }),
  );
  value(await dispatch('settings:update', { activeConnectionId: connection.id }));
  value(await dispatch('sync:start', { details: true }));
  await new Promise((resolve) => setTimeout(resolve, 0)); // the work queued as the sync ended

  const month = periodOf('month', parisDay(new Date(NOW).toISOString())!);
  const { archives, accounting } = services;
  // The VAT column is the return due now's (issue 26): last month's, monthly by default.
  const due = shiftPeriod(month, -1);
  const store = archives.existing(connection.id)!;
  const kept = {
    kept: store.keptPortfolioDetails(`${month.from.slice(0, 7)} ${due.label}`),
    version: store.archiveVersion(),
    vatCents: vatOfReturn(
      (await computeReport(reportSourceOf(store), 'ca3', due, { now: new Date(NOW) })) as Ca3Report,
    ),
    pastDue: (
      (await computeReport(reportSourceOf(store), 'aging', month, {
        now: new Date(NOW),
      })) as AgingReport
    ).pastDue,
  };
  assert.ok(kept.kept, 'the details were kept as the sync ended');
  assert.equal(kept.kept.archiveVersion, kept.version, 'at the version the sync left');
  const toMap = (await accounting.ledger(connection.id, month)).toMap.length;
  assert.deepEqual(
    [kept.kept.toMap, kept.kept.vatCents, kept.kept.pastDue],
    [toMap, kept.vatCents, kept.pastDue],
  );
  assert.ok(toMap > 0, 'third parties of the month to map');

  const answered = value<PortfolioDetails>(
    await dispatch('portfolio:details', { connectionId: connection.id }),
  );
  assert.deepEqual(
    { ...answered, vatReturn: answered.vatReturn?.period.label },
    {
      connectionId: connection.id,
      toMap,
      vatCents: kept.vatCents,
      pastDue: kept.pastDue,
      vatReturn: due.label,
    },
  );
});
