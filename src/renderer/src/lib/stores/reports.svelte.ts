// What the Rapports screen shows, kept while the user visits other screens: the report chosen
// and its period (by default the last full month, the one a monthly VAT return is about), and
// the last report computed (a Search, see search.svelte.ts).
import type { ArgsOf } from '#shared/contract.ts';
import { REPORT_KINDS, type ReportKind, type ReportPeriod } from '#shared/reports.ts';
import { periodOf, shiftPeriod } from '#shared/report-period.ts';
import { today } from '../screens/reports/labels.ts';
import { Search } from './search.svelte.ts';

class ReportChoice {
  kind = $state<ReportKind>(REPORT_KINDS[0]);
  period = $state<ReportPeriod>(shiftPeriod(periodOf('month', today()), -1));
  /** The échéancier's day the user chose (issue 29), null: the period's end or today. */
  asOf = $state<string | null>(null);

  /** What 'reports:get' and the export are asked for the choice: the échéancier on its day. */
  args(kind: ReportKind = this.kind, period: ReportPeriod = this.period): ArgsOf<'reports:get'> {
    return kind === 'aging' && this.asOf
      ? { report: kind, period, asOf: this.asOf }
      : { report: kind, period };
  }
}

export const reportChoice = new ReportChoice();

class ReportSearch extends Search<'reports:get'> {
  #generationShown: number | null = null;

  constructor() {
    super('reports:get');
  }

  /** Computes the report of `args` for the active connection `generation` (session.generation):
   * the last report stays on screen meanwhile, unless it is another connection's. */
  compute(args: ArgsOf<'reports:get'>, generation: number): void {
    if (generation !== this.#generationShown) this.clear();
    this.#generationShown = generation;
    void this.run(args);
  }
}

/** The report of the choice, computed in main from the active connection's archive. */
export const reports = new ReportSearch();
