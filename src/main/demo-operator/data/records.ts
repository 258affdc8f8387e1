// Invoice metadata, generated eagerly for the whole data set because search filters, counts and
// sorts over all of it: id, state, direction, creation date, counterparty and invoice number.
// Everything else (amounts, parties, payment...) is built on demand from the record's own seed.
import type { Direction, InvoiceState } from '#shared/operator/enums.ts';
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
  /**
   * Set when the record was given to a scheduled supplier (see scheduleSuppliers): who drew it at
   * first and the date that seller gave it, so the numbering still counts that seller's invoice.
   */
  displaced?: { counterparty: number; invoiceDate: string };
}

const DAY = 86_400_000;
/** Days of history before the start day: about 22 months, enough for two VAT years. */
const HISTORY_DAYS = 668;

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

/** Midnight UTC of the day of `ms`. */
function dayStart(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

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

/** Who the counterparty is: drawn the same way for the history and for arrivals. */
function drawParty(
  rng: Rng,
  pool: CompanyPool,
  customers: readonly Company[],
): { direction: Direction; counterparty: Company } {
  const direction: Direction = rng.chance(0.55) ? 'INBOUND' : 'OUTBOUND';
  const foreign = rng.chance(direction === 'INBOUND' ? 0.06 : 0.04);
  const counterparty = foreign
    ? pool.foreign[rng.skewedIndex(pool.foreign.length, 1.5)]!
    : direction === 'INBOUND'
      ? pool.french[rng.skewedIndex(pool.french.length)]!
      : customers[rng.skewedIndex(customers.length)]!;
  return { direction, counterparty };
}

/** Customers are mostly French; a few foreign ones are billed over Peppol. */
function customersOf(pool: CompanyPool): Company[] {
  return pool.french.filter((c) => c.trade.kind !== 'construction' || c.index % 3 === 0);
}

/**
 * Generates `count` invoice records deposited on the HISTORY_DAYS days before the day of
 * `startMs` (never on that day, so never after the start), in a stable order: creation date
 * descending, then invoice id, the order search pages are cut from.
 */
export function generateRecords(
  pool: CompanyPool,
  seed: number,
  count: number,
  startMs: number,
): { records: InvoiceRecord[]; numbering: Numbering } {
  const rng = new Rng(mixSeed(seed, 0x1a2b3c));
  const customers = customersOf(pool);
  const span = HISTORY_DAYS;
  const firstDayMs = dayStart(startMs) - span * DAY;
  const records: InvoiceRecord[] = new Array(count);
  // Day strings computed once: toISOString per record was a third of the generation time.
  const days = Array.from({ length: span + 5 }, (_, d) => isoDay(firstDayMs + (d - 5) * DAY));
  const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

  for (let i = 0; i < count; i++) {
    const { direction, counterparty } = drawParty(rng, pool, customers);
    let day = rng.int(0, span - 1);
    const weekday = new Date(firstDayMs + day * DAY).getUTCDay();
    // Few deposits at the weekend: most move to the Monday.
    if ((weekday === 0 || weekday === 6) && rng.chance(0.85) && day + 2 < span)
      day += weekday === 6 ? 2 : 1;
    const seconds = rng.int(7 * 3600, 19 * 3600);
    const createMs = firstDayMs + day * DAY + seconds * 1000;
    const issuedBefore = direction === 'INBOUND' ? rng.int(0, 4) : rng.int(0, 1);
    const invoiceDay = Math.max(-1, day - issuedBefore); // at most a day before the first deposit
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

  scheduleSuppliers(pool, records, firstDayMs, dayStart(startMs));

  // Numbers are given in issue order (oldest first), each seller counting on its own.
  const numbering = new Numbering(pool);
  for (let i = records.length - 1; i >= 0; i--) numbering.assign(records[i]!);
  return { records, numbering };
}

/**
 * A purchase a scheduled supplier can take over: an ordinary delivered invoice of a French
 * supplier who never sends a credit note or a duplicate (those repeat or refer to the supplier's
 * previous invoice, which must stay its own).
 */
function convertible(pool: CompanyPool, r: InvoiceRecord, referring: Set<number>): boolean {
  if (r.direction !== 'INBOUND' || r.state !== 'DELIVERED' || r.type !== 380) return false;
  const seller = pool.all[r.counterparty]!;
  return seller.country === 'FR' && !seller.schedule && !referring.has(seller.index);
}

/**
 * Gives each scheduled supplier (rent, telephone, energy, the accountant, equipment) its invoice
 * of the month: the first convertible purchase deposited in the week from its day becomes that
 * supplier's, dated on that day at the earliest. Taking existing records over rather than adding
 * some keeps the invoice count and, for every other record, everything drawn so far (issue 17:
 * the demo data set's figures are what many tests assert). Records are in search order.
 */
function scheduleSuppliers(
  pool: CompanyPool,
  records: InvoiceRecord[],
  firstDayMs: number,
  endMs: number,
): void {
  if (pool.scheduled.length === 0) return;
  const oldestFirst = records.slice().reverse();
  const taken = new Set<InvoiceRecord>();
  const referring = new Set<number>();
  for (const r of records)
    if (r.direction === 'INBOUND' && (r.type === 381 || r.state === 'DUPLICATED'))
      referring.add(r.counterparty);
  const first = new Date(firstDayMs);
  for (let month = first.getUTCFullYear() * 12 + first.getUTCMonth(); ; month++) {
    const year = Math.floor(month / 12);
    const m = month % 12;
    if (Date.UTC(year, m, 1) >= endMs) break;
    for (const supplier of pool.scheduled) {
      const schedule = supplier.schedule!;
      if (schedule.months && !schedule.months.includes(m + 1)) continue;
      const from = Date.UTC(year, m, schedule.day);
      if (from < firstDayMs || from >= endMs) continue;
      const to = Math.min(from + 7 * DAY, endMs);
      // First record deposited at or after `from` (binary search, oldest first).
      let lo = 0;
      let hi = oldestFirst.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (oldestFirst[mid]!.createMs < from) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < oldestFirst.length && oldestFirst[i]!.createMs < to; i++) {
        const r = oldestFirst[i]!;
        if (taken.has(r) || !convertible(pool, r, referring)) continue;
        taken.add(r);
        r.displaced = { counterparty: r.counterparty, invoiceDate: r.invoiceDate };
        r.counterparty = supplier.index;
        const day = isoDay(from);
        if (r.invoiceDate < day) r.invoiceDate = day;
        break;
      }
    }
  }
}

/**
 * The `index`-th invoice deposited after the start (0-based), at `createMs`. It depends on the
 * seed and the index only; its number continues its seller's sequence, so arrivals must be
 * numbered in order.
 */
export function arrivalRecord(
  pool: CompanyPool,
  seed: number,
  index: number,
  createMs: number,
): InvoiceRecord {
  const rng = new Rng(mixSeed(mixSeed(seed, 0xa771), index));
  const { direction, counterparty } = drawParty(rng, pool, customersOf(pool));
  const issuedBefore = direction === 'INBOUND' ? rng.int(0, 4) : rng.int(0, 1);
  return {
    invoiceId: rng.uuid(),
    state: rng.weighted(STATE_WEIGHTS),
    direction,
    createMs,
    createDate: new Date(createMs).toISOString(),
    invoiceDate: isoDay(createMs - issuedBefore * DAY),
    counterparty: counterparty.index,
    number: '',
    type: rng.chance(0.07) ? 381 : 380,
    seed: mixSeed(mixSeed(seed, 0xa772), index),
  };
}

/** Gives invoice numbers in issue order, each seller counting on its own. */
class Numbering {
  private readonly pool: CompanyPool;
  private readonly counters = new Map<string, number>();
  private readonly lastInvoice = new Map<string, { number: string; date: string }>();
  private readonly lastAny = new Map<string, InvoiceRecord>();

  constructor(pool: CompanyPool) {
    this.pool = pool;
  }

  /** Sets the record's number (and type and reference, for duplicates and credit notes). */
  assign(r: InvoiceRecord): void {
    const pool = this.pool;
    if (r.displaced) {
      // The seller who drew this (delivered, 380) purchase first still counts the invoice it
      // would have issued: a gap in its sequence (its invoice to someone else), so that none of
      // its other numbers moves. Its credit notes and duplicates refer to its own invoices only.
      const first = pool.all[r.displaced.counterparty]!;
      const key = `${first.index}:380`;
      this.counters.set(key, (this.counters.get(key) ?? first.numberBase) + 1);
    }
    const seller = r.direction === 'OUTBOUND' ? pool.our : pool.all[r.counterparty]!;
    const partnerKey = `${r.direction}:${r.counterparty}`;
    const previous = this.lastAny.get(partnerKey);
    if (r.state === 'DUPLICATED' && previous) {
      // A duplicate is the same invoice deposited twice: same number, same type.
      r.number = previous.number;
      r.type = previous.type;
      if (previous.ref) r.ref = previous.ref;
      return;
    }
    if (r.type === 381) {
      const cancelled = this.lastInvoice.get(partnerKey);
      // Only an invoice issued on or before the credit note can be credited by it.
      if (cancelled && cancelled.date <= r.invoiceDate) r.ref = cancelled;
      else r.type = 380;
    }
    const ourSide = seller === pool.our;
    const counterKey = ourSide
      ? `our:${r.type}:${r.invoiceDate.slice(0, 4)}`
      : `${seller.index}:${r.type}`;
    const seq = (this.counters.get(counterKey) ?? (ourSide ? 0 : seller.numberBase)) + 1;
    this.counters.set(counterKey, seq);
    r.number = formatNumber(seller, r.type, seq, r.invoiceDate);
    if (r.type === 380) this.lastInvoice.set(partnerKey, { number: r.number, date: r.invoiceDate });
    this.lastAny.set(partnerKey, r);
  }
}
