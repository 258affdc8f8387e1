// The archive screen's filter + sort + page mix the archive benches time (bench/archive-bench.ts
// on SQLite, bench/postgres-bench.ts on PostgreSQL): what an accountant narrows a year's
// archive with, each with a sort, built from one sample row of the archive measured.
import type { ArchiveFilter, ArchiveRow, ArchiveSort } from '#shared/archive.ts';

export type QueryCase = [label: string, filter: ArchiveFilter, sort: ArchiveSort];

/** The mix, its names and dates taken from `sample` (the archive's dearest invoice). */
export function queryCases(sample: ArchiveRow): QueryCase[] {
  const name = (sample.counterpartyName ?? 'SARL').split(/\s+/)[0]!;
  const sampleSiren = sample.counterpartySiren ?? '000000000';
  const year = (sample.invoiceDate ?? '2025-01-01').slice(0, 4);
  const month = (sample.invoiceDate ?? '2025-01-01').slice(0, 7);
  return [
    ['no filter, newest first', {}, { key: 'createDate', descending: true }],
    ['no filter, by TTC desc', {}, { key: 'ttcCents', descending: true }],
    ['no filter, by counterparty', {}, { key: 'counterpartyName' }],
    [
      `invoice date: one month (${month}), by date`,
      { invoiceDateFrom: `${month}-01`, invoiceDateTo: `${month}-31` },
      { key: 'invoiceDate' },
    ],
    [
      `invoice date: one year (${year}), by TTC desc`,
      { invoiceDateFrom: `${year}-01-01`, invoiceDateTo: `${year}-12-31` },
      { key: 'ttcCents', descending: true },
    ],
    [
      `counterparty name "${name}" (FTS), by date desc`,
      { counterparty: name },
      { key: 'invoiceDate', descending: true },
    ],
    [
      `counterparty name "${name.slice(0, 3)}" prefix (FTS), by TTC`,
      { counterparty: name.slice(0, 3) },
      { key: 'ttcCents' },
    ],
    [
      'counterparty SIREN, by date desc',
      { counterparty: sampleSiren },
      { key: 'invoiceDate', descending: true },
    ],
    [
      'TTC 1,000–5,000 €, by TTC',
      { ttcMinCents: 100_000, ttcMaxCents: 500_000 },
      { key: 'ttcCents' },
    ],
    ['TTC ≥ 10,000 €, by counterparty', { ttcMinCents: 1_000_000 }, { key: 'counterpartyName' }],
    [
      'credit notes, by date desc',
      { kind: 'credit_note' },
      { key: 'invoiceDate', descending: true },
    ],
    [
      'credit notes, received, one year, by TTC desc',
      {
        kind: 'credit_note',
        direction: 'INBOUND',
        invoiceDateFrom: `${year}-01-01`,
        invoiceDateTo: `${year}-12-31`,
      },
      { key: 'ttcCents', descending: true },
    ],
    [
      `one year + name "${name}" + TTC ≥ 100 €, by counterparty`,
      {
        invoiceDateFrom: `${year}-01-01`,
        invoiceDateTo: `${year}-12-31`,
        counterparty: name,
        ttcMinCents: 10_000,
      },
      { key: 'counterpartyName' },
    ],
    [
      'issued, lifecycle 212 (Encaissée), by due date',
      { direction: 'OUTBOUND', lifecycleCodes: ['212'] },
      { key: 'dueDate' },
    ],
  ];
}
