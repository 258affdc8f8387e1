// The portfolio's figures of one archive (issue 19), read from portfolio_figures: counts the
// triggers of schema step 9 keep current as the sync writes. Each read is a primary-key lookup
// or a short range of that small table, so 200 archives open in well under a second.
import type { DatabaseSync } from 'node:sqlite';
import { DIRECTIONS, INVOICE_STATES } from '#shared/operator/enums.ts';
import { ACT_ON_CODES, type ActOnCode, type PortfolioFigures } from '#shared/portfolio.ts';
import type { KeptPortfolioDetails } from '../ports.ts';
export type { KeptPortfolioDetails } from '../ports.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An open invoice, as schema step 9's 'due' figures count it (repeated here: a released step
 * never changes): not known as paid, not rejected or refused, not set aside by its state.
 * Those counts are kept consistent but no longer read (issue 27): the portfolio's past due is
 * the échéancier's own count (PortfolioDetails.pastDue), which sees what is left to pay. */
const OPEN = `state NOT IN ('INVALID', 'DUPLICATED', 'WRONG_ROUTING', 'CONVERSION_FAILED',
  'NOT_DELIVERED') AND coalesce(lifecycle_code, '') NOT IN ('210', '211', '212', '213')`;
/** The company's side of an invoice, as step 9's 'party' figures key it. */
const PARTY = `(CASE direction WHEN 'OUTBOUND'
  THEN seller_siren || char(9) || coalesce(seller_name, '')
  ELSE buyer_siren || char(9) || coalesce(buyer_name, '') END)`;

/** Counts new invoices (rids, as JSON) into the figures, one statement a figure for a whole
 * page (schema step 12): what step 9's insert trigger did row by row. (Step 11's version needs
 * nothing here: each new invoice's JSON row bumps it, through invoice_json's own trigger.) */
export function countNewInvoices(db: DatabaseSync, ridsJson: string): void {
  const among = 'rid IN (SELECT value FROM json_each(?))';
  for (const [figure, key, where] of [
    ['month', 'substr(invoice_date, 1, 7)', 'invoice_date IS NOT NULL'],
    ['code', 'lifecycle_code', 'lifecycle_code IS NOT NULL'],
    [
      'due',
      'coalesce(due_date, invoice_date)',
      `${OPEN} AND coalesce(due_date, invoice_date) IS NOT NULL`,
    ],
    ['party', PARTY, `${PARTY} IS NOT NULL`],
  ] as const) {
    db.prepare(
      `INSERT INTO portfolio_figures (figure, direction, key, n)
       SELECT '${figure}', direction, ${key}, count(*) FROM invoices WHERE ${among} AND ${where}
       GROUP BY 2, 3
       ON CONFLICT DO UPDATE SET n = n + excluded.n`,
    ).run(ridsJson);
  }
}

export function portfolioFigures(db: DatabaseSync, asOf: string): PortfolioFigures {
  if (!DAY.test(asOf)) throw new RangeError(`Not a day (YYYY-MM-DD): ${JSON.stringify(asOf)}`);
  const month = asOf.slice(0, 7);
  const sum = db.prepare(
    `SELECT coalesce(sum(n), 0) AS n FROM portfolio_figures
     WHERE figure = ? AND direction = ? AND key = ?`,
  );
  const count = (figure: string, direction: string, key: string): number =>
    Number((sum.get(figure, direction, key) as { n: number }).n);
  const codes = {} as Record<ActOnCode, number>;
  for (const code of ACT_ON_CODES)
    codes[code] = count('code', 'OUTBOUND', code) + count('code', 'INBOUND', code);
  return {
    company: company(db),
    asOf,
    month,
    issued: count('month', 'OUTBOUND', month),
    received: count('month', 'INBOUND', month),
    codes,
    archived: Number(
      (
        db
          .prepare(
            `SELECT coalesce(sum(n), 0) AS n FROM portfolio_figures
             WHERE figure = 'month' AND direction IN ('OUTBOUND', 'INBOUND')`,
          )
          .get() as { n: number }
      ).n,
    ),
  };
}

/** The company as companySiren (accounting-rows.ts) finds it, from the 'party' counts: the most
 * frequent SIREN of its issued invoices' sellers (else its received invoices' buyers), ties to
 * the smaller, and that SIREN's most frequent name. */
function company(db: DatabaseSync): { siren: string; name: string | null } | null {
  const parties = db
    .prepare(
      `SELECT direction, key, n FROM portfolio_figures
       WHERE figure = 'party' AND direction IN ('OUTBOUND', 'INBOUND') AND n > 0`,
    )
    .all() as { direction: string; key: string; n: number }[];
  for (const direction of ['OUTBOUND', 'INBOUND']) {
    const bySiren = new Map<string, number>();
    const names: { siren: string; name: string; n: number }[] = [];
    for (const p of parties) {
      if (p.direction !== direction) continue;
      const tab = p.key.indexOf('\t');
      const siren = p.key.slice(0, tab);
      const name = p.key.slice(tab + 1);
      bySiren.set(siren, (bySiren.get(siren) ?? 0) + Number(p.n));
      if (name) names.push({ siren, name, n: Number(p.n) });
    }
    const first = <T>(list: T[], order: (a: T, b: T) => number): T | undefined =>
      list.sort(order)[0];
    const found = first([...bySiren], (a, b) => b[1] - a[1] || compare(a[0], b[0]));
    if (!found) continue;
    const named = first(
      names.filter((x) => x.siren === found[0]),
      (a, b) => b.n - a.n || compare(a.name, b.name),
    );
    return { siren: found[0], name: named?.name ?? null };
  }
  return null;
}

/** SQLite's default (binary) order of text, as ORDER BY gives it. */
function compare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** The writes so far that change what the ledger and the CA3 draft read (schema step 11); null
 * for an archive kept at an older step (tests of upgrades). */
export function archiveVersion(db: DatabaseSync): number | null {
  if (!hasTable(db, 'archive_version')) return null;
  const row = db.prepare('SELECT n FROM archive_version WHERE one = 1').get() as
    { n: number } | undefined;
  return row ? Number(row.n) : null;
}

/** The details kept for `month` (YYYY-MM), whatever they rest on; null when none are. */
export function keptPortfolioDetails(db: DatabaseSync, month: string): KeptPortfolioDetails | null {
  if (!hasTable(db, 'portfolio_details')) return null;
  const row = db
    .prepare(
      `SELECT month, archive_version, user_stamp, to_map, vat_cents, past_due
       FROM portfolio_details WHERE month = ?`,
    )
    .get(month) as
    | {
        month: string;
        archive_version: number;
        user_stamp: string;
        to_map: number;
        vat_cents: number;
        past_due: number | null;
      }
    | undefined;
  if (!row || row.past_due === null) return null; // kept before step 13: computed again
  return {
    month: row.month,
    archiveVersion: Number(row.archive_version),
    userStamp: row.user_stamp,
    toMap: Number(row.to_map),
    vatCents: Number(row.vat_cents),
    pastDue: Number(row.past_due),
  };
}

/** Keeps the month's details in place of any kept before (one month at a time). Writes only
 * portfolio_details, so the archive's version stays what they were computed at. Two statements,
 * each whole: a kill between them leaves no details kept, computed again at the next reading. */
export function keepPortfolioDetails(db: DatabaseSync, kept: KeptPortfolioDetails): void {
  if (!hasTable(db, 'portfolio_details')) return;
  db.prepare('DELETE FROM portfolio_details WHERE month <> ?').run(kept.month);
  db.prepare(
    `INSERT INTO portfolio_details
       (month, archive_version, user_stamp, to_map, vat_cents, past_due)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (month) DO UPDATE SET archive_version = excluded.archive_version,
       user_stamp = excluded.user_stamp, to_map = excluded.to_map,
       vat_cents = excluded.vat_cents, past_due = excluded.past_due`,
  ).run(kept.month, kept.archiveVersion, kept.userStamp, kept.toMap, kept.vatCents, kept.pastDue);
}

/** Every partition the sync reads (direction × state) was read to its end: what the coverage's
 * `complete` says of all of them, without counting the invoices of each (2 ms an archive of
 * 20,000 invoices, 0.4 s for 200). */
export function everyPartitionComplete(db: DatabaseSync): boolean {
  const marks = (list: readonly string[]) => list.map(() => '?').join(', ');
  const row = db
    .prepare(
      `SELECT count(*) AS n FROM sync_partitions WHERE complete = 1
       AND direction IN (${marks(DIRECTIONS)}) AND state IN (${marks(INVOICE_STATES)})`,
    )
    .get(...DIRECTIONS, ...INVOICE_STATES) as { n: number };
  return Number(row.n) === DIRECTIONS.length * INVOICE_STATES.length;
}

function hasTable(db: DatabaseSync, name: string): boolean {
  return (
    db
      .prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(name) !== undefined
  );
}
