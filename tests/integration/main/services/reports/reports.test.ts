// The reports over an archive filled by a real sync (details included) from the demo operator over
// HTTP: the TVA report reconciles to the cent with the invoices' own VAT breakdowns, and each
// report's workbook, read back by openpyxl, holds the same figures.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parsePeriod } from '#shared/report-period.ts';
import {
  AGING_BUCKETS,
  type AgingReport,
  type StatusReport,
  type VatLine,
  type VatReport,
} from '#shared/reports.ts';
import { startDemoOperator, type RunningDemoOperator } from '#main/demo-operator/index.ts';
import { toCents } from '#main/services/archive/amounts.ts';
import { openArchive, type ArchiveStore } from '#main/services/archive/sqlite/archive-store.ts';
import { runSync } from '#main/services/archive/sync.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { writeWorkbook } from '#main/services/export/workbook-writer.ts';
import { OperatorClient } from '#main/services/operator/operator-client.ts';
import { reportWorkbook } from '#main/services/export/layouts/reports.ts';
import { computeReport } from '#main/services/reports/index.ts';
import { isCreditNote } from '#main/services/tax/rules.ts';
import { column, dataRows, readXlsx, sheetNamed, type XlsxSheet } from '#support/read-xlsx.ts';
import { reportSourceOf } from '../../../../support/report-source.ts';

// The demo operator's clock, pinned: the same invoices and statuses on any day.
const NOW = new Date('2026-11-22T12:00:00Z');
const ABOUT = { connectionName: 'Cabinet Démo', appVersion: '0.1.0-test' };

let dir: string;
let operator: RunningDemoOperator;
let archive: ArchiveStore;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reports-'));
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
  archive = openArchive(dir, 'demo');
  const summary = await runSync({
    client,
    archive: new SqliteArchive(archive),
    requestsPerMinute: 600_000,
    details: true,
    now: () => operator.now(),
  });
  assert.equal(summary.cancelled, false);
  assert.ok(summary.detailsFetched > 2000, `${summary.detailsFetched} details fetched`);
});

after(async () => {
  archive?.close();
  await operator?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The amounts of a row of a sheet, by header. */
const VAT = 'Montant de TVA (avoirs en négatif)';
const BASE = 'Base HT (avoirs en négatif)';

function sum(
  sheet: XlsxSheet,
  header: string,
  keep: (row: number) => boolean = () => true,
): number {
  return column(sheet, header).reduce(
    (s, cell, i) => (keep(i) && typeof cell.v === 'number' ? s + Math.round(cell.v * 100) : s),
    0,
  );
}

describe('TVA', () => {
  let report: VatReport;
  before(async () => {
    report = (await computeReport(reportSourceOf(archive), 'vat', parsePeriod('2026-Q2'), {
      now: NOW,
    })) as VatReport;
  });

  test('reconciles to the cent with the archived invoices’ own VAT breakdowns', () => {
    assert.ok(report.lines.length > 150, `${report.lines.length} lines`);
    assert.ok(report.pending.length > 0 && report.excluded.length > 0);
    assert.ok(report.lines.some((l) => l.creditNote && l.vatCents < 0));
    assert.deepEqual(
      new Set(report.lines.map((l) => l.rule)),
      new Set(['delivery_date', 'delivery_unknown', 'payment_date', 'invoice_date', 'intra_eu']),
    );
    // A reverse-charge purchase's VAT is self-assessed at the French rate on both sides (issue
    // 18, item 2): twin lines of the same purchase, due and deductible, that net to zero.
    const selfAssessed = report.lines.filter((l) => l.selfAssessed);
    assert.ok(selfAssessed.length > 0, 'the demo quarter has reverse-charge purchases');
    const twins = new Map<string, number>();
    for (const l of selfAssessed) {
      assert.ok(l.percent !== null && l.percent > 0, `${l.invoiceId} at a French rate`);
      assert.equal(l.vatCents, Math.round((l.baseCents * l.percent!) / 100), l.invoiceId);
      const sign = l.direction === 'OUTBOUND' ? 1 : -1;
      twins.set(l.invoiceId, (twins.get(l.invoiceId) ?? 0) + sign * l.vatCents);
    }
    for (const [invoiceId, net] of twins) assert.equal(net, 0, `${invoiceId} nets to zero`);
    // Each counted invoice's lines are its own breakdown entries (signed), read again from the
    // archive, and its VAT became due in the period by its own rule.
    const byInvoice = new Map<string, VatLine[]>();
    for (const l of report.lines.filter((line) => !line.selfAssessed))
      byInvoice.set(l.invoiceId, [...(byInvoice.get(l.invoiceId) ?? []), l]);
    for (const [invoiceId, lines] of byInvoice) {
      const archived = archive.getInvoice(invoiceId)!;
      const detail = archived.detail!;
      const sign = isCreditNote(detail.businessData.type) ? -1 : 1;
      const own = detail.businessData.taxDetails;
      assert.equal(lines.length, own.length, invoiceId);
      const key = (entry: unknown[]) => JSON.stringify(entry);
      assert.deepEqual(
        lines.map((l) => key([l.category, l.percent, l.baseCents, l.vatCents])).sort(),
        own
          .map((t) =>
            key([
              t.categoryCode,
              t.percent ?? null,
              sign * toCents(t.taxableAmount.amount)! || 0,
              sign * toCents(t.taxAmount.amount)! || 0,
            ]),
          )
          .sort(),
      );
      // The breakdown adds up to the invoice's own VAT total.
      assert.equal(
        Math.abs(lines.reduce((s, l) => s + l.vatCents, 0)),
        toCents(detail.businessData.monetary.taxTotalAmount.amount),
      );
      const line = lines[0]!;
      assert.ok(line.taxPointDate >= '2026-04-01' && line.taxPointDate <= '2026-06-30');
      if (line.rule === 'payment_date') assert.equal(archived.row.lifecycleCode, '212');
      if (line.rule === 'delivery_date')
        assert.equal(line.taxPointDate, detail.businessData.shipping?.deliveryDate);
      if (line.rule === 'intra_eu') {
        // CGI art. 269: the 15th of the month after the delivery, or the invoice date if earlier.
        const delivered =
          detail.businessData.shipping?.deliveryDate ?? detail.businessData.invoiceDate;
        const [y, m] = delivered.split('-').map(Number) as [number, number];
        const fifteenth = `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-15`;
        const invoiced = detail.businessData.invoiceDate;
        assert.equal(line.taxPointDate, invoiced < fifteenth ? invoiced : fifteenth, invoiceId);
      }
    }
    // Totals are the sums of the figures, which are the sums of the lines.
    for (const total of report.totals) {
      const lines = report.lines.filter(
        (l) => l.direction === total.direction && l.currency === total.currency,
      );
      assert.equal(
        total.vatCents,
        lines.reduce((s, l) => s + l.vatCents, 0),
      );
      assert.equal(
        total.baseCents,
        lines.reduce((s, l) => s + l.baseCents, 0),
      );
      const figures = report.figures.filter(
        (f) => f.direction === total.direction && f.currency === total.currency,
      );
      assert.equal(
        total.vatCents,
        figures.reduce((s, f) => s + f.vatCents, 0),
      );
    }
    // Nothing counted twice, nothing both counted and listed apart.
    const counted = new Set(byInvoice.keys());
    for (const apart of [...report.pending, ...report.excluded])
      assert.ok(!counted.has(apart.invoiceId), apart.invoiceId);
  });

  test('its workbook, read back by openpyxl, holds the same figures', async () => {
    const path = join(dir, 'tva.xlsx');
    await writeWorkbook(path, reportWorkbook(report, 'fr', ABOUT));
    const book = readXlsx(path);
    assert.deepEqual(
      book.sheets.map((s) => s.name),
      ['Synthèse TVA', 'Détail TVA', 'En attente', 'Écartées', 'Mises de côté', 'À propos'],
    );
    const detail = sheetNamed(book, 'Détail TVA');
    assert.equal(detail.freeze, 'A2');
    assert.equal(detail.autoFilter, `A1:P${report.lines.length + 1}`);
    assert.equal(dataRows(detail).length, report.lines.length);
    const directions = column(detail, 'Sens').map((c) => c.v);
    for (const total of report.totals.filter((t) => t.currency === 'EUR')) {
      const label = total.direction === 'OUTBOUND' ? 'Émises' : 'Reçues';
      const currencies = column(detail, 'Devise').map((c) => c.v);
      // A self-assessed twin counts on its side, under its own words in the Sens column.
      const twin =
        total.direction === 'OUTBOUND'
          ? 'Reçues · TVA due autoliquidée'
          : 'Reçues · TVA déductible autoliquidée';
      const mine = (i: number) =>
        (directions[i] === label || directions[i] === twin) && currencies[i] === 'EUR';
      assert.equal(sum(detail, VAT, mine), total.vatCents, label);
      assert.equal(sum(detail, BASE, mine), total.baseCents, label);
    }
    // Typed cells: dates as dates, amounts with a euro format, rates as percentages, the rule on
    // every line.
    const first = detail.rows[1]!;
    const header = detail.rows[0]!.map((c) => c.v);
    const cell = (name: string) => first[header.indexOf(name)]!;
    assert.equal(cell('Exigibilité').t, 'd');
    assert.equal(cell(VAT).t, 'n');
    assert.match(cell(VAT).f, /€/);
    assert.equal(cell('Taux').f, '0.0#%');
    assert.equal(cell('N° facture').t, 's');
    assert.ok(column(detail, 'Règle appliquée').every((c) => typeof c.v === 'string' && c.v));
    // The summary's totals are the report's.
    const summary = sheetNamed(book, 'Synthèse TVA');
    const totalRows = summary.rows.filter((r) => r[0]?.v === 'Total' && r[6]?.v === 'EUR');
    assert.deepEqual(
      totalRows.map((r) => [
        Math.round((r[3]!.v as number) * 100),
        Math.round((r[4]!.v as number) * 100),
      ]),
      report.totals.filter((t) => t.currency === 'EUR').map((t) => [t.baseCents, t.vatCents]),
    );
    assert.ok(totalRows.every((r) => r[0]!.b));
    assert.equal(dataRows(sheetNamed(book, 'En attente')).length, report.pending.length);
    assert.equal(dataRows(sheetNamed(book, 'Écartées')).length, report.excluded.length);
    assert.equal(dataRows(sheetNamed(book, 'Mises de côté')).length, report.held.length);
    const about = sheetNamed(book, 'À propos');
    const aboutText = JSON.stringify(about.rows.map((r) => r.map((c) => c.v)));
    assert.match(aboutText, /Cabinet Démo/);
    assert.match(aboutText, /2026-Q2/);
    assert.match(aboutText, /Archive locale/);
    assert.match(aboutText, /2\s500 factures archivées \(/); // 2 500, as French writes it
  });
});

test('the échéancier’s workbook: buckets per counterparty equal the report’s', async () => {
  const report = (await computeReport(reportSourceOf(archive), 'aging', parsePeriod('2026-10'), {
    now: NOW,
  })) as AgingReport;
  assert.equal(report.asOf, '2026-10-31');
  assert.ok(report.lines.length > 100);
  const path = join(dir, 'echeancier.xlsx');
  await writeWorkbook(path, reportWorkbook(report, 'en', ABOUT));
  const book = readXlsx(path);
  assert.deepEqual(
    book.sheets.map((s) => s.name),
    ['Aged balance', 'No known payment', 'Past due', 'Paid', 'About'],
  );
  const lines = sheetNamed(book, 'No known payment');
  assert.equal(lines.rows.length, report.lines.length + 1);
  const allTotals = report.sides.flatMap((side) => side.totals);
  assert.equal(
    sum(lines, 'Left to pay'),
    allTotals.reduce((s, t) => s + t.totalCents, 0),
  );
  assert.ok(column(lines, 'Days late').every((c) => c.t === 'n' && Number.isInteger(c.v)));
  const summary = sheetNamed(book, 'Aged balance');
  const totals = summary.rows.filter((r) => r[0]?.v === 'Total' && r[9]?.v === 'EUR');
  assert.deepEqual(
    totals.map((r) => r.slice(2, 8).map((c) => Math.round((c.v as number) * 100))),
    report.sides
      .map((side) => side.totals.find((t) => t.currency === 'EUR'))
      .filter((t) => t !== undefined)
      .map((t) => [...t.buckets, t.totalCents]),
  );
  assert.equal(AGING_BUCKETS.length, 5);
});

test('the statuts workbook: counts per month and the rejected invoices', async () => {
  const report = (await computeReport(reportSourceOf(archive), 'status', parsePeriod('2026'), {
    now: NOW,
  })) as StatusReport;
  assert.ok(report.invoices > 500 && report.rejected.length > 10);
  const path = join(dir, 'statuts.xlsx');
  await writeWorkbook(path, reportWorkbook(report, 'fr', ABOUT));
  const book = readXlsx(path);
  const rejected = sheetNamed(book, 'Refusées et rejetées');
  assert.equal(dataRows(rejected).length, report.rejected.length);
  assert.ok(
    column(rejected, 'Code du dernier statut').every(
      (c, i) => c.v === report.rejected[i]!.lifecycleCode,
    ),
  );
  const summary = sheetNamed(book, 'Statuts');
  const totals = summary.rows.filter((r) => r[0]?.v === 'Total');
  // Both matrices (by state, by lifecycle code) add up to every invoice of the period.
  assert.equal(totals.length, 2);
  for (const row of totals)
    assert.equal(row.filter((c) => c.v !== null).at(-1)!.v, report.invoices);
});
