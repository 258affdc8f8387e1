// One archived invoice as the reports read it: its archive row (columns in integer cents) and, for
// the TVA report, its full details. Shared helpers to name it in a report.
import type { Direction } from '#shared/operator/enums.ts';
import type { Invoice } from '#shared/operator/schemas.ts';
import type { ReportInvoice } from '#shared/reports.ts';
import type { ArchiveRow } from '../archive/archive-store.ts';
import { isCreditNote, parisDay } from './rules.ts';

export interface ReportItem {
  row: ArchiveRow;
  /** The full invoice when its details are archived (the TVA report needs its breakdown). */
  detail?: Invoice | null;
  /** BT-115 "amount to pay" in cents, when the archive knows it (the échéancier). */
  payableCents?: number | null;
}

export function directionOf(row: ArchiveRow): Direction {
  return row.direction === 'INBOUND' ? 'INBOUND' : 'OUTBOUND';
}

/** The day an invoice is dated: its invoice date, else its deposit day. */
export function invoiceDay(row: ArchiveRow): string | null {
  return row.invoiceDate ?? parisDay(row.createDate);
}

export function reportInvoice(row: ArchiveRow): ReportInvoice {
  return {
    invoiceId: row.invoiceId,
    direction: directionOf(row),
    state: row.state,
    number: row.invoiceNumber,
    typeCode: row.typeCode,
    creditNote: isCreditNote(row.typeCode),
    invoiceDate: invoiceDay(row),
    dueDate: row.dueDate,
    counterpartyName: row.counterpartyName,
    counterpartySiren: row.counterpartySiren,
    htCents: row.htCents,
    tvaCents: row.tvaCents,
    ttcCents: row.ttcCents,
    currency: row.currency ?? 'EUR',
    lifecycleCode: row.lifecycleCode,
    lifecycleDate: row.lifecycleDate,
  };
}

/** Issued invoices first (collected VAT, receivables), then received ones. */
export const DIRECTION_ORDER: readonly Direction[] = ['OUTBOUND', 'INBOUND'];

export function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
