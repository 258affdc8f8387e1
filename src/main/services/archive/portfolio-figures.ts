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
    asOf,
    month,
    issued: count('month', 'OUTBOUND', month),
    received: count('month', 'INBOUND', month),
    codes,
    pastDue: Number(pastDue.n),
  };
}
