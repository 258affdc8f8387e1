// The VAT facts an export's VAT sheet reads of an invoice's details (the port's DetailVatFacts),
// taken from its extracted facts the same way by both stores (sqlite/report-rows.ts,
// postgres/archive-port.ts).
import type { InvoiceFacts } from './invoice-facts.ts';
import type { DetailVatFacts } from './ports.ts';

export function detailVatFactsOf(facts: InvoiceFacts): DetailVatFacts {
  return {
    invoiceId: facts.platformId as string,
    number: facts.number as string,
    currency: facts.currency as string,
    taxDetails: facts.vatLines,
    type: facts.type,
  };
}
