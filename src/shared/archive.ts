// The archive's shapes as they cross to the renderer, the CLI and the exports: filters, sorts,
// rows, coverage and sync progress. Main's archive services (src/main/services/archive/) use
// these same types; the SQL behind them stays in main.
import type { Direction, InvoiceState } from './operator/enums.ts';
import type { InvoiceSearchItem } from './operator/schemas.ts';

export interface ArchiveFilter {
  /** Invoice date (BT-2) range, YYYY-MM-DD, both ends included. */
  invoiceDateFrom?: string;
  invoiceDateTo?: string;
  /** Due date (BT-9) range, YYYY-MM-DD, both ends included. */
  dueDateFrom?: string;
  dueDateTo?: string;
  /** The other party: a SIREN (9 digits), SIRET (14 digits) or VAT number matches exactly;
   * anything else is a name searched word by word (prefixes, accents ignored). */
  counterparty?: string;
  /** The archive screen's one search field: an invoice number or any part of it (3 characters
   * or more; shorter, the start of one of its words), the words of a party's name, or the other
   * party's SIREN, SIRET or VAT number (see searchOf in archive-query.ts). */
  text?: string;
  /** TTC range in cents, both ends included. */
  ttcMinCents?: number;
  ttcMaxCents?: number;
  kind?: 'invoice' | 'credit_note';
  lifecycleCodes?: readonly string[];
  direction?: Direction;
  states?: readonly InvoiceState[];
  /** Only invoices whose full business data was fetched (true) or not yet (false). */
  detailFetched?: boolean;
}

/** Every column of the archive table can sort it. */
export const ARCHIVE_SORT_KEYS = [
  'invoiceId',
  'direction',
  'state',
  'invoiceNumber',
  'typeCode',
  'invoiceDate',
  'dueDate',
  'createDate',
  'sellerName',
  'buyerName',
  'counterpartyName',
  'counterpartySiren',
  'counterpartySiret',
  'counterpartyVat',
  'htCents',
  'tvaCents',
  'ttcCents',
  'currency',
  'lifecycleCode',
  'lifecycleDate',
  'detailFetchedAt',
] as const;
export type ArchiveSortKey = (typeof ARCHIVE_SORT_KEYS)[number];

export interface ArchiveSort {
  key: ArchiveSortKey;
  descending?: boolean;
}

/** The seller and the buyer of an invoice, as an archived row and an export's row name them. */
export interface InvoiceParties {
  sellerName: string | null;
  sellerSiren: string | null;
  sellerSiret: string | null;
  sellerVat: string | null;
  buyerName: string | null;
  buyerSiren: string | null;
  buyerSiret: string | null;
  buyerVat: string | null;
}

/** One archived invoice as the archive table shows it. Amounts in integer cents. */
export interface ArchiveRow extends InvoiceParties {
  invoiceId: string;
  direction: string;
  state: string;
  invoiceNumber: string | null;
  typeCode: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  createDate: string | null;
  counterpartyName: string | null;
  counterpartySiren: string | null;
  counterpartySiret: string | null;
  counterpartyVat: string | null;
  htCents: number | null;
  tvaCents: number | null;
  ttcCents: number | null;
  currency: string | null;
  lifecycleCode: string | null;
  lifecycleDate: string | null;
  searchFetchedAt: string;
  detailFetchedAt: string | null;
}

/** A lifecycle status the archive read for an invoice: its code and date as the operator gave
 * them, and when the archive first saw it. */
export interface SeenStatus {
  code: string;
  date: string | null;
  seenAt: string;
}

/** What the archive knows of an invoice's state and statuses (the invoice panel's head). */
export interface InvoiceStatusRecord {
  state: string;
  direction: string;
  lifecycleCode: string | null;
  lifecycleDate: string | null;
  /** Oldest first. */
  history: SeenStatus[];
}

export interface ArchiveStats {
  connectionId: string;
  invoices: number;
  details: number;
  /** Database, WAL and shared-memory files together. */
  sizeBytes: number;
  lastSyncAt: string | null;
  schemaVersion: number;
}

/** How much of one direction × state partition the archive holds (the operator shows at most
 * 1,200 invoices of one query). */
export interface PartitionCoverage {
  direction: Direction;
  state: InvoiceState;
  /** True: every invoice the operator listed in this partition was read. False: cut by the
   * 1,200-row window, or not finished yet (see `finished`). */
  complete: boolean;
  /** A run has read this partition to its end or to the window at least once. */
  finished: boolean;
  /** Oldest creation date reached (ISO), null before any page. */
  oldest: string | null;
  /** The operator's count for this partition at the last page read. */
  operatorCount: number | null;
  /** Archived invoices in this partition now. */
  archived: number;
  finishedAt: string | null;
}

/** The lists read as one, newest first, because the operator refused to filter them by state
 * and direction (some deployments answer 400 to those fields in q): it shows at most 1,200
 * invoices of one query, so past that the older ones could not be read. */
export interface UnfilteredListCoverage {
  /** True: the operator listed no more than the sync read. */
  complete: boolean;
  /** A run has read the list to its end or to the window. */
  finished: boolean;
  oldest: string | null;
  operatorCount: number | null;
  /** The 1,200-row window: the most a list can show. */
  window: number;
  finishedAt: string | null;
}

export type SyncPhase = 'lists' | 'status' | 'details' | 'done';

export interface SyncProgress {
  phase: SyncPhase;
  runId: number;
  /** Requests made by this sync call (a retry the client makes at the sync's pace counts too). */
  requests: number;
  invoicesSeen: number;
  invoicesNew: number;
  invoicesUpdated: number;
  statusChecked: number;
  detailsFetched: number;
  detailsRemaining: number;
  partitionsDone: number;
  partitionsTotal: number;
  /** Estimated requests still needed for the whole run. */
  requestsRemaining: number;
  /** Estimated seconds left, null until it can be told. */
  etaSeconds: number | null;
  /** The coverage as it stands, partitions marked complete as they complete. */
  coverage?: PartitionCoverage[];
  /** Set when the operator refused the state/direction filter (see UnfilteredListCoverage). */
  filterRefused?: UnfilteredListCoverage | null;
}

export interface SyncSummary extends SyncProgress {
  /** This call went on with a run a previous sync left unfinished. */
  resumed: boolean;
  /** Stopped by the signal; the next sync resumes. */
  cancelled: boolean;
  detailsFailed: number;
  coverage: PartitionCoverage[];
}

/** An archive file SQLite found damaged, set aside (renamed with the date, never deleted) until
 * the user rebuilds the archive from the operator. */
export interface ArchiveDamage {
  /** Where the damaged file went: <data dir>/archive/<id>.damaged-<UTC date>.sqlite */
  setAsideAs: string;
  /** When the damage was found (ISO). */
  detectedAt: string;
}

/** A connection's archive as the settings and the invoices screen show it. */
export interface ArchiveStatus extends ArchiveStats {
  /** Set when the archive was found damaged and set aside: it must be rebuilt. */
  damage: ArchiveDamage | null;
  /** The newest answer the archive holds (a sync or a saved live answer), null when empty: the
   * date the offline banner gives. */
  lastSavedAt: string | null;
  coverage: PartitionCoverage[];
  /** Set when the operator refused the state/direction filter (see UnfilteredListCoverage). */
  filterRefused?: UnfilteredListCoverage | null;
  /** A sync of this connection is running now (in this app). */
  syncing: boolean;
}

export interface ArchiveSearchArgs {
  filter?: ArchiveFilter;
  sort?: ArchiveSort;
  offset: number;
  limit: number;
}

export interface ArchiveSearchResult {
  rows: ArchiveRow[];
  total: number;
}

/** Sums of one currency's matching invoices, in cents; credit notes count negative. */
export interface ArchiveCurrencyTotals {
  /** ISO 4217 code; EUR where the invoice gave none. */
  currency: string;
  /** Invoices of this currency. */
  count: number;
  htCents: number;
  tvaCents: number;
  ttcCents: number;
}

export interface ArchiveTotalsArgs {
  filter?: ArchiveFilter;
}

/** What the archive screen sums up under its filters: the count and the amounts per currency
 * (most archives have one: EUR), largest count first. */
export interface ArchiveTotals {
  count: number;
  currencies: ArchiveCurrencyTotals[];
}

/** The details of invoices:get's not_archived failure when the archive holds the invoice's list
 * data only (its full business data was never fetched): the renderer shows these, and says so. */
export interface ArchivedListData {
  archived: 'list';
  searchItem: InvoiceSearchItem;
  /** When that list data was saved. */
  fetchedAt: string;
}

export function isArchivedListData(value: unknown): value is ArchivedListData {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Partial<ArchivedListData>;
  return (
    v.archived === 'list' &&
    typeof v.fetchedAt === 'string' &&
    typeof v.searchItem === 'object' &&
    v.searchItem !== null &&
    typeof v.searchItem.metadata === 'object'
  );
}
