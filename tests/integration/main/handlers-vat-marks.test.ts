// A paid mark through the dispatcher, as the renderer sets it (issue 26, item 2): Comptabilité's
// ledger, kept between pages, is computed again, and the entry moving the VAT on payment appears
// on the mark's day; the TVA report and the Contrôle TVA see it at once; unmarking takes it away.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { LedgerPage, Sourced } from '#shared/contract.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { Report, VatReport } from '#shared/reports.ts';
import type { VatCheck } from '#shared/vat-check.ts';
import { archivedHandlers, value } from '#support/archived-handlers.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const { dispatch, close } = archivedHandlers({
  prefix: 'vat-marks',
  fill: { seed: 9, invoices: 600, now: NOW },
});
after(close);

const connectionId = 'demo-admin';
const JUNE = parsePeriod('2025-06');

async function report<T extends Report>(kind: 'vat' | 'vatCheck', label: string): Promise<T> {
  const answer = value<Sourced<Report>>(
    await dispatch('reports:get', { report: kind, period: parsePeriod(label) }),
  );
  return answer.data as T;
}

async function moves(invoiceId: string) {
  const page = value<Sourced<LedgerPage>>(
    // The VAT-on-payment moves are in the misc journal (OD), one page of it.
    await dispatch('accounting:ledger', {
      connectionId,
      period: JUNE,
      journal: 'misc',
      offset: 0,
      limit: 500,
    }),
  );
  return page.data.entries.filter((e) => e.invoiceId === invoiceId && e.kind === 'vat_on_payment');
}

test('a mark moves VAT on payment in the kept ledger, the TVA report and the check; unmarking undoes it', async () => {
  // A VAT-on-payment invoice of before June 2025 that no 212 says is paid.
  const months = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05'];
  let waiting: VatReport['pending'][number] | undefined;
  for (const label of months) {
    const vat = await report<VatReport>('vat', label);
    waiting ??= vat.pending.find(
      (p) => p.collectedOn === null && p.currency === 'EUR' && (p.tvaCents ?? 0) > 0,
    );
  }
  assert.ok(waiting, 'an invoice due on payment, not paid');
  const side = waiting.direction === 'OUTBOUND' ? 'collectedCents' : 'deductibleCents';
  const vat = waiting.creditNote ? -waiting.tvaCents! : waiting.tvaCents!;

  // Comptabilité's June ledger is computed and kept before the mark.
  assert.deepEqual(await moves(waiting.invoiceId), []);
  const before = await report<VatCheck>('vatCheck', '2025-06');

  value(
    await dispatch('payments:mark', {
      connectionId,
      invoiceIds: [waiting.invoiceId],
      paidOn: '2025-06-20',
      note: 'relevé bancaire',
    }),
  );
  const [move] = await moves(waiting.invoiceId);
  assert.ok(move, 'the kept ledger was computed again');
  assert.equal(move.date, '2025-06-20');
  const marked = await report<VatCheck>('vatCheck', '2025-06');
  for (const source of ['vatReport', 'ca3', 'entries'] as const)
    assert.equal(marked[source][side] - before[source][side], vat, source);
  assert.equal(marked.payments.find((p) => p.invoiceId === waiting.invoiceId)?.source, 'marked');

  value(await dispatch('payments:unmark', { connectionId, invoiceIds: [waiting.invoiceId] }));
  assert.deepEqual(await moves(waiting.invoiceId), []);
  const undone = await report<VatCheck>('vatCheck', '2025-06');
  assert.deepEqual(
    [undone.vatReport, undone.ca3, undone.entries],
    [before.vatReport, before.ca3, before.entries],
  );
});
