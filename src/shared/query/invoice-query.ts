// Builds the operator's q expression for invoice search (spec 4.1): searchable fields
// invoice.invoiceId, invoice.state, invoice.direction; `field:"value"`, AND / OR in upper case,
// parentheses. Pure: the renderer shows and copies what it sends, tests check it.
import {
  DIRECTIONS,
  INVOICE_STATES,
  type Direction,
  type InvoiceState,
} from '../operator/enums.ts';

export interface InvoiceQueryFilters {
  /** Any of these states (OR); empty or absent for all states. */
  states?: readonly InvoiceState[];
  /** One direction; absent for both. */
  direction?: Direction | null;
  /** One platform invoice id (uuid); absent for all. */
  invoiceId?: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value.trim());
}

/** A value between double quotes; a quote or backslash inside is escaped (none of the searchable
 * values contain one, but free text must never break out of its quotes). */
export function quoteValue(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function condition(field: string, value: string): string {
  return `${field}:${quoteValue(value)}`;
}

/**
 * `{states:['DELIVERED','VALID'], direction:'INBOUND'}` →
 * `(invoice.state:"DELIVERED" OR invoice.state:"VALID") AND invoice.direction:"INBOUND"`.
 * Returns '' when there is no condition (all invoices). States keep the caller's order (the
 * order the user picked them) and are deduplicated.
 * Throws on a value outside the spec's enumerations or a malformed uuid: the UI validates first.
 */
export function buildInvoiceQuery(filters: InvoiceQueryFilters): string {
  const parts: string[] = [];
  const chosen = new Set(filters.states ?? []);
  for (const state of chosen) {
    if (!(INVOICE_STATES as readonly string[]).includes(state)) {
      throw new RangeError(`Unknown invoice state: ${String(state)}`);
    }
  }
  const states = [...chosen];
  if (states.length === 1) parts.push(condition('invoice.state', states[0]!));
  else if (states.length > 1) {
    parts.push(`(${states.map((s) => condition('invoice.state', s)).join(' OR ')})`);
  }
  if (filters.direction) {
    if (!(DIRECTIONS as readonly string[]).includes(filters.direction)) {
      throw new RangeError(`Unknown direction: ${String(filters.direction)}`);
    }
    parts.push(condition('invoice.direction', filters.direction));
  }
  const id = filters.invoiceId?.trim();
  if (id) {
    if (!isUuid(id)) throw new RangeError(`Not a uuid: ${id}`);
    parts.push(condition('invoice.invoiceId', id.toLowerCase()));
  }
  return parts.join(' AND ');
}
