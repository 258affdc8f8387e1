// The reads bank matching makes of an archive (issue 29): every invoice that can be paid, with
// the few facts of its details matching needs (what is payable, the payment means' IBANs and
// reference, the other party's trading name), read by one json_extract per row: parsing whole
// invoices in JavaScript would be most of an import's time. Without details, the row's TTC.
import type { DatabaseSync } from 'node:sqlite';
import type { Direction } from '#shared/operator/enums.ts';
import { PAYABLE_STATES, type PayableInvoice } from '#shared/payable.ts';

const SELECT = `SELECT invoices.invoice_id, invoices.direction, invoices.state, invoices.type_code,
    invoices.invoice_number, invoices.invoice_date, invoices.due_date, invoices.counterparty_name,
    invoices.counterparty_siren, invoices.ttc_cents, invoices.currency,
    json_extract(detail_json, '$.businessData.monetary.payableAmount.amount',
      '$.businessData.paymentMeans', '$.businessData.seller.tradingBusinessName',
      '$.businessData.buyer.tradingBusinessName') AS facts
  FROM invoices JOIN invoice_json ON invoice_json.rid = invoices.rid
  WHERE invoices.state IN (${[...PAYABLE_STATES].map((s) => `'${s}'`).join(', ')})
    AND COALESCE(invoices.type_code, '380') <> '381'
    AND invoices.invoice_date IS NOT NULL AND invoices.invoice_number IS NOT NULL`;

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
  facts: string | null;
}

interface Means {
  paymentReference?: string;
  bankTransfer?: { iban?: string };
  bankDirectDebit?: { iban?: string };
}

export function* bankInvoices(db: DatabaseSync): Generator<PayableInvoice> {
  for (const raw of db.prepare(SELECT).iterate()) {
    const row = raw as unknown as Row;
    const [payable, means, sellerTrading, buyerTrading] = row.facts
      ? (JSON.parse(row.facts) as [unknown, Means[] | null, string | null, string | null])
      : [null, null, null, null];
    const cents = typeof payable === 'number' ? Math.round(payable * 100) : row.ttc_cents;
    if (!cents || cents <= 0) continue;
    const ibans = new Set<string>();
    for (const m of means ?? []) {
      if (row.direction === 'INBOUND' && m.bankTransfer?.iban) ibans.add(m.bankTransfer.iban);
      if (row.direction === 'OUTBOUND' && m.bankDirectDebit?.iban)
        ibans.add(m.bankDirectDebit.iban);
    }
    const reference = means?.find((m) => m.paymentReference)?.paymentReference;
    const trading = row.direction === 'OUTBOUND' ? buyerTrading : sellerTrading;
    yield {
      id: row.invoice_id,
      direction: row.direction,
      number: row.invoice_number,
      ...(reference && reference !== row.invoice_number ? { paymentReference: reference } : {}),
      day: row.invoice_date,
      ...(row.due_date ? { dueDay: row.due_date } : {}),
      cents,
      currency: row.currency ?? 'EUR',
      counterpartyName: row.counterparty_name ?? '',
      ...(trading ? { tradingName: trading } : {}),
      ...(row.counterparty_siren ? { counterpartySiren: row.counterparty_siren } : {}),
      counterpartyIbans: [...ibans],
    };
  }
}
