// Fills an archive with the demo operator's invoices without going through HTTP: the same data
// the demo operator serves (same seed, same clock), written the way a sync writes it (search
// items with business data and last status, then full details). For benchmarks and for screens
// that need a full archive before the app starts; the sync itself is tested over real HTTP.
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { searchBusinessData } from '#main/demo-operator/data/invoices.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import type { InvoiceSearchItem } from '#shared/operator/schemas.ts';

export interface DemoArchiveOptions {
  seed?: number;
  invoices: number;
  /** The demo operator's clock: history ends the day before; statuses are those shown then. */
  now: Date;
  /** The demo company's name (the demo operator's `company`), for several client companies. */
  company?: string;
  /** Share of invoices whose details are archived too (default 1: all). */
  detailShare?: number;
}

/** Writes the archive file of `connectionId` under `dataDir`; returns the number of details. */
export function fillDemoArchive(
  dataDir: string,
  connectionId: string,
  options: DemoArchiveOptions,
): { invoices: number; details: number } {
  const dataset = createDataset(options.seed ?? 42, options.invoices, {
    startMs: options.now.getTime(),
    ...(options.company ? { company: options.company } : {}),
  });
  const share = options.detailShare ?? 1;
  const archive = openArchive(dataDir, connectionId);
  const fetchedAt = options.now.toISOString();
  let details = 0;
  try {
    const batch = 1000;
    for (let start = 0; start < dataset.records.length; start += batch) {
      const records = dataset.records.slice(start, start + batch);
      const items = records.map<InvoiceSearchItem>((r) => {
        const status = dataset.lastStatus(r, options.now.getTime());
        return {
          metadata: {
            invoiceId: r.invoiceId,
            state: r.state,
            direction: r.direction,
            createDate: r.createDate,
          },
          ...(status ? { lastStatusData: status } : {}),
          businessData: searchBusinessData(dataset.invoice(r)),
        };
      });
      archive.transaction(() => {
        archive.upsertSearchItems(items, fetchedAt);
        records.forEach((r, i) => {
          // Spread evenly: every k-th invoice when only a share is detailed.
          if (share < 1 && Math.floor((start + i + 1) * share) === Math.floor((start + i) * share))
            return;
          archive.saveDetail(dataset.invoice(r), fetchedAt);
          details += 1;
        });
      });
    }
    return { invoices: dataset.records.length, details };
  } finally {
    archive.close();
  }
}
