// The portfolio of many connections from the firm's archive in four queries whatever their
// number (SQLite opens each archive file in turn): the month's counts, the codes to act on,
// each connection's company and its sync state, all grouped by connection. The same figures
// as PostgresArchive.portfolioFigures gives for one (and SQLite's: the parity test).
import type pg from 'pg';
import { DIRECTIONS, INVOICE_STATES } from '#shared/operator/enums.ts';
import { ACT_ON_CODES, type ActOnCode } from '#shared/portfolio.ts';
import type { PortfolioEntry } from '../ports.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The entries of the connections that have an archive here (absent: none). */
export async function portfolioEntries(
  pool: pg.Pool,
  connectionIds: readonly string[],
  asOf: string,
): Promise<Map<string, PortfolioEntry>> {
  if (!DAY.test(asOf)) throw new RangeError(`Not a day (YYYY-MM-DD): ${JSON.stringify(asOf)}`);
  const month = asOf.slice(0, 7);
  const ids = [...connectionIds];
  const [states, counts, codes, companies] = await Promise.all([
    pool.query<{
      connection_id: string;
      last_sync_at: string | null;
      unfinished: boolean;
      complete: number;
    }>(
      `SELECT a.connection_id,
         (SELECT max(finished_at) FROM sync_runs r WHERE r.connection_id = a.connection_id)
           AS last_sync_at,
         EXISTS (SELECT 1 FROM sync_runs r
                 WHERE r.connection_id = a.connection_id AND r.finished_at IS NULL) AS unfinished,
         (SELECT count(*) FROM sync_partitions p WHERE p.connection_id = a.connection_id
            AND p.complete AND p.direction = ANY($2) AND p.state = ANY($3))::int AS complete
       FROM archives a WHERE a.connection_id = ANY($1)`,
      [ids, [...DIRECTIONS], [...INVOICE_STATES]],
    ),
    pool.query<{ connection_id: string; issued: number; received: number; archived: number }>(
      `SELECT connection_id,
         count(*) FILTER (WHERE direction = 'OUTBOUND' AND invoice_date LIKE $2)::int AS issued,
         count(*) FILTER (WHERE direction = 'INBOUND' AND invoice_date LIKE $2)::int AS received,
         count(*) FILTER (WHERE direction IN ('OUTBOUND', 'INBOUND'))::int AS archived
       FROM invoices WHERE connection_id = ANY($1) AND invoice_date IS NOT NULL
       GROUP BY connection_id`,
      [ids, `${month}-%`],
    ),
    pool.query<{ connection_id: string; code: ActOnCode; n: number }>(
      `SELECT connection_id, lifecycle_code AS code, count(*)::int AS n FROM invoices
       WHERE connection_id = ANY($1) AND lifecycle_code = ANY($2)
         AND direction IN ('OUTBOUND', 'INBOUND')
       GROUP BY connection_id, lifecycle_code`,
      [ids, [...ACT_ON_CODES]],
    ),
    // The company as PostgresArchive.company finds it: the most frequent SIREN of the issued
    // invoices' sellers (else the received ones' buyers), ties to the smaller, and its most
    // frequent name.
    pool.query<{ connection_id: string; siren: string; name: string | null }>(
      `WITH sides AS (
         SELECT connection_id, direction,
           CASE direction WHEN 'OUTBOUND' THEN seller_siren ELSE buyer_siren END AS siren,
           CASE direction WHEN 'OUTBOUND' THEN seller_name ELSE buyer_name END AS name
         FROM invoices WHERE connection_id = ANY($1) AND direction IN ('OUTBOUND', 'INBOUND')),
       best AS (
         SELECT DISTINCT ON (connection_id) connection_id, direction, siren FROM sides
         WHERE siren IS NOT NULL
         GROUP BY connection_id, direction, siren
         ORDER BY connection_id, direction = 'INBOUND', count(*) DESC, siren),
       named AS (
         SELECT DISTINCT ON (connection_id) connection_id, name FROM sides
         JOIN best USING (connection_id, direction, siren) WHERE name IS NOT NULL
         GROUP BY connection_id, name
         ORDER BY connection_id, count(*) DESC, name)
       SELECT best.connection_id, best.siren, named.name
       FROM best LEFT JOIN named USING (connection_id)`,
      [ids],
    ),
  ]);
  const byId = <T extends { connection_id: string }>(rows: T[]) =>
    new Map(rows.map((r) => [r.connection_id, r]));
  const countsOf = byId(counts.rows);
  const companyOf = byId(companies.rows);
  const entries = new Map<string, PortfolioEntry>();
  for (const state of states.rows) {
    const id = state.connection_id;
    const codeCounts = {} as Record<ActOnCode, number>;
    for (const code of ACT_ON_CODES) codeCounts[code] = 0;
    for (const row of codes.rows) if (row.connection_id === id) codeCounts[row.code] = row.n;
    const company = companyOf.get(id);
    const count = countsOf.get(id);
    entries.set(id, {
      figures: {
        company: company ? { siren: company.siren, name: company.name } : null,
        asOf,
        month,
        issued: count?.issued ?? 0,
        received: count?.received ?? 0,
        codes: codeCounts,
        archived: count?.archived ?? 0,
      },
      lastSyncAt: state.last_sync_at,
      everyPartitionComplete: state.complete === DIRECTIONS.length * INVOICE_STATES.length,
      hasUnfinishedSync: state.unfinished,
    });
  }
  return entries;
}
