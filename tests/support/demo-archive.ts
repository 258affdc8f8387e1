// Fills an archive with the demo operator's invoices without going through HTTP: the same data
// the demo operator serves (same seed, same clock), written the way a sync writes it (search
// items with business data and last status, then full details). For benchmarks and for screens
// that need a full archive before the app starts; the sync itself is tested over real HTTP.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { searchBusinessData } from '#main/demo-operator/data/invoices.ts';
import { archivePath, openArchive } from '#main/services/archive/sqlite/archive-store.ts';
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

/** The folder where a test run keeps the archives it filled, to copy them rather than fill them
 * again (scripts/test.sh and the e2e global set-up make one per run, and remove it). */
export const FILLED_ARCHIVES_ENV = 'INVOICE_DESK_TEST_FILLED_ARCHIVES';

interface Filled {
  invoices: number;
  details: number;
}

/** Writes the archive file of `connectionId` under `dataDir`; returns the number of details.
 * With a run's folder of filled archives, the same options give a copy of the same file: a
 * fill is seconds of CPU, a copy milliseconds, and the suite fills the same few archives
 * dozens of times. */
export function fillDemoArchive(
  dataDir: string,
  connectionId: string,
  options: DemoArchiveOptions,
): Filled {
  const folder = process.env[FILLED_ARCHIVES_ENV];
  const target = archivePath(dataDir, connectionId);
  // An archive already there is written into, as a sync would: no copy replaces it.
  if (!folder || existsSync(target)) return fill(dataDir, connectionId, options);
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        connectionId,
        options.seed ?? 42,
        options.invoices,
        options.now.toISOString(),
        options.company ?? null,
        options.detailShare ?? 1,
      ]),
    )
    .digest('hex')
    .slice(0, 24);
  const kept = join(folder, `${key}.sqlite`);
  const counts = join(folder, `${key}.json`);
  if (!existsSync(counts)) {
    const filled = fill(dataDir, connectionId, options);
    // Another process of the run may fill the same key at the same time: each writes its own
    // temporary copy and renames it, so a reader sees a whole file or none.
    const temporary = `${kept}.${process.pid}.tmp`;
    copyFileSync(target, temporary);
    renameSync(temporary, kept);
    writeFileSync(`${counts}.${process.pid}.tmp`, JSON.stringify(filled));
    renameSync(`${counts}.${process.pid}.tmp`, counts);
    return filled;
  }
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  copyFileSync(kept, target);
  chmodSync(target, 0o600);
  return JSON.parse(readFileSync(counts, 'utf8')) as Filled;
}

function fill(dataDir: string, connectionId: string, options: DemoArchiveOptions): Filled {
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
