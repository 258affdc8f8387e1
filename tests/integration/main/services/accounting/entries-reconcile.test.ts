// The entries of a real sync (issue 17, item 3): the demo operator over HTTP into a real archive,
// a ledger of a period through the accounting service, and each entry reconciled with its
// invoice's own VAT breakdown and totals, read again from the archive. Every entry balances;
// refused, rejected and invalid invoices have none; disputed and suspended ones are held.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Entry, Ledger } from '#shared/accounting.ts';
import type { Invoice } from '#shared/operator/schemas.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { toCents } from '#main/services/archive/amounts.ts';
import { Archives } from '#main/services/archive/archives.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { runSync } from '#main/services/archive/sync.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { createAccountingService } from '#main/services/accounting/index.ts';
import type { AccountingService } from '#main/services/accounting/accounting.ts';
import { DEFAULT_ACCOUNTING_SETTINGS } from '#main/services/accounting/settings.ts';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import { collectedOn, exclusionReason, isCreditNote } from '#main/services/tax/rules.ts';
import { choiceFor } from '#support/accounting-fixtures.ts';

// The demo operator's clock, pinned: the same invoices and statuses on any day.
const NOW = new Date('2026-11-22T12:00:00Z');
const PERIOD = parsePeriod('2026');
const A = DEFAULT_ACCOUNTING_SETTINGS.accounts;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let dir: string;
let operator: RunningDemoOperator;
let archives: Archives;
let store: ArchiveStore;
let accounting: AccountingService;
let ledger: Ledger;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'entries-'));
  operator = await startDemoOperator({ seed: 7, invoices: 2500, now: NOW });
  const creds = operator.clients.user;
  const client = new OperatorClient({
    connection: {
      baseUrl: operator.baseUrl,
      tokenUrl: operator.tokenUrl,
      clientId: creds.clientId,
    },
    getClientSecret: async () => creds.clientSecret,
  });
  const archive = openArchive(dir, 'demo');
  try {
    const summary = await runSync({
      client,
      archive: new SqliteArchive(archive),
      requestsPerMinute: 600_000,
      details: true,
      now: () => operator.now(),
    });
    assert.equal(summary.cancelled, false);
    assert.ok(summary.detailsFetched > 2000, `${summary.detailsFetched} details fetched`);
  } finally {
    archive.close();
  }
  archives = new Archives({ dataDir: dir, log: quiet });
  store = archives.existing('demo')!;
  accounting = createAccountingService({ archives, now: () => NOW });
  ledger = await accounting.ledger('demo', PERIOD);
});

after(async () => {
  await archives?.close();
  await operator?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sum = (values: number[]): number => values.reduce((s, v) => s + v, 0);
/** Amounts as a sorted list (the multiset of an entry's lines on some accounts). */
const sorted = (values: number[]): number[] => values.filter((v) => v !== 0).sort((a, b) => a - b);

function amount(line: Entry['lines'][number]): number {
  return line.debitCents + line.creditCents;
}

function detailOf(invoiceId: string): Invoice {
  const archived = store.getInvoice(invoiceId);
  assert.ok(archived?.detail, `${invoiceId} has its details archived`);
  return archived.detail;
}

const VAT_ACCOUNTS = new Set([
  A.vatCollected,
  A.vatCollectedOnPayment,
  A.vatDeductible,
  A.vatDeductibleAssets,
  A.vatDeductibleOnPayment,
]);
const SELF_ASSESSED = new Set([A.vatReverseChargeDue, A.vatReverseChargeDeductible]);
const PARTY_ACCOUNTS = new Set([A.customers, A.suppliers]);
const ROUNDING = new Set([A.roundingGain, A.roundingLoss]);

describe('a ledger of a synced archive', () => {
  test('the company is found from its invoices', async () => {
    const profile = await accounting.profile('demo');
    assert.match(profile.foundSiren ?? '', /^\d{9}$/);
    assert.equal(ledger.company.siren, profile.foundSiren);
    assert.ok(ledger.company.name);
    assert.deepEqual(profile.settings, DEFAULT_ACCOUNTING_SETTINGS);
  });

  test('has entries of every journal, numbered 1..n in chronological order', async () => {
    assert.ok(ledger.entries.length > 500, `${ledger.entries.length} entries`);
    for (const kind of ['sales', 'purchases', 'misc'] as const)
      assert.ok(
        ledger.entries.some((e) => e.journal === kind),
        `a ${kind} entry`,
      );
    ledger.entries.forEach((entry, index) => {
      assert.equal(entry.number, index + 1);
      const previous = ledger.entries[index - 1];
      if (previous) assert.ok(previous.date <= entry.date, `${previous.date} ≤ ${entry.date}`);
      assert.ok(entry.date >= PERIOD.from && entry.date <= PERIOD.to);
    });
  });

  test('every entry balances, each journal and the whole ledger too', async () => {
    for (const entry of ledger.entries) {
      assert.equal(
        sum(entry.lines.map((l) => l.debitCents)),
        sum(entry.lines.map((l) => l.creditCents)),
        `entry ${entry.number} (${entry.pieceRef}) balances`,
      );
      for (const l of entry.lines) {
        assert.ok(l.debitCents >= 0 && l.creditCents >= 0);
        assert.ok(l.debitCents > 0 !== l.creditCents > 0, 'a debit or a credit');
        assert.equal(l.auxiliary !== null, PARTY_ACCOUNTS.has(l.account), 'aux only on 401/411');
        assert.ok(l.accountLabel.length > 0);
      }
    }
    assert.equal(ledger.debitCents, ledger.creditCents);
    for (const journal of ledger.journals) {
      assert.equal(journal.debitCents, journal.creditCents, journal.code);
      const own = ledger.entries.filter((e) => e.journal === journal.journal);
      assert.equal(journal.entries, own.length);
      assert.equal(journal.lines, sum(own.map((e) => e.lines.length)));
    }
    assert.equal(ledger.debitCents, sum(ledger.journals.map((j) => j.debitCents)));
  });

  test("each invoice's entry is its own VAT breakdown and totals", async () => {
    let checked = 0;
    let credits = 0;
    let reverse = 0;
    for (const entry of ledger.entries.filter((e) => e.kind === 'invoice')) {
      const data = detailOf(entry.invoiceId).businessData;
      if (data.monetary.invoiceCurrency !== 'EUR') continue; // converted: balance checked above
      const sale = entry.journal === 'sales';
      assert.equal(entry.direction, sale ? 'OUTBOUND' : 'INBOUND');
      assert.equal(entry.pieceRef, data.invoiceId);
      assert.equal(entry.pieceDate, data.invoiceDate);
      assert.equal(entry.date, data.invoiceDate);
      const credit = isCreditNote(data.type);
      assert.equal(entry.creditNote, credit);
      credits += credit ? 1 : 0;
      // The third party's line is the TTC, on the side of the invoice (reversed for an avoir).
      const party = entry.lines.filter((l) => PARTY_ACCOUNTS.has(l.account));
      assert.equal(party.length, 1);
      assert.equal(party[0]!.account, sale ? A.customers : A.suppliers);
      assert.equal(amount(party[0]!), toCents(data.monetary.invoiceAmount.amount));
      assert.equal(party[0]!.debitCents > 0, sale !== credit, 'the party line side');
      // HT per rate: the breakdown's taxable amounts.
      const ht = entry.lines.filter(
        (l) =>
          !PARTY_ACCOUNTS.has(l.account) &&
          !VAT_ACCOUNTS.has(l.account) &&
          !SELF_ASSESSED.has(l.account) &&
          !ROUNDING.has(l.account),
      );
      assert.deepEqual(
        sorted(ht.map(amount)),
        sorted(data.taxDetails.map((t) => toCents(t.taxableAmount.amount)!)),
        `${data.invoiceId} HT per rate`,
      );
      // VAT per rate: the breakdown's VAT amounts.
      const vat = entry.lines.filter((l) => VAT_ACCOUNTS.has(l.account));
      assert.deepEqual(
        sorted(vat.map(amount)),
        sorted(data.taxDetails.map((t) => toCents(t.taxAmount.amount)!)),
        `${data.invoiceId} VAT per rate`,
      );
      // Self-assessed VAT (reverse charge): due and deductible, the same amounts, a purchase's.
      const due = entry.lines.filter((l) => l.account === A.vatReverseChargeDue);
      const deductible = entry.lines.filter((l) => l.account === A.vatReverseChargeDeductible);
      assert.deepEqual(sorted(due.map(amount)), sorted(deductible.map(amount)));
      if (due.length > 0) {
        reverse += 1;
        assert.equal(sale, false);
      }
      assert.equal(
        entry.roundingCents,
        sum(entry.lines.filter((l) => ROUNDING.has(l.account)).map(amount)),
      );
      checked += 1;
    }
    assert.ok(checked > 500, `${checked} entries reconciled`);
    assert.ok(credits > 0, 'credit notes among them');
    assert.ok(reverse > 0, 'reverse-charge purchases among them');
  });

  test('VAT on payment moves on its 212 day, the invoice breakdown VAT', async () => {
    const moves = ledger.entries.filter((e) => e.kind === 'vat_on_payment');
    assert.ok(moves.length > 0, 'moves of VAT on payment');
    for (const move of moves) {
      const archived = store.getInvoice(move.invoiceId)!;
      assert.equal(move.journal, 'misc');
      assert.equal(move.date, collectedOn(archived.row.lifecycleCode, archived.row.lifecycleDate));
      const data = archived.detail!.businessData;
      if (data.monetary.invoiceCurrency !== 'EUR') continue;
      const held = move.lines.filter((l) =>
        [A.vatCollectedOnPayment, A.vatDeductibleOnPayment].includes(l.account),
      );
      assert.deepEqual(
        sorted(held.map(amount)),
        sorted(data.taxDetails.map((t) => toCents(t.taxAmount.amount)!)),
      );
    }
  });

  test('refused, rejected, invalid and duplicated invoices have no entry and are listed', async () => {
    const posted = new Set(ledger.entries.map((e) => e.invoiceId));
    const listed = new Map(ledger.leftOut.map((a) => [a.invoiceId, a.reason]));
    let excluded = 0;
    for (const row of store.iterateInvoices()) {
      const reason = exclusionReason(row.state, row.lifecycleCode);
      if (reason === null) continue;
      assert.equal(posted.has(row.invoiceId), false, `${row.invoiceNumber} (${reason}) posted`);
      if (row.invoiceDate === null || row.invoiceDate < PERIOD.from || row.invoiceDate > PERIOD.to)
        continue;
      excluded += 1;
      const expected =
        reason === '210'
          ? 'refused'
          : reason === '213'
            ? 'rejected'
            : reason === 'DUPLICATED'
              ? 'duplicated'
              : 'invalid';
      assert.equal(listed.get(row.invoiceId), expected, `${row.invoiceNumber} listed`);
    }
    assert.ok(excluded > 0, 'the demo has refused or rejected invoices');
  });

  test('disputed (207) and suspended (208) invoices are held, with no entry', async () => {
    const posted = new Set(ledger.entries.map((e) => e.invoiceId));
    const held = new Map(ledger.held.map((a) => [a.invoiceId, a.reason]));
    let count = 0;
    for (const row of store.iterateInvoices()) {
      if (row.lifecycleCode !== '207' && row.lifecycleCode !== '208') continue;
      assert.equal(posted.has(row.invoiceId), false);
      if (row.invoiceDate === null || row.invoiceDate < PERIOD.from || row.invoiceDate > PERIOD.to)
        continue;
      if (exclusionReason(row.state, row.lifecycleCode) !== null) continue;
      count += 1;
      assert.equal(held.get(row.invoiceId), row.lifecycleCode === '207' ? 'disputed' : 'suspended');
    }
    assert.equal(ledger.held.length, count);
    assert.ok(count > 0, 'the demo has disputed or suspended invoices');
  });

  test('every invoice of the period is posted, held or left out: none lost', async () => {
    const posted = new Set(
      ledger.entries.filter((e) => e.kind === 'invoice').map((e) => e.invoiceId),
    );
    const aside = new Set([...ledger.held, ...ledger.leftOut].map((a) => a.invoiceId));
    for (const row of store.iterateInvoices()) {
      if (row.invoiceDate === null || row.invoiceDate < PERIOD.from || row.invoiceDate > PERIOD.to)
        continue;
      assert.equal(
        posted.has(row.invoiceId) !== aside.has(row.invoiceId),
        true,
        `${row.invoiceNumber}: posted or set aside, once`,
      );
    }
  });

  test('new third parties wait in the queue with their invoices and HT; a choice is applied', async () => {
    assert.ok(ledger.toMap.length > 0);
    assert.ok(
      ledger.entries.every((e) => e.provisional),
      'nothing confirmed yet',
    );
    const first = ledger.toMap[0]!;
    const theirs = ledger.entries.filter(
      (e) => e.kind === 'invoice' && e.lines.some((l) => l.auxiliary === first.suggestedAuxiliary),
    );
    assert.equal(theirs.length, first.invoices);
    await accounting.mapThirdParties('demo', [
      choiceFor(first, first.role === 'customer' ? '706900' : '622600'),
    ]);
    const again = await accounting.ledger('demo', PERIOD);
    assert.equal(
      again.toMap.some((p) => p.key === first.key && p.role === first.role),
      false,
    );
    const now = again.entries.filter((e) =>
      theirs.some((t) => t.invoiceId === e.invoiceId && e.kind === 'invoice'),
    );
    assert.equal(now.length, theirs.length);
    for (const entry of now) {
      assert.equal(entry.provisional, false);
      assert.ok(
        entry.lines.some((l) => l.account === (first.role === 'customer' ? '706900' : '622600')),
      );
    }
    assert.equal(again.debitCents, again.creditCents);
  });
});
