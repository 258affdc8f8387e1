// The exceptions list's rules (issue 19, item 4): which status asks for an action, when an
// invoice is past due (the portfolio's rule, and the user's payment mark), what the period's
// ledger adds, and when the accountant's mark makes a row handled.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ArchiveRow } from '#shared/archive.ts';
import { reasonText } from '#shared/exception-words.ts';
import { reasonKey, type ExceptionHandled, type ExceptionReason } from '#shared/exceptions.ts';
import fr from '#shared/i18n/fr/follow-up.ts';
import {
  exceptionRow,
  ledgerReasons,
  mergeReasons,
  pastDueReason,
  statusReason,
} from '#main/services/exceptions/reasons.ts';
import type { ReportItem } from '#main/services/tax/invoice.ts';
import { ledgerOf, purchaseEntry, saleEntry } from '#support/ledger-fixtures.ts';

const TODAY = '2026-11-24';

function row(over: Partial<ArchiveRow> = {}): ArchiveRow {
  return {
    invoiceId: '00000000-0000-4000-8000-000000000001',
    direction: 'OUTBOUND',
    state: 'DELIVERED',
    invoiceNumber: 'F-1',
    typeCode: '380',
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-31',
    createDate: null,
    sellerName: null,
    sellerSiren: null,
    sellerSiret: null,
    sellerVat: null,
    buyerName: null,
    buyerSiren: null,
    buyerSiret: null,
    buyerVat: null,
    counterpartyName: 'Dupont SA',
    counterpartySiren: null,
    counterpartySiret: null,
    counterpartyVat: null,
    htCents: 10000,
    tvaCents: 2000,
    ttcCents: 12000,
    currency: 'EUR',
    lifecycleCode: null,
    lifecycleDate: null,
    searchFetchedAt: '2026-11-01T00:00:00Z',
    detailFetchedAt: null,
    ...over,
  };
}

test('rejected, refused, disputed and suspended ask for an action; other statuses do not', () => {
  for (const code of ['213', '210', '207', '208'] as const)
    assert.deepEqual(statusReason(row({ lifecycleCode: code })), {
      kind: 'status',
      code,
      entries: null,
    });
  for (const code of [null, '200', '205', '211', '212'])
    assert.equal(statusReason(row({ lifecycleCode: code })), null, String(code));
});

test('past due: the échéancier’s rule, with what is left to pay and the user’s mark', () => {
  const due = (over: Partial<ArchiveRow> = {}, extra: Partial<ReportItem> = {}) =>
    pastDueReason({ row: row(over), payableCents: null, mark: null, ...extra }, TODAY);
  assert.deepEqual(due(), { kind: 'past_due', dueDate: '2026-10-31', days: 24 });
  assert.deepEqual(
    due({ dueDate: null, invoiceDate: '2026-11-20' }),
    { kind: 'past_due', dueDate: '2026-11-20', days: 4 },
    'no due day: the invoice date',
  );
  assert.equal(due({ dueDate: TODAY }), null, 'due today: not late');
  for (const code of ['210', '211', '212', '213'])
    assert.equal(due({ lifecycleCode: code, lifecycleDate: '2026-11-01' }), null, code);
  assert.ok(due({ lifecycleCode: '207' }), 'a dispute is still due');
  for (const state of ['INVALID', 'DUPLICATED', 'WRONG_ROUTING', 'CONVERSION_FAILED'])
    assert.equal(due({ state }), null, state);
  assert.equal(due({}, { payableCents: 0 }), null, 'nothing left to pay (paid in advance)');
  const mark = { invoiceId: row().invoiceId, paidOn: '2026-11-02', note: null, markedAt: '' };
  assert.equal(due({}, { mark }), null, 'the user marked it paid');
});

test('the ledger adds third parties to map, invoices held and left out, each once', () => {
  const mapped = saleEntry(1, '2026-03-02', 'F-1', 10000, 2000);
  const unmapped = {
    ...purchaseEntry(2, '2026-03-03', 'A-7', 5000, 1000, 'Orange'),
    provisional: true,
  };
  const vatMove = { ...unmapped, number: 3, kind: 'vat_on_payment' as const };
  const reasons = ledgerReasons(ledgerOf([mapped, unmapped, vatMove]));
  assert.equal(reasons.has(mapped.invoiceId), false);
  assert.deepEqual(reasons.get(unmapped.invoiceId), [
    { kind: 'unmapped', party: 'Orange', role: 'supplier' },
  ]);
  assert.deepEqual(reasons.get('inv-held'), [{ kind: 'held', reason: 'disputed' }]);
  assert.deepEqual(reasons.get('inv-out'), [
    { kind: 'left_out', reason: 'totals_mismatch', detail: 'HT 100,00 + TVA 20,00 ≠ TTC 121,00' },
  ]);
});

test('a row is handled when the mark covers every reason of today; a new reason opens it', () => {
  const reasons = [
    { kind: 'unmapped', party: 'Orange', role: 'supplier' } as const,
    { kind: 'status', code: '213', entries: null } as const,
  ];
  const mark = (keys: string[]): ExceptionHandled => ({
    invoiceId: row().invoiceId,
    note: 'appelé le client',
    by: 'marie',
    at: '2026-11-24T09:00:00.000Z',
    reasons: keys,
  });
  const open = exceptionRow(row(), reasons, null);
  assert.equal(open.handled, false);
  assert.deepEqual(
    open.reasons.map(reasonKey),
    ['status:213', 'unmapped'],
    'the status first, then the books',
  );
  assert.equal(exceptionRow(row(), reasons, mark(['status:213', 'unmapped'])).handled, true);
  const reopened = exceptionRow(row(), reasons, mark(['unmapped']));
  assert.equal(reopened.handled, false, 'rejected since the note');
  assert.equal(reopened.mark?.note, 'appelé le client', 'the note is still shown');
});

test('what the ledger made of a status is said on the status, not as a second reason', () => {
  const rejected = { kind: 'status', code: '213', entries: null } as const;
  const disputed = { kind: 'status', code: '207', entries: null } as const;
  const unmapped = { kind: 'unmapped', party: 'Orange', role: 'supplier' } as const;
  const leftOut = (reason: 'rejected' | 'invalid' | 'no_details', detail: string | null = null) =>
    ({ kind: 'left_out', reason, detail }) as const;
  assert.deepEqual(mergeReasons([rejected], [leftOut('invalid', 'NOT_DELIVERED'), unmapped]), [
    { ...rejected, entries: { situation: 'left_out', reason: 'invalid', detail: 'NOT_DELIVERED' } },
    unmapped,
  ]);
  assert.deepEqual(mergeReasons([disputed], [{ kind: 'held', reason: 'disputed' }]), [
    { ...disputed, entries: { situation: 'held', reason: 'disputed' } },
  ]);
  assert.deepEqual(
    mergeReasons([disputed], [leftOut('no_details')]),
    [disputed, leftOut('no_details')],
    'a dispute does not leave an invoice out: another cause is its own reason',
  );
  assert.deepEqual(
    mergeReasons([], [leftOut('no_details'), leftOut('no_details')]),
    [leftOut('no_details')],
    'each once',
  );
  assert.deepEqual(mergeReasons([], [{ kind: 'held', reason: 'suspended' }]), [
    { kind: 'held', reason: 'suspended' },
  ]);
  assert.equal(rejected.entries, null, 'the reasons given are not changed');
});

test('a reason in words: short on the badge, long in its tooltip and the workbook', () => {
  const w = fr.exceptions.reasons;
  const day = (d: string) => d.split('-').reverse().join('/');
  const status = (entries: Extract<ExceptionReason, { kind: 'status' }>['entries']) =>
    ({ kind: 'status', code: '213', entries }) as const;
  assert.equal(reasonText(status(null), w, true, day), 'Rejetée (213)');
  assert.equal(
    reasonText(status({ situation: 'left_out', reason: 'rejected', detail: null }), w, true, day),
    'Rejetée (213), écartée des écritures de la période',
  );
  assert.equal(
    reasonText(
      status({ situation: 'left_out', reason: 'invalid', detail: 'NOT_DELIVERED' }),
      w,
      true,
      day,
    ),
    'Rejetée (213), écartée des écritures de la période : refusée par la plateforme (NOT_DELIVERED)',
  );
  const late = { kind: 'past_due', dueDate: '2026-10-31', days: 24 } as const;
  assert.equal(reasonText(late, w, false, day), 'Échue, 24 j de retard');
  assert.equal(
    reasonText(late, w, true, day),
    'Échue le 31/10/2026 sans paiement connu (24 j de retard)',
  );
  const party = { kind: 'unmapped', party: 'Orange', role: 'supplier' } as const;
  assert.equal(reasonText(party, w, true, day), 'Tiers à affecter : Orange');
});
