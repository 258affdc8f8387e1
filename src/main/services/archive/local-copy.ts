// A workstation on the firm's archive keeps a local copy of each client it opens (issue 30,
// item 5): the embedded SQLite archive of the same connection id, filled from the firm's
// through the ports (every invoice's search item and detail), so that when the server cannot
// be reached the same ports read it. The copy is refreshed when the firm's archive changed
// since (its version and counts), writing only the invoices new or changed since; when each
// copy was made is kept beside the archives.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ArchiveRow } from '#shared/archive.ts';
import type { ArchivedInvoice, ArchivePort } from './ports.ts';

/** The saved answer the copied pages are kept under (one key: each page replaces the last). */
export const LOCAL_COPY_QUERY = { q: 'invoice-desk:firm-local-copy' } as const;

/** Up to this many new or changed invoices are read one by one, more in one streamed pass. */
const FEW_CHANGED = 200;

/** What a row's copy must agree on with the firm's: its state, lifecycle, amount and detail. */
function signature(row: ArchiveRow): string {
  return JSON.stringify([
    row.state,
    row.lifecycleCode,
    row.lifecycleDate,
    row.invoiceNumber,
    row.ttcCents,
    row.detailFetchedAt,
  ]);
}

/** What the firm's archive was when copied: a copy of the same is not made again. */
interface CopyStamp {
  copiedAt: string;
  version: number | null;
  invoices: number;
  details: number;
  lastSyncAt: string | null;
}

export function localCopiesPath(dataDir: string): string {
  return join(dataDir, 'archive', 'firm-local-copies.json');
}

/** When each connection's local copy was made, and of what. */
export class LocalCopies {
  readonly #path: string;
  /** One refresh per connection at a time: a second ask joins the running one. */
  readonly #running = new Map<string, Promise<boolean>>();

  constructor(dataDir: string) {
    this.#path = localCopiesPath(dataDir);
  }

  /** Read each time (a small file): another process (the CLI) may have copied meanwhile. */
  get #stamps(): Record<string, CopyStamp> {
    return readStamps(this.#path);
  }

  /** The day and time of each connection's copy. */
  dates(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.#stamps).map(([id, s]) => [id, s.copiedAt]));
  }

  copiedAt(connectionId: string): string | null {
    return this.#stamps[connectionId]?.copiedAt ?? null;
  }

  /** Copies the firm's archive of a connection into its local one when it changed since the
   * last copy; true when it copied. */
  refresh(firm: ArchivePort, local: () => Promise<ArchivePort>, now: () => Date): Promise<boolean> {
    const id = firm.connectionId;
    const running = this.#running.get(id);
    if (running) return running;
    const work = this.#refresh(firm, local, now).finally(() => this.#running.delete(id));
    this.#running.set(id, work);
    return work;
  }

  async #refresh(
    firm: ArchivePort,
    local: () => Promise<ArchivePort>,
    now: () => Date,
  ): Promise<boolean> {
    const [version, counts, lastSyncAt] = await Promise.all([
      firm.archiveVersion(),
      firm.counts(),
      firm.lastSyncAt(),
    ]);
    const before = this.#stamps[firm.connectionId];
    if (
      before &&
      before.version === version &&
      before.invoices === counts.invoices &&
      before.details === counts.details &&
      before.lastSyncAt === lastSyncAt
    )
      return false;
    const copiedAt = now().toISOString();
    const target = await local();
    // What the copy holds already, by invoice: only what is new or changed is written again
    // (a detail written is one transaction: a copy of 100,000 is long, the next ones are not).
    const held = new Map<string, string>();
    for await (const rows of target.invoiceBatches())
      for (const row of rows) held.set(row.invoiceId, signature(row));
    const changed: string[] = [];
    for await (const rows of firm.invoiceBatches())
      for (const row of rows)
        if (held.get(row.invoiceId) !== signature(row)) changed.push(row.invoiceId);
    const write = async (invoices: readonly ArchivedInvoice[]): Promise<void> => {
      if (invoices.length === 0) return;
      await target.saveSearchPage(
        LOCAL_COPY_QUERY,
        { data: invoices.map((invoice) => invoice.searchItem), meta: { localCopy: true } },
        copiedAt,
      );
      for (const invoice of invoices)
        if (invoice.detail)
          await target.saveDetail(invoice.detail, invoice.row.detailFetchedAt ?? copiedAt);
    };
    if (changed.length > FEW_CHANGED) {
      // Many: one pass over the firm's archive, its details streamed.
      const wanted = new Set(changed);
      for await (const batch of firm.detailBatches())
        await write(batch.filter((invoice) => wanted.has(invoice.row.invoiceId)));
    } else {
      // Few: each read by id.
      const found: ArchivedInvoice[] = [];
      for (const id of changed) {
        const invoice = await firm.invoice(id);
        if (invoice) found.push(invoice);
      }
      await write(found);
    }
    writeStamps(this.#path, {
      ...this.#stamps,
      [firm.connectionId]: { copiedAt, version, ...counts, lastSyncAt },
    });
    return true;
  }
}

function readStamps(path: string): Record<string, CopyStamp> {
  if (!existsSync(path)) return {};
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, CopyStamp>) : {};
  } catch {
    return {}; // a damaged list: the next refresh copies again
  }
}

/** Written whole then renamed: a kill leaves the old list or the new. */
function writeStamps(path: string, stamps: Record<string, CopyStamp>): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(stamps, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}
