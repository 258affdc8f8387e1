// The whole demo data set of one sandbox: company pool, invoice records, directory and
// participants, plus an on-demand, bounded cache of full invoices.
import type { DirectoryEntry, Invoice, Participant } from '../../../shared/operator/schemas.ts';
import { Rng, mixSeed } from './rng.ts';
import { generateCompanies, type CompanyPool } from './companies.ts';
import { generateRecords, type InvoiceRecord } from './records.ts';
import { buildInvoice } from './invoices.ts';
import { buildDirectory } from './directory.ts';
import { buildParticipants } from './participants.ts';

export interface Dataset {
  seed: number;
  pool: CompanyPool;
  /** In search order: createDate descending, then invoiceId. */
  records: InvoiceRecord[];
  byId: Map<string, InvoiceRecord>;
  directory: DirectoryEntry[];
  participants: Participant[];
  /** Full invoice of a record; built on first use and cached (bounded). */
  invoice(record: InvoiceRecord): Invoice;
}

export const MAX_INVOICES = 100_000;
/** Full invoices kept in memory; beyond it the oldest built are dropped (they rebuild identically). */
const CACHE_SIZE = 20_000;

export function createDataset(seed: number, invoiceCount: number): Dataset {
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isInteger(invoiceCount) || invoiceCount < 0 || invoiceCount > MAX_INVOICES) {
    throw new RangeError(
      `invoices must be an integer from 0 to ${MAX_INVOICES}, got ${invoiceCount}`,
    );
  }
  // Companies depend on the seed only, not on the invoice count: the same seed gives the same
  // directory whatever the size of the invoice set.
  const pool = generateCompanies(new Rng(mixSeed(seed, 0xc0)));
  const records = generateRecords(pool, seed, invoiceCount);
  const byId = new Map(records.map((r) => [r.invoiceId, r]));
  const cache = new Map<string, Invoice>();
  return {
    seed,
    pool,
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
  };
}
