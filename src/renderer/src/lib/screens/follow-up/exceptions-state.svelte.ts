// What "À traiter" shows, kept while the user visits other screens (issue 19, item 4): the
// period (by default the last full month, the one an accountant closes, as in Comptabilité),
// which rows (open, handled, all), and main's answer (a Search: shown only under the connection
// it was asked for).
import type { ExceptionShow } from '#shared/exceptions.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { periodOf, shiftPeriod } from '#shared/report-period.ts';
import { Search } from '../../stores/search.svelte.ts';
import { today } from '../reports/labels.ts';

class ExceptionsChoice {
  period = $state<ReportPeriod>(shiftPeriod(periodOf('month', today()), -1));
  show = $state<ExceptionShow>('open');
}

export const exceptionsChoice = new ExceptionsChoice();

/** The period's list, as main computed it. */
export const exceptionsList = new Search('exceptions:list');
