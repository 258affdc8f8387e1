// 'payments:mark', 'payments:unmark' and 'payments:get' through the dispatcher, as the renderer
// calls them: arguments checked (real days, uuids, a bounded list), only the active connection
// written, offline and "Travailler hors ligne" no obstacle (nothing is sent), the marks in the
// échéancier and the archive export, kept when the archive is cleared and gone with the
// connection.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, test } from 'node:test';
import type { ConnectionSummary, Sourced } from '#shared/contract.ts';
import type { ExportResult } from '#shared/exports.ts';
import type { InvoicePayment, PaymentMark } from '#shared/payments.ts';
import { MAX_PAYMENT_MARK_IDS } from '#shared/payments.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport, Report } from '#shared/reports.ts';
import { userDataPath } from '#main/services/archive/user-data-store.ts';
import { archivedHandlers, failure, value } from '#support/archived-handlers.ts';
import { column, readXlsx, sheetNamed } from '#support/read-xlsx.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const { dataDir, dispatch, close } = archivedHandlers({
  prefix: 'payments',
  fill: { seed: 9, invoices: 300, now: NOW },
});
after(close);

async function aging(): Promise<AgingReport> {
  const answer = value<Sourced<Report>>(
    await dispatch('reports:get', { report: 'aging', period: parsePeriod('2026-11') }),
  );
  return answer.data as AgingReport;
}

test('bad arguments are refused before anything is written', async () => {
  const id = '00000000-0000-4000-8000-000000000001';
  const cases: unknown[] = [
    { connectionId: 'demo-admin', invoiceIds: [id], paidOn: '2026-02-30' },
    { connectionId: 'demo-admin', invoiceIds: [id], paidOn: '30/11/2026' },
    { connectionId: 'demo-admin', invoiceIds: ['F2026-0001'], paidOn: '2026-11-02' },
    { connectionId: 'demo-admin', invoiceIds: [], paidOn: '2026-11-02' },
    {
      connectionId: 'demo-admin',
      invoiceIds: Array.from({ length: MAX_PAYMENT_MARK_IDS + 1 }, () => id),
      paidOn: '2026-11-02',
    },
    { connectionId: 'demo-admin', invoiceIds: [id], paidOn: '2026-11-02', note: 'x'.repeat(501) },
  ];
  for (const args of cases)
    assert.equal(failure(await dispatch('payments:mark', args)).kind, 'invalid_input');
  const future = failure(
    await dispatch('payments:mark', {
      connectionId: 'demo-admin',
      invoiceIds: [id],
      paidOn: '2999-01-01',
    }),
  );
  assert.equal(future.kind, 'invalid_input');
  assert.match(future.message, /future/);
  assert.equal(
    failure(
      await dispatch('payments:mark', {
        connectionId: 'nobody',
        invoiceIds: [id],
        paidOn: '2026-11-02',
      }),
    ).kind,
    'not_found',
  );
});

test('mark and unmark the active connection’s invoices, working offline too', async () => {
  const before = await aging();
  const [one, two] = before.lines;
  assert.ok(one && two);
  value(await dispatch('settings:update', { workOffline: true }));
  try {
    const marks = value<PaymentMark[]>(
      await dispatch('payments:mark', {
        connectionId: 'demo-admin',
        invoiceIds: [one.invoiceId, two.invoiceId],
        paidOn: '2026-11-10',
        note: '  chèque 0042  ',
      }),
    );
    assert.deepEqual(
      marks.map((m) => [m.invoiceId, m.paidOn, m.note]).sort(),
      [
        [one.invoiceId, '2026-11-10', 'chèque 0042'],
        [two.invoiceId, '2026-11-10', 'chèque 0042'],
      ].sort(),
    );
    const marked = await aging();
    assert.equal(marked.paidByMark, before.paidByMark + 2);
    assert.ok(!marked.lines.some((l) => l.invoiceId === one.invoiceId));

    const got = value<InvoicePayment[]>(
      await dispatch('payments:get', { connectionId: 'demo-admin', invoiceIds: [one.invoiceId] }),
    );
    assert.equal(got[0]?.mark?.paidOn, '2026-11-10');

    assert.equal(
      value<number>(
        await dispatch('payments:unmark', {
          connectionId: 'demo-admin',
          invoiceIds: [two.invoiceId],
        }),
      ),
      1,
    );
    const unmarked = await aging();
    assert.ok(unmarked.lines.some((l) => l.invoiceId === two.invoiceId));
  } finally {
    value(await dispatch('settings:update', { workOffline: false }));
  }
});

test('another connection than the active one: refused, nothing written', async () => {
  const [line] = (await aging()).lines;
  assert.ok(line);
  const refused = failure(
    await dispatch('payments:mark', {
      connectionId: 'demo-user',
      invoiceIds: [line.invoiceId],
      paidOn: '2026-11-02',
    }),
  );
  assert.equal(refused.kind, 'conflict');
  assert.match(refused.message, /no longer the active one/);
  // Reading another connection's payments is allowed, and creates nothing.
  const read = value<InvoicePayment[]>(
    await dispatch('payments:get', { connectionId: 'demo-user', invoiceIds: [line.invoiceId] }),
  );
  assert.deepEqual(read, [{ invoiceId: line.invoiceId, status: null, mark: null }]);
  assert.equal(existsSync(userDataPath(dataDir, 'demo-user')), false);
});

test('clearing the archive keeps the marks; deleting the connection deletes them', async () => {
  const [line] = (await aging()).lines;
  assert.ok(line);
  const saved = value<ConnectionSummary>(
    await dispatch('connections:save', {
      name: 'Client B',
      baseUrl: 'http://127.0.0.1:9',
      tokenUrl: 'http://127.0.0.1:9/token',
      clientId: 'b',
    }),
  );
  value(await dispatch('settings:update', { activeConnectionId: saved.id }));
  try {
    value(
      await dispatch('payments:mark', {
        connectionId: saved.id,
        invoiceIds: [line.invoiceId],
        paidOn: '2026-11-02',
      }),
    );
    value(await dispatch('archive:clear', { connectionId: saved.id }));
    const kept = value<InvoicePayment[]>(
      await dispatch('payments:get', { connectionId: saved.id, invoiceIds: [line.invoiceId] }),
    );
    assert.equal(kept[0]?.mark?.paidOn, '2026-11-02', 'kept across a clear of the archive');
  } finally {
    value(await dispatch('settings:update', { activeConnectionId: 'demo-admin' }));
  }
  value(await dispatch('connections:delete', { id: saved.id }));
  assert.equal(existsSync(userDataPath(dataDir, saved.id)), false);
});

test('the archive export carries "Payée le" and its source: status 212, or marked', async () => {
  const report = await aging();
  const [line] = report.lines;
  const collected = report.paid.find((p) => p.paidSource === 'status_212');
  assert.ok(line && collected, 'an invoice with no known payment and one collected (212)');
  value(
    await dispatch('payments:mark', {
      connectionId: 'demo-admin',
      invoiceIds: [line.invoiceId],
      paidOn: '2026-11-03',
    }),
  );
  const result = value<ExportResult>(
    await dispatch('export:start', {
      exportId: crypto.randomUUID(),
      target: { kind: 'invoices', source: 'archive' },
    }),
  );
  assert.ok(result.savedTo);
  const sheet = sheetNamed(readXlsx(result.savedTo), 'Factures');
  const ids = column(sheet, 'Identifiant plateforme').map((c) => c.v);
  const paidOn = column(sheet, 'Payée le');
  const source = column(sheet, 'Source du paiement');
  const marked = ids.indexOf(line.invoiceId);
  assert.equal(paidOn[marked]?.v, '2026-11-03');
  assert.equal(paidOn[marked]?.t, 'd', 'a date cell');
  assert.equal(source[marked]?.v, 'Marquée payée');
  const byStatus = ids.indexOf(collected.invoiceId);
  assert.equal(paidOn[byStatus]?.v, collected.paidOn);
  assert.equal(source[byStatus]?.v, 'Statut 212 (encaissée)');
});
