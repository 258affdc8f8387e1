// The exports say where a VAT-on-payment day came from and whether the period was declared
// (issue 26): a paid mark set through the dispatcher, the CA3's box sheet carries a "Payée selon"
// column saying "marquée payée le …" and the TVA report's "Détail TVA" says it in the rule's cell
// (its columns unchanged for the scripts that read them); the period recorded as
// declared, the CA3's form sheet says when, for how much and by whom, then, once the mark is
// undone, that the invoice changed since. Workbooks written by export:start, read with openpyxl.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Sourced } from '#shared/contract.ts';
import type { ExportResult } from '#shared/exports.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { Report, VatReport } from '#shared/reports.ts';
import { archivedHandlers, value } from '#support/archived-handlers.ts';
import { column, readXlsx, sheetNamed, type XlsxSheet } from '#support/read-xlsx.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const { dispatch, close } = archivedHandlers({
  prefix: 'paid-by',
  fill: { seed: 9, invoices: 600, now: NOW },
});
after(close);

const connectionId = 'demo-admin';
const JUNE = parsePeriod('2025-06');

async function exported(report: 'vat' | 'ca3'): Promise<string> {
  const result = value<ExportResult>(
    await dispatch('export:start', {
      exportId: crypto.randomUUID(),
      target: { kind: 'report', report, period: JUNE },
    }),
  );
  assert.ok(result.savedTo);
  return result.savedTo;
}

/** The cells of column `header` in the rows of invoice `number` of a table sheet. */
function cellsOf(sheet: XlsxSheet, header: string, number: string): unknown[] {
  const numbers = column(sheet, 'N° facture').map((c) => c.v);
  const cells = column(sheet, header).map((c) => c.v);
  return cells.filter((_, i) => numbers[i] === number);
}

/** The form sheet's lines as text. */
const textOf = (sheet: XlsxSheet): string =>
  sheet.rows.map((row) => row.map((c) => c.v ?? '').join(' ')).join('\n');

test('a paid mark in the TVA and CA3 workbooks; a declared period in the CA3’s', async () => {
  // A VAT-on-payment invoice of before June 2025 that no 212 says is paid.
  let waiting: VatReport['pending'][number] | undefined;
  for (const label of ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05']) {
    const answer = value<Sourced<Report>>(
      await dispatch('reports:get', { report: 'vat', period: parsePeriod(label) }),
    );
    waiting ??= (answer.data as VatReport).pending.find(
      (p) => p.collectedOn === null && p.currency === 'EUR' && (p.tvaCents ?? 0) > 0 && p.number,
    );
  }
  assert.ok(waiting?.number, 'an invoice due on payment, not paid');
  value(
    await dispatch('payments:mark', {
      connectionId,
      invoiceIds: [waiting.invoiceId],
      paidOn: '2025-06-20',
    }),
  );

  const vat = readXlsx(await exported('vat'));
  // The TVA report's detail keeps its columns: its rule's cell says where the day came from.
  const lines = cellsOf(sheetNamed(vat, 'Détail TVA'), 'Règle appliquée', waiting.number);
  assert.ok(lines.length > 0, 'its VAT lines in June');
  for (const said of lines)
    assert.match(String(said), / · payée selon marquée payée le \d{2}\/\d{2}\/\d{4}$/);

  const box = waiting.direction === 'OUTBOUND' ? 'Case 08' : 'Case 20';
  let ca3 = readXlsx(await exported('ca3'));
  const parts = cellsOf(sheetNamed(ca3, box), 'Payée selon', waiting.number);
  assert.ok(parts.length > 0, `in ${box}`);
  for (const said of parts) assert.match(String(said), /^marquée payée le /);

  // Declared: the form says when, for how much, by whom; nothing changed since.
  value(
    await dispatch('tax:declare', {
      connectionId,
      period: JUNE,
      declaredOn: '2025-07-15',
      amountCents: 123_400,
    }),
  );
  ca3 = readXlsx(await exported('ca3'));
  let form = textOf(sheetNamed(ca3, 'Déclaration CA3'));
  assert.match(form, /Déclaration déposée Déclarée le 15\/07\/2025 pour 1\s234,00\s€, par \S+/);
  assert.match(form, /Rien n’a changé dans l’archive depuis/);

  // The mark undone: the invoice left the return since it was declared, and the form says so.
  value(await dispatch('payments:unmark', { connectionId, invoiceIds: [waiting.invoiceId] }));
  ca3 = readXlsx(await exported('ca3'));
  form = textOf(sheetNamed(ca3, 'Déclaration CA3'));
  assert.match(form, /1 facture a changé depuis la déclaration/);
  assert.ok(form.includes(`${waiting.number} · retirée · `), form);
});
