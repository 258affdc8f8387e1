// The state filter the Banque screen opens on, set by the portfolio's bank figures
// (screens/portfolio/open-figure.ts) so that the screen shows the lines they counted. Taken
// once: the screen's own filter starts from it, and a later visit starts from every line again.
import type { BankStateFilter } from '../screens/bank/line-filter.ts';

class BankChoice {
  #requested: BankStateFilter = '';

  /** The next opening of Banque shows the lines of `filter`. */
  request(filter: BankStateFilter): void {
    this.#requested = filter;
  }

  /** The filter asked for the opening under way ('' when none), forgotten once taken. */
  take(): BankStateFilter {
    const filter = this.#requested;
    this.#requested = '';
    return filter;
  }
}

export const bankChoice = new BankChoice();
