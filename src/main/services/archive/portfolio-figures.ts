// The portfolio's figures of one archive (issue 19), read from portfolio_figures: counts the
// triggers of schema step 9 keep current as the sync writes. Each read is a primary-key lookup
// or a short range of that small table, so 200 archives open in well under a second.
import type { DatabaseSync } from 'node:sqlite';
import { ACT_ON_CODES, type ActOnCode, type PortfolioFigures } from '#shared/portfolio.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

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
  const pastDue = db
    .prepare(
      `SELECT coalesce(sum(n), 0) AS n FROM portfolio_figures
       WHERE figure = 'due' AND direction IN ('OUTBOUND', 'INBOUND') AND key < ?`,
    )
    .get(asOf) as { n: number };
  return {
    company: company(db),
    asOf,
    month,
    issued: count('month', 'OUTBOUND', month),
    received: count('month', 'INBOUND', month),
    codes,
    pastDue: Number(pastDue.n),
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
