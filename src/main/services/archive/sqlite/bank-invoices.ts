// The reads bank matching makes of an archive (issue 29): every invoice that can be paid, with
// the few facts of its details matching needs (what is payable, the payment means' IBANs and
// reference, the other party's trading name), read from the facts' columns (schema step 14,
// invoice-facts.ts). Without details, the row's TTC.
import type { DatabaseSync } from 'node:sqlite';
import type { Direction } from '#shared/operator/enums.ts';
import { PAYABLE_STATES, type PayableInvoice } from '#shared/payable.ts';
import { bankInvoice } from '../bank-invoice.ts';
import { rowsWithFacts } from './facts-sql.ts';

/** The invoices that can be paid: a payable state, not a credit note, dated and numbered. */
const PAYABLE = `invoices.state IN (${[...PAYABLE_STATES].map((s) => `'${s}'`).join(', ')})
  AND COALESCE(invoices.type_code, '380') <> '381'
  AND invoices.invoice_date IS NOT NULL AND invoices.invoice_number IS NOT NULL`;
const COLUMNS = [
  'invoice_id',
  'direction',
  'invoice_number',
  'invoice_date',
  'due_date',
  'counterparty_name',
  'counterparty_siren',
  'ttc_cents',
  'currency',
] as const;

interface Row {
  invoice_id: string;
  direction: Direction;
  invoice_number: string;
  invoice_date: string;
  due_date: string | null;
  counterparty_name: string | null;
  counterparty_siren: string | null;
  ttc_cents: number | null;
  currency: string | null;
}

export function* bankInvoices(db: DatabaseSync): Generator<PayableInvoice> {
  const columns = COLUMNS.map((c) => `invoices.${c}`);
  for (const { values, facts } of rowsWithFacts(db, columns, PAYABLE, [])) {
    const row = Object.fromEntries(COLUMNS.map((c, i) => [c, values[i] ?? null])) as unknown as Row;
    const invoice = bankInvoice(
      {
        invoiceId: row.invoice_id,
        direction: row.direction,
        invoiceNumber: row.invoice_number,
        invoiceDate: row.invoice_date,
        dueDate: row.due_date,
        counterpartyName: row.counterparty_name,
        counterpartySiren: row.counterparty_siren,
        ttcCents: row.ttc_cents,
        currency: row.currency,
      },
      facts,
    );
    if (invoice) yield invoice;
  }
}
