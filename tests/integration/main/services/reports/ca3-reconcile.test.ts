// The CA3 draft of a real sync, checked by an independent route (issue 18, done-when): the demo
// operator over HTTP synced into a real archive; the app's return ('reports:get' through
// createServices and the dispatcher, as the screen asks for it) against the oracle
// (tests/support/ca3-oracle.ts: the operator's own invoices read again over HTTP and
// accounting.md's rules, none of the app's reports or accounting code), box by box to the cent;
// and the return's collected and deductible VAT against the VAT accounts of the FEC the app
// writes for the same period, read back by the project's own FEC checker: equal, or apart by
// exactly the invoices whose VAT is due in another period than their entries' date, each of
// which the app's reconciliation explains.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import type { Result, Sourced } from '#shared/contract.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { Report, ReportPeriod } from '#shared/reports.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { createDispatcher, createHandlers, type Dispatch } from '#main/handlers/index.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { runSync } from '#main/services/archive/sync.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { fecFileName, writeFec } from '#main/services/accounting/fec.ts';
import { createServices, type Services } from '#main/services/index.ts';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import {
  boxDifferences,
  oracleCa3,
  oracleEntriesVat,
  readOperatorInvoices,
  type OracleBox,
  type OracleInvoice,
  type OracleReturn,
} from '#support/ca3-oracle.ts';
import { checkFecFile } from '#support/fec-checker.ts';
import { frenchExplanation } from '#support/ca3-words.ts';

// The demo operator's clock, pinned: the same invoices and statuses on any day. Seed 11's
// quarters of 2026 hold, between them, every kind of operation the return has a box for.
const NOW = new Date('2026-11-22T12:00:00Z');
const SEED = 11;
const INVOICES = 2500;
const CONNECTION = 'demo-admin';
// 2025-Q2 and Q3: an intra-EU delivery delivered in June and invoiced in July crosses their edge.
const PERIODS = ['2025-Q2', '2025-Q3', '2026-Q1', '2026-Q2', '2026-Q3', '2026-08'];
const silent = { info() {}, warn() {}, error() {} };

let dir: string;
let operator: RunningDemoOperator;
let services: Services;
let dispatch: Dispatch;
let invoices: OracleInvoice[];
const apps = new Map<string, Ca3Report>();
const oracles = new Map<string, OracleReturn>();

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ca3-reconcile-'));
  operator = await startDemoOperator({ seed: SEED, invoices: INVOICES, now: NOW });
  const creds = operator.clients.admin;
  const client = new OperatorClient({
    connection: {
      baseUrl: operator.baseUrl,
      tokenUrl: operator.tokenUrl,
      clientId: creds.clientId,
    },
    getClientSecret: async () => creds.clientSecret,
  });
  // A real sync over HTTP, details included, into the archive the app reads.
  const archive = openArchive(dir, CONNECTION);
  try {
    const summary = await runSync({
      client,
      archive: new SqliteArchive(archive),
      requestsPerMinute: 600_000,
      details: true,
      now: () => operator.now(),
    });
    assert.equal(summary.cancelled, false);
  } finally {
    archive.close();
  }
  // The oracle's own reading of the operator, after the sync (statuses only move forward).
  invoices = await readOperatorInvoices({
    baseUrl: operator.baseUrl,
    tokenUrl: operator.tokenUrl,
    clientId: creds.clientId,
    clientSecret: creds.clientSecret,
  });
  services = createServices({
    dataDir: dir,
    shell: 'browser',
    env: { INVOICE_DESK_LANG: 'fr' },
    log: silent,
    loadKeytar: () => Promise.reject(new Error('not in this test')),
  });
  dispatch = createDispatcher(createHandlers(services, { probeIntervalMs: 0 }), { log: silent });
  for (const label of PERIODS) {
    const period = parsePeriod(label);
    apps.set(label, await appCa3(period));
    oracles.set(label, oracleCa3(invoices, period));
  }
});

after(async () => {
  await services?.close();
  await operator?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function appCa3(period: ReportPeriod): Promise<Ca3Report> {
  const result = (await dispatch('reports:get', { report: 'ca3', period })) as Result<
    Sourced<Report>
  >;
  assert.ok(result.ok, `reports:get ca3 ${period.label}: ${JSON.stringify(result)}`);
  assert.equal(result.value.data.kind, 'ca3');
  return result.value.data as Ca3Report;
}

/** The app's boxes and rate bases in the oracle's shape. */
function appBoxes(report: Ca3Report) {
  const boxes: Partial<Record<OracleBox, number>> = {};
  const rateBases: Partial<Record<'08' | '9B' | '09' | 'T6', number>> = {};
  for (const box of report.boxes) {
    boxes[box.code as OracleBox] = box.amountCents;
    if (box.baseCents !== null) rateBases[box.code as '08'] = box.baseCents;
  }
  return { boxes, rateBases };
}

/** For a box that differs: the invoices only one side puts there, or puts there differently. */
function whyApart(report: Ca3Report, oracle: OracleReturn, box: string): string {
  // A rate line's base: its invoices are those its tax line lists.
  if (box.startsWith('base ')) return '';
  const code = box;
  const app = new Map<string, number>();
  for (const c of report.boxes.find((b) => b.code === code)?.contributions ?? []) {
    const cents = /^(08|9B|09|T6|17|19|20)$/.test(code) ? c.taxCents : c.baseCents;
    app.set(c.invoiceId, (app.get(c.invoiceId) ?? 0) + cents);
  }
  const mine = new Map<string, number>();
  for (const c of oracle.contributions[code as OracleBox] ?? [])
    mine.set(c.invoiceId, (mine.get(c.invoiceId) ?? 0) + c.cents);
  const lines: string[] = [];
  for (const id of new Set([...app.keys(), ...mine.keys()])) {
    if (app.get(id) === mine.get(id)) continue;
    const inv = invoices.find((i) => i.invoiceId === id);
    const data = inv?.detail?.businessData;
    lines.push(
      `  ${data?.invoiceId ?? id} (${inv?.direction} ${data?.processType ?? ''} ${(inv?.direction === 'OUTBOUND' ? data?.buyer : data?.seller)?.postalAddress?.country ?? ''} ${data?.taxDetails?.map((t) => t.categoryCode).join('/')}, dated ${data?.invoiceDate}, BT-8 ${data?.taxPaymentOption?.iopCode}, status ${inv?.lastStatus?.code} ${inv?.lastStatus?.date ?? ''}): app ${app.get(id) ?? '-'}, oracle ${mine.get(id) ?? '-'}`,
    );
  }
  return lines.join('\n');
}

const euros = (cents: number) => (cents / 100).toFixed(2);

describe('the CA3 of a synced archive against the oracle', () => {
  test('the app read the whole of what the operator holds', () => {
    const q3 = apps.get('2026-Q3')!;
    assert.equal(invoices.length, INVOICES);
    assert.equal(q3.coverage.archivedInvoices, INVOICES);
    assert.equal(q3.coverage.withDetails, INVOICES);
    assert.equal(q3.coverage.partitionsCut, 0);
  });

  for (const label of PERIODS)
    test(`${label}: every box and every rate line's base equal the oracle's, to the cent`, () => {
      const app = apps.get(label)!;
      const oracle = oracles.get(label)!;
      const differences = boxDifferences(appBoxes(app), oracle);
      assert.deepEqual(
        differences,
        [],
        differences
          .map(
            (d) =>
              `box ${d.box}: app ${d.app === null ? 'missing' : euros(d.app)} €, oracle ${euros(d.oracle)} €\n${whyApart(app, oracle, d.box)}`,
          )
          .join('\n'),
      );
    });

  test('the quarters hold every kind of operation the return has a box for (a real check)', () => {
    // Boxes the demo data can fill: B4 (goods from outside the EU) needs a non-EU supplier
    // invoicing in euros, which the demo has not (its CH and GB suppliers invoice in their own
    // currency with no euro VAT: lacking); A4, 21, 22 are never computed from invoices.
    const filled = new Set<string>();
    for (const label of PERIODS)
      for (const [box, cents] of Object.entries(oracles.get(label)!.boxes))
        if (cents !== 0) filled.add(box);
    const expected = ['A1', 'A2', 'A3', 'B2', 'E1', 'E2', 'F2', '08', '9B', '09', 'T6', '16'];
    for (const box of [...expected, '17', '19', '20', '23', 'TD', '28'])
      assert.ok(filled.has(box), `box ${box} is filled in one of ${PERIODS.join(', ')}`);
    // An intra-EU delivery whose invoice comes in the month after its delivery: declared on its
    // invoice's date (directive art. 67), not on the delivery day its BT-8 names.
    const crossing = PERIODS.flatMap((label) => oracles.get(label)!.contributions.F2 ?? []).filter(
      (c) => {
        const data = invoices.find((i) => i.invoiceId === c.invoiceId)?.detail?.businessData;
        const delivered = data?.shipping?.deliveryDate;
        return delivered !== undefined && delivered.slice(0, 7) !== c.dueDay.slice(0, 7);
      },
    );
    assert.ok(crossing.length > 0, 'an intra-EU delivery invoiced in the month after its delivery');
    const q3 = oracles.get('2026-Q3')!;
    assert.ok(q3.selfAssessedCents > 0, 'reverse charge in Q3');
    assert.ok(
      (q3.contributions.A1 ?? []).some((c) => c.cents < 0),
      'a credit note among the sales of Q3',
    );
    assert.ok(
      (q3.contributions.A1 ?? []).some((c) => c.dueDay !== invoiceDateOf(c.invoiceId)),
      'VAT due on another day than the invoice date (delivery or payment) in Q3',
    );
  });

  test('each box of the third quarter lists the very invoices the oracle puts there', () => {
    const app = apps.get('2026-Q3')!;
    const oracle = oracles.get('2026-Q3')!;
    for (const box of app.boxes) {
      if (box.contributions.length === 0 && !oracle.contributions[box.code as OracleBox]) continue;
      assert.equal(whyApart(app, oracle, box.code), '', `box ${box.code}`);
    }
  });

  test('held, lacking and left-out invoices are the ones the oracle sets aside', () => {
    for (const label of PERIODS) {
      const app = apps.get(label)!;
      const oracle = oracles.get(label)!;
      const ids = (list: { invoiceId: string }[]) => list.map((i) => i.invoiceId).sort();
      const heldByOracle = oracle.aside.filter(
        (a) => a.reason === 'disputed' || a.reason === 'suspended',
      );
      // Held invoices whose VAT would be due in the period are named, with what they would change.
      for (const held of heldByOracle) {
        const named = app.held.find((h) => h.invoiceId === held.invoiceId);
        assert.ok(named, `${label}: held ${held.invoiceId} named`);
        assert.equal(named.reason, held.reason);
        for (const [box, cents] of Object.entries(held.wouldChange))
          assert.equal(
            named.wouldChange.find((w) => w.code === box)?.cents,
            cents,
            `${label}: held ${held.invoiceId} would change ${box}`,
          );
      }
      // An invoice in another currency with no euro VAT to convert it by is lacking, never counted.
      const fx = oracle.aside.filter((a) => a.reason === 'foreign_currency');
      for (const a of fx)
        assert.ok(
          app.lacking.some((l) => l.invoiceId === a.invoiceId && l.reason === 'foreign_currency'),
          `${label}: ${a.invoiceId} lacking (foreign currency)`,
        );
      // Refused, rejected and rejected by the platform: count nowhere, named in their period.
      assert.deepEqual(ids(app.leftOut), ids(oracle.leftOut), `${label}: left out`);
    }
  });
});

// ---- The return against the FEC of the same period ----

/** Cents of a FEC amount ("1234,56"). */
const fecCents = (text: string): number => Math.round(Number(text.replace(',', '.')) * 100);

function invoiceDateOf(invoiceId: string): string | undefined {
  return invoices.find((i) => i.invoiceId === invoiceId)?.detail?.businessData.invoiceDate;
}

/** The FEC the app writes for `period`, checked, and its VAT accounts' movements. */
async function fecVat(label: string): Promise<{ collected: number; deductible: number }> {
  const period = parsePeriod(label);
  const ledger = await services.accounting.ledger(CONNECTION, period);
  const path = join(dir, fecFileName(ledger.company.siren, period.to));
  await writeFec(path, ledger, { separator: 'tab', encoding: 'utf-8' });
  const fec = checkFecFile(path, { siren: ledger.company.siren!, closingDate: period.to });
  assert.deepEqual(fec.problems, []);
  let collected = 0;
  let deductible = 0;
  for (const r of fec.records) {
    const account = r.CompteNum!;
    const net = fecCents(r.Credit!) - fecCents(r.Debit!);
    // 44571 TVA collectée and 4452 TVA due intracommunautaire (self-assessed); 44566 (445662
    // under it) and 44562 TVA déductible. Not 44574 / 44564, where VAT on payment waits.
    if (account.startsWith('44571') || account.startsWith('4452')) collected += net;
    if (account.startsWith('44566') || account.startsWith('44562')) deductible -= net;
  }
  return { collected, deductible };
}

describe('the return against the VAT accounts of the FEC of the same period', () => {
  for (const label of ['2026-Q3', '2026-08']) {
    test(`${label}: 44571 + 4452 and 44566 + 44562 + 445662 are the return's VAT but for the invoices due in another period than their entries`, async () => {
      const period = parsePeriod(label);
      const fec = await fecVat(label);
      // The FEC carries what accounting.md's entries must carry, by the oracle's reckoning.
      const expected = oracleEntriesVat(invoices, period);
      assert.equal(
        euros(fec.collected),
        euros(expected.collectedCents),
        'collected VAT in the FEC',
      );
      assert.equal(euros(fec.deductible), euros(expected.deductibleCents), 'deductible VAT');
      // The return and the FEC differ by exactly the invoices due in another period.
      const oracle = oracles.get(label)!;
      const sum = (key: 'collectedCents' | 'deductibleCents') =>
        expected.differences.reduce((s, d) => s + d[key], 0);
      assert.equal(fec.collected - oracle.exact.collectedCents, sum('collectedCents'));
      assert.equal(fec.deductible - oracle.exact.deductibleCents, sum('deductibleCents'));
      assert.ok(expected.differences.length > 0, 'VAT due on another day than posted');
    });

    test(`${label}: the app's check reads the same FEC figures and explains each invoice apart`, async () => {
      const period = parsePeriod(label);
      const fec = await fecVat(label);
      const expected = oracleEntriesVat(invoices, period);
      const app = apps.get(label)!;
      const box = (code: string) => app.boxes.find((b) => b.code === code)!.amountCents;
      const check = app.reconciliation;
      // The check is to the cent (the boxes' exact amounts); 16 and 23 are the form's, on the
      // rounded boxes, at most a euro per box away.
      const oracle = oracles.get(label)!;
      assert.equal(check.collectedReturnCents, oracle.exact.collectedCents);
      assert.equal(check.deductibleReturnCents, oracle.exact.deductibleCents);
      assert.ok(Math.abs(box('16') - check.collectedReturnCents) <= 4 * 50);
      assert.equal(check.collectedEntriesCents, fec.collected);
      assert.equal(check.deductibleEntriesCents, fec.deductible);
      assert.equal(check.collectedGapCents, oracle.exact.collectedCents - fec.collected);
      assert.equal(check.deductibleGapCents, oracle.exact.deductibleCents - fec.deductible);
      assert.equal(
        check.netEffectCents,
        check.collectedGapCents - check.deductibleGapCents,
        'the effect on the amount due, not the sum of the gaps in absolute value',
      );
      const unexplained = expected.differences.filter(
        (d) => !check.explanations.some((e) => e.number === d.number),
      );
      assert.deepEqual(
        unexplained.map((d) => `${d.number} (${d.why})`),
        [],
        'every invoice due in another period than its entries is explained',
      );
      assert.equal(
        check.explanations.length,
        expected.differences.length,
        check.explanations.map(frenchExplanation).join('\n'),
      );
    });
  }
});
