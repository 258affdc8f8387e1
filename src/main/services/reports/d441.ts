// The D441-6 table (issue 29, item 3; rules in docs/aged-balance.md): from the aged balance on
// the closing day (open items: parts paid and credit notes allocated) and the year's invoices.
// Pure: d441-of.ts reads what it needs.
import type { ArchiveRow } from '#shared/archive.ts';
import { D441_BANDS, type D441Figures, type D441Side, type D441Table } from '#shared/d441.ts';
import type { AgingLine, AgingReport, ReportPeriod } from '#shared/reports.ts';
import type { Direction } from '#shared/operator/enums.ts';
import { exclusionReason, isCreditNote } from '../tax/rules.ts';

/** The last status that leaves an invoice out of (A) into (B): 207 "En litige". */
export const DISPUTED_CODE = '207';

/** The year's HT per direction, in euros, credit notes off, refused and rejected left out. */
export function yearHt(rows: Iterable<ArchiveRow>, period: ReportPeriod): Map<Direction, number> {
  const ht = new Map<Direction, number>([
    ['INBOUND', 0],
    ['OUTBOUND', 0],
  ]);
  for (const row of rows) {
    if (exclusionReason(row.state, row.lifecycleCode) !== null) continue;
    if (row.currency !== 'EUR' || row.htCents === null) continue;
    if (!row.invoiceDate || row.invoiceDate < period.from || row.invoiceDate > period.to) continue;
    const direction = row.direction as Direction;
    if (!ht.has(direction)) continue;
    ht.set(direction, ht.get(direction)! + (isCreditNote(row.typeCode) ? -1 : 1) * row.htCents);
  }
  return ht;
}

const share = (cents: number, base: number): number | null =>
  base > 0 ? Math.round((cents * 10000) / base) : null;

function side(direction: Direction, lines: readonly AgingLine[], yearHtCents: number): D441Side {
  const bands = D441_BANDS.map(() => ({ invoices: 0, amountCents: 0 }));
  const disputed = { invoices: 0, amountCents: 0 };
  let otherCurrency = 0;
  for (const line of lines) {
    // Unpaid and past due invoices; a credit note is no invoice owed (allocated, or a credit).
    if (line.direction !== direction || line.daysLate < 1 || line.amountCents <= 0) continue;
    if (line.creditNote) continue;
    if (line.currency !== 'EUR') {
      otherCurrency += 1;
      continue;
    }
    if (line.lifecycleCode === DISPUTED_CODE) {
      disputed.invoices += 1;
      disputed.amountCents += line.amountCents;
      continue;
    }
    const band = bands[D441_BANDS.indexOf(line.bucket as (typeof D441_BANDS)[number])]!;
    band.invoices += 1;
    band.amountCents += line.amountCents;
  }
  const figures = (f: { invoices: number; amountCents: number }): D441Figures => ({
    ...f,
    shareBp: share(f.amountCents, yearHtCents),
  });
  const total = bands.reduce(
    (t, b) => ({ invoices: t.invoices + b.invoices, amountCents: t.amountCents + b.amountCents }),
    { invoices: 0, amountCents: 0 },
  );
  return {
    direction,
    bands: bands.map(figures),
    total: figures(total),
    yearHtCents,
    disputed,
    otherCurrency,
  };
}

/** The table of `aging` (the aged balance on the closing day) over the year `period`. */
export function computeD441(
  aging: AgingReport,
  yearHtCents: ReadonlyMap<Direction, number>,
  period: ReportPeriod,
  company: D441Table['company'],
): D441Table {
  return {
    kind: 'd441',
    closing: aging.asOf,
    period,
    sides: [
      side('INBOUND', aging.lines, yearHtCents.get('INBOUND') ?? 0),
      side('OUTBOUND', aging.lines, yearHtCents.get('OUTBOUND') ?? 0),
    ],
    company,
    coverage: aging.coverage,
    generatedAt: aging.generatedAt,
  };
}
