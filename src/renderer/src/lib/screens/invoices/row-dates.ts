// Which date the invoice list shows for a search row. The invoice date is the business one; a
// real operator may leave it out of its search answer, so the list falls back to what the
// metadata has, and says which date it is rather than leaving the column empty.
import type { InvoiceSearchItem } from '#shared/operator/schemas.ts';

/** invoice: the invoice's own date; deposit: when the operator received it; status: the date of
 * its last status. */
export type RowDateSource = 'invoice' | 'deposit' | 'status';

export interface RowDate {
  value: string;
  source: RowDateSource;
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function rowDate(row: InvoiceSearchItem): RowDate | null {
  if (present(row.businessData?.invoiceDate))
    return { value: row.businessData.invoiceDate, source: 'invoice' };
  if (present(row.metadata.createDate))
    return { value: row.metadata.createDate, source: 'deposit' };
  if (present(row.lastStatusData?.date))
    return { value: row.lastStatusData.date, source: 'status' };
  return null;
}

/** The due date exists only in the business data: no other date may stand in for it. */
export function rowDueDate(row: InvoiceSearchItem): string | null {
  const due = row.businessData?.invoiceDueDate;
  return present(due) ? due : null;
}
