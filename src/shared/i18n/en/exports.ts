// English twin of ../fr/exports.ts: must have exactly the same keys (see ../translation.ts).
import type { Translation } from '../translation.ts';
import type fr from '../fr/exports.ts';

export default {
  button: 'Export to Excel',
  progressLabel: 'Export progress',
  preparing: 'Preparing the export…',
  fetching: 'Reading the data: {rows}',
  fetchingOf: 'Reading the data: {rows} of {total}',
  writing: 'Writing the workbook: {rows}',
  writingOf: 'Writing the workbook: {rows} of {total}',
  cancel: 'Cancel',
  cancelLabel: 'Cancel the export',
  saved: 'Saved: {path} ({rows})',
  downloaded: 'Download started: {file} ({rows})',
  rows: { one: '{count} row', other: '{count} rows' },
  cancelled: 'Export cancelled: no file was written.',
  dismiss: 'Dismiss the message',
  dialog: {
    title: 'Export to Excel',
    filter: 'Excel workbook',
  },
  fileNames: {
    invoices: 'Invoices',
    archive: 'Invoices archive',
    invoice: 'Invoice',
    directory: 'Directory',
    participants: 'Participants',
    webhooks: 'Webhooks',
    thirdParties: 'Third parties',
  },
  about: {
    allInvoices: 'All invoices (no filter)',
    allArchived: 'All archived invoices (no filter)',
    allWebhooks: 'All webhooks of the connection',
    invoice: 'Invoice {number} (platform id {id})',
    participants: 'Search: {value}',
    invoiceCoverage: 'The whole invoice, read live from the operator.',
    liveAll: 'Every invoice the operator gives for this query ({count}).',
    liveCut:
      'Cut by the operator’s window (1,200 invoices): {count} invoices match the query, the {shown} most recent are exported. To export them all: Invoices › Archive, “Sync”, then “Export to Excel” above the archive’s list.',
    directoryAll: 'Every directory entry for this query ({count}).',
    directoryCut: 'Cut at {shown} entries: {count} entries match the query. Narrow the search.',
    participantsAll: 'Every participant found ({count}).',
    participantsCut: 'Cut at {shown} participants: narrow the search.',
    webhooksAll: 'Every webhook of the connection ({count}).',
    archiveEmpty: 'This connection’s archive is empty: no sync yet.',
    archivePartitions: {
      one: 'Archive: {complete} of {total} partitions (direction × state) read to their end by the last sync.',
      other:
        'Archive: {complete} of {total} partitions (direction × state) read to their end by the last sync.',
    },
    archiveCut: 'Cut by the operator’s window (1,200 invoices): {list}.',
    archiveCutEntry: '{direction} · {state} ({archived} of {operator})',
    archiveNeverSynced: {
      one: 'Never synced: {count} partition.',
      other: 'Never synced: {count} partitions.',
    },
    archiveDetails: {
      one: 'VAT breakdown: full details archived for {details} of {rows} invoices.',
      other: 'VAT breakdown: full details archived for {details} of {rows} invoices.',
    },
    filters: {
      // The filters' own names are the archive screen's (i18n archive.ts).
      from: 'from {date}',
      to: 'up to {date}',
      between: 'from {from} to {to}',
      min: 'at least {amount}',
      max: 'at most {amount}',
      detailFetched: 'Full details',
      detailYes: 'archived',
      detailNo: 'not archived yet',
      sort: 'Sort',
      descending: 'descending',
      ascending: 'ascending',
      vatNumber: 'VAT number',
    },
  },
} as const satisfies Translation<typeof fr>;
