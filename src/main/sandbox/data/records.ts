// Invoice metadata, generated eagerly for the whole data set because search filters, counts and
// sorts over all of it: id, state, direction, creation date, counterparty and invoice number.
// Everything else (amounts, parties, payment...) is built on demand from the record's own seed.
import type { Direction, InvoiceState } from '../../../shared/operator/enums.ts';
import { Rng, mixSeed } from './rng.ts';
import type { Company, CompanyPool } from './companies.ts';

export type InvoiceTypeCode = 380 | 381;

export interface InvoiceRecord {
  invoiceId: string;
  state: InvoiceState;
  direction: Direction;
  createMs: number;
  /** ISO date-time of deposit on the platform. */
  createDate: string;
  /** BT-2, YYYY-MM-DD: on or a few days before the deposit. */
  invoiceDate: string;
  /** Index of the other party in CompanyPool.all. */
  counterparty: number;
  /** BT-1, unique per seller except for DUPLICATED invoices, which repeat an earlier number. */
  number: string;
  type: InvoiceTypeCode;
  /** The invoice a credit note cancels (BG-3). */
  ref?: { number: string; date: string };
  /** Seed of everything built on demand for this invoice. */
  seed: number;
}

const DAY = 86_400_000;
export const FIRST_DAY_MS = Date.UTC(2025, 0, 2);
/** Last deposit day: late enough for 2026 to be busy, early enough for due dates within 2026. */
export const LAST_DAY_MS = Date.UTC(2026, 9, 31);

const STATE_WEIGHTS: readonly (readonly [InvoiceState, number])[] = [
  ['DELIVERED', 74],
  ['DELIVERY_PENDING', 7],
  ['PROCESSING', 4],
  ['PENDING', 2],
  ['VALID', 2],
  ['NOT_DELIVERED', 3],
  ['INVALID', 3],
  ['DUPLICATED', 1.5],
  ['WRONG_ROUTING', 1.5],
  ['CONVERTED', 1],
  ['CONVERSION_FAILED', 1],
];

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** The invoice number a seller gives, in that seller's own style. */
function formatNumber(
  seller: Company,
  type: InvoiceTypeCode,
  seq: number,
  invoiceDate: string,
): string {
  const yyyy = invoiceDate.slice(0, 4);
  const yy = invoiceDate.slice(2, 4);
  const mm = invoiceDate.slice(5, 7);
  const credit = type === 381;
  switch (seller.numberStyle) {
    case -1:
      return credit ? `AV${yyyy}-${pad(seq, 5)}` : `F${yyyy}-${pad(seq, 6)}`;
    case 0:
      return `${credit ? 'AV' : 'FA'}${yyyy}-${pad(seq, 5)}`;
    case 1:
      return `${credit ? 'AV' : ''}${yyyy}${mm}-${pad(seq % 10000, 4)}`;
    case 2:
      return `${credit ? 'AVO' : 'FAC'}-${pad(seq, 6)}`;
    case 3:
      return `${credit ? 'A' : 'F'}${yy}${pad(seq, 5)}`;
    case 4:
      return `${credit ? 'AV' : ''}${pad(seq, 7)}`;
    default:
      return `${credit ? 'CN' : 'INV'}-${yyyy}-${pad(seq, 5)}`;
  }
}

/**
 * Generates `count` invoice records in a stable order: creation date descending, then invoice id,
 * the order search pages are cut from.
 */
export function generateRecords(pool: CompanyPool, seed: number, count: number): InvoiceRecord[] {
  const rng = new Rng(mixSeed(seed, 0x1a2b3c));
  // Customers are mostly French; a few foreign ones are billed over Peppol.
  const customers = pool.french.filter((c) => c.trade.kind !== 'construction' || c.index % 3 === 0);
  const span = Math.floor((LAST_DAY_MS - FIRST_DAY_MS) / DAY) + 1;
  const records: InvoiceRecord[] = new Array(count);
  // Day strings computed once: toISOString per record was a third of the generation time.
  const days = Array.from({ length: span + 5 }, (_, d) => isoDay(FIRST_DAY_MS + (d - 5) * DAY));
  const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

  for (let i = 0; i < count; i++) {
    const direction: Direction = rng.chance(0.55) ? 'INBOUND' : 'OUTBOUND';
    const foreign = rng.chance(direction === 'INBOUND' ? 0.06 : 0.04);
    const counterparty = foreign
      ? pool.foreign[rng.skewedIndex(pool.foreign.length, 1.5)]!
      : direction === 'INBOUND'
        ? pool.french[rng.skewedIndex(pool.french.length)]!
        : customers[rng.skewedIndex(customers.length)]!;
    let day = rng.int(0, span - 1);
    const weekday = new Date(FIRST_DAY_MS + day * DAY).getUTCDay();
    // Few deposits at the weekend: most move to the Monday.
    if ((weekday === 0 || weekday === 6) && rng.chance(0.85) && day + 2 < span)
      day += weekday === 6 ? 2 : 1;
    const seconds = rng.int(7 * 3600, 19 * 3600);
    const createMs = FIRST_DAY_MS + day * DAY + seconds * 1000;
    const issuedBefore = direction === 'INBOUND' ? rng.int(0, 4) : rng.int(0, 1);
    const invoiceDay = Math.max(-1, day - issuedBefore); // never before 2025-01-01
    records[i] = {
      invoiceId: rng.uuid(),
      state: rng.weighted(STATE_WEIGHTS),
      direction,
      createMs,
      createDate: `${days[day + 5]}T${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}.000Z`,
      invoiceDate: days[invoiceDay + 5]!,
      counterparty: counterparty.index,
      number: '',
      type: rng.chance(0.07) ? 381 : 380,
      seed: mixSeed(seed, i + 1),
    };
  }

  records.sort(
    (a, b) =>
      b.createMs - a.createMs ||
      (a.invoiceId < b.invoiceId ? -1 : a.invoiceId > b.invoiceId ? 1 : 0),
  );

  // Numbers are given in issue order (oldest first), each seller counting on its own.
  const counters = new Map<string, number>();
  const lastInvoice = new Map<string, { number: string; date: string }>();
  const lastAny = new Map<string, InvoiceRecord>();
  for (let i = records.length - 1; i >= 0; i--) {
    const r = records[i]!;
    const seller = r.direction === 'OUTBOUND' ? pool.our : pool.all[r.counterparty]!;
    const partnerKey = `${r.direction}:${r.counterparty}`;
    const previous = lastAny.get(partnerKey);
    if (r.state === 'DUPLICATED' && previous) {
      // A duplicate is the same invoice deposited twice: same number, same type.
      r.number = previous.number;
      r.type = previous.type;
      if (previous.ref) r.ref = previous.ref;
      continue;
    }
    if (r.type === 381) {
      const cancelled = lastInvoice.get(partnerKey);
      // Only an invoice issued on or before the credit note can be credited by it.
      if (cancelled && cancelled.date <= r.invoiceDate) r.ref = cancelled;
      else r.type = 380;
    }
    const ourSide = seller === pool.our;
    const counterKey = ourSide
      ? `our:${r.type}:${r.invoiceDate.slice(0, 4)}`
      : `${seller.index}:${r.type}`;
    const seq = (counters.get(counterKey) ?? (ourSide ? 0 : seller.numberBase)) + 1;
    counters.set(counterKey, seq);
    r.number = formatNumber(seller, r.type, seq, r.invoiceDate);
    if (r.type === 380) lastInvoice.set(partnerKey, { number: r.number, date: r.invoiceDate });
    lastAny.set(partnerKey, r);
  }
  return records;
}
