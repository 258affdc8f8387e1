// The whole demo data set of one demo operator: company pool, invoice records, directory and
// participants, plus an on-demand, bounded cache of full invoices. The history ends the day
// before the start; invoices arriving after the start are added, newest first, as time runs.
import type {
  DirectoryEntry,
  Invoice,
  LastStatusData,
  Participant,
} from '#shared/operator/schemas.ts';
import { Rng, mixSeed } from './rng.ts';
import { generateCompanies, type CompanyPool } from './companies.ts';
import { arrivalRecord, generateRecords, type InvoiceRecord } from './records.ts';
import { buildInvoice, taxedOnPayment } from './invoices.ts';
import { lastStatusOf } from './lifecycle.ts';
import { buildDirectory } from './directory.ts';
import { buildParticipants } from './participants.ts';

export interface DatasetOptions {
  /** The demo operator's clock at the start (ms since the epoch); default Date.now(). */
  startMs?: number;
  /** New invoices deposited per minute after the start; default 0. */
  arrivalsPerMinute?: number;
  /** The demo account's own company name (companies.ts, DEMO_COMPANY_NAME by default). */
  company?: string;
}

export interface Dataset {
  seed: number;
  pool: CompanyPool;
  startMs: number;
  arrivalsPerMinute: number;
  /** In search order: createDate descending, then invoiceId. Arrivals are added at the head. */
  records: InvoiceRecord[];
  byId: Map<string, InvoiceRecord>;
  directory: DirectoryEntry[];
  participants: Participant[];
  /** Full invoice of a record; built on first use and cached (bounded). */
  invoice(record: InvoiceRecord): Invoice;
  /** The lifecycle status shown at `nowMs` (it depends on the invoice's VAT being due on payment). */
  lastStatus(record: InvoiceRecord, nowMs: number): LastStatusData | undefined;
  /** Adds the invoices that have arrived by `nowMs` (never removes any); returns how many. */
  catchUp(nowMs: number): number;
}

export const MAX_INVOICES = 100_000;
/** Most arrivals per minute: one per 10 ms keeps every createDate distinct. */
export const MAX_ARRIVALS_PER_MINUTE = 6000;
/** Full invoices kept in memory; beyond it the oldest built are dropped (they rebuild identically). */
const CACHE_SIZE = 20_000;

/** Refuses what createDataset would refuse, without building anything (the demo operator checks
 * its options at start and builds its data on first use). */
export function checkDatasetArgs(
  seed: number,
  invoiceCount: number,
  options: DatasetOptions = {},
): void {
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isInteger(invoiceCount) || invoiceCount < 0 || invoiceCount > MAX_INVOICES) {
    throw new RangeError(
      `invoices must be an integer from 0 to ${MAX_INVOICES}, got ${invoiceCount}`,
    );
  }
  const startMs = options.startMs ?? Date.now(); // an operator's own clock: callers may fix it
  const perMinute = options.arrivalsPerMinute ?? 0;
  if (!Number.isSafeInteger(startMs) || startMs < 0)
    throw new RangeError(`startMs must be a time in ms, got ${startMs}`);
  if (!Number.isInteger(perMinute) || perMinute < 0 || perMinute > MAX_ARRIVALS_PER_MINUTE) {
    throw new RangeError(
      `arrivals per minute must be an integer from 0 to ${MAX_ARRIVALS_PER_MINUTE}, got ${perMinute}`,
    );
  }
}

export function createDataset(
  seed: number,
  invoiceCount: number,
  options: DatasetOptions = {},
): Dataset {
  checkDatasetArgs(seed, invoiceCount, options);
  const startMs = options.startMs ?? Date.now(); // an operator's own clock: callers may fix it
  const perMinute = options.arrivalsPerMinute ?? 0;
  // Companies depend on the seed only, not on the invoice count: the same seed gives the same
  // directory whatever the size of the invoice set.
  const pool = generateCompanies(new Rng(mixSeed(seed, 0xc0)), options.company);
  const { records, numbering } = generateRecords(pool, seed, invoiceCount, startMs);
  const byId = new Map(records.map((r) => [r.invoiceId, r]));
  const cache = new Map<string, Invoice>();
  let arrived = 0;
  const dataset: Dataset = {
    seed,
    pool,
    startMs,
    arrivalsPerMinute: perMinute,
    records,
    byId,
    directory: buildDirectory(pool),
    participants: buildParticipants(pool),
    invoice(record) {
      let invoice = cache.get(record.invoiceId);
      if (!invoice) {
        invoice = buildInvoice(pool, record);
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(record.invoiceId, invoice);
      }
      return invoice;
    },
    lastStatus(record, nowMs) {
      return lastStatusOf(record, nowMs, taxedOnPayment(dataset.invoice(record)));
    },
    catchUp(nowMs) {
      if (perMinute === 0) return 0;
      // Arrival k comes at startMs + ceil((k + 1) × 60,000 / perMinute): by an elapsed time e,
      // floor(e × perMinute / 60,000) have come. It depends on the seed and the time only.
      const due = Math.floor((Math.max(0, nowMs - startMs) * perMinute) / 60_000);
      if (due <= arrived) return 0;
      const batch: InvoiceRecord[] = [];
      for (let k = arrived; k < due; k++) {
        const record = arrivalRecord(
          pool,
          seed,
          k,
          startMs + Math.ceil(((k + 1) * 60_000) / perMinute),
        );
        numbering.assign(record);
        batch.push(record);
        byId.set(record.invoiceId, record);
      }
      arrived = due;
      // Each arrival is newer than everything before it: the head of the search order.
      dataset.records = batch.reverse().concat(dataset.records);
      return batch.length;
    },
  };
  return dataset;
}
