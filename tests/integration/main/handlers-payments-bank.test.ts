// Issue 29: the invoice panel's "Payée ?" ('payments:get') says when a matched bank statement
// line paid the invoice (the line's day, with its lines), and nothing of the bank for an invoice
// no line paid in full.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { InvoicePayment } from '#shared/payments.ts';
import { openBankData } from '#main/services/archive/bank-store.ts';
import { readBankMarks } from '#main/services/archive/payment-marks.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { importBankFile } from '#main/services/bank/bank-import.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { archivedHandlers, value } from '#support/archived-handlers.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const { dataDir, dispatch, close } = archivedHandlers({
  prefix: 'payments-bank',
  fill: { seed: 9, invoices: 300, now: NOW },
});
after(close);

test('an invoice the bank paid says so in its panel, on the line’s day', async () => {
  const archive = openArchive(dataDir, 'demo-admin');
  const bank = openBankData(dataDir, 'demo-admin');
  let marks;
  let unpaid: string | undefined;
  try {
    const invoices = [...archive.bankInvoices()];
    const files = demoStatementFiles(
      demoStatements(createDataset(9, 300, { startMs: NOW.getTime() }), { months: 6 }),
    );
    for (const file of files) importBankFile(bank, () => invoices, file, NOW);
    marks = readBankMarks(archive);
    unpaid = invoices.find((i) => !marks!.has(i.id))?.id;
  } finally {
    bank.close();
    archive.close();
  }
  const [paid] = marks.values();
  assert.ok(paid && unpaid, 'an invoice the bank paid, one it did not');
  const read = value<InvoicePayment[]>(
    await dispatch('payments:get', {
      connectionId: 'demo-admin',
      invoiceIds: [paid.invoiceId, unpaid],
    }),
  );
  assert.deepEqual(read[0]!.bank, { paidOn: paid.paidOn, lineIds: paid.bankLines });
  assert.ok(paid.bankLines!.length > 0);
  assert.equal(read[1]!.bank, undefined);
});
