// The Banque screen's state filter (pure, so that node:test checks it): the portfolio's bank
// figures open the screen on the lines they count, by this same rule.
import type { MatchState } from '#shared/bank.ts';

/** A match state, 'undecided' (unmatched lines no decision covers: the portfolio's count), or
 * '' for every line. */
export type BankStateFilter = MatchState | 'undecided' | '';

/** The line is shown under the state filter `filter`. */
export function inStateFilter(
  line: { state: MatchState; decided: boolean },
  filter: BankStateFilter,
): boolean {
  if (filter === '') return true;
  if (filter === 'undecided') return line.state === 'unmatched' && !line.decided;
  return line.state === filter;
}
