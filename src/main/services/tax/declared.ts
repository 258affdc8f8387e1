// "Déclarée" (issue 26, item 6): the figures a return was declared on are kept, and the return
// computed again from today's archive is compared with them, invoice by invoice: what was added,
// taken away or counted otherwise since. Pure: the caller reads and writes the user-data file.
import type { Ca3Report } from '#shared/ca3.ts';
import type {
  DeclaredCell,
  DeclaredChange,
  DeclaredFigures,
  DeclaredReturn,
} from '#shared/declared.ts';
import type { DeclaredReturnRecord } from '../archive/user-data-store.ts';

/** A return's figures: every box's amount, and every invoice's part of each box it fills. */
export function figuresOf(report: Pick<Ca3Report, 'boxes'>): DeclaredFigures {
  const figures: DeclaredFigures = { boxes: {}, invoices: {} };
  for (const box of report.boxes) {
    figures.boxes[box.code] = box.amountCents;
    for (const c of box.contributions) {
      const invoice = (figures.invoices[c.invoiceId] ??= {
        number: c.number,
        counterpartyName: c.counterpartyName,
        cells: {},
      });
      // A rate box's amount is its tax; the base boxes' their base.
      const cents = box.baseCents === null ? c.baseCents : c.taxCents;
      invoice.cells[box.code] = (invoice.cells[box.code] ?? 0) + cents;
    }
  }
  return figures;
}

/** Read back from the file: what is not a DeclaredFigures counts as empty (never throws). */
export function storedFigures(value: unknown): DeclaredFigures {
  const v = value as Partial<DeclaredFigures> | null | undefined;
  return {
    boxes: typeof v?.boxes === 'object' && v.boxes !== null ? v.boxes : {},
    invoices: typeof v?.invoices === 'object' && v.invoices !== null ? v.invoices : {},
  };
}

function cellsBetween(
  before: Record<string, number>,
  after: Record<string, number>,
): DeclaredCell[] {
  const codes = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return codes
    .map((code) => ({ code, declaredCents: before[code] ?? 0, nowCents: after[code] ?? 0 }))
    .filter((c) => c.declaredCents !== c.nowCents);
}

/** What changed between the declared figures and today's, invoices by number then id. */
export function changesSince(declared: DeclaredFigures, now: DeclaredFigures): DeclaredChange[] {
  const ids = [...new Set([...Object.keys(declared.invoices), ...Object.keys(now.invoices)])];
  const changes: DeclaredChange[] = [];
  for (const id of ids) {
    const then = declared.invoices[id];
    const today = now.invoices[id];
    const cells = cellsBetween(then?.cells ?? {}, today?.cells ?? {});
    if (cells.length === 0) continue;
    const named = today ?? then!;
    changes.push({
      invoiceId: id,
      number: named.number,
      counterpartyName: named.counterpartyName,
      kind: !then ? 'added' : !today ? 'removed' : 'changed',
      cells,
    });
  }
  return changes.sort(
    (a, b) =>
      (a.number ?? '').localeCompare(b.number ?? '') || a.invoiceId.localeCompare(b.invoiceId),
  );
}

/** The declared return, against today's computation of the same period. */
export function declaredAgainst(
  record: DeclaredReturnRecord,
  report: Pick<Ca3Report, 'period' | 'boxes'>,
): DeclaredReturn {
  const declared = storedFigures(record.figures);
  const now = figuresOf(report);
  return {
    period: report.period,
    declaredOn: record.declaredOn,
    amountCents: record.amountCents,
    by: record.by,
    at: record.at,
    boxes: cellsBetween(declared.boxes, now.boxes),
    changes: changesSince(declared, now),
  };
}
