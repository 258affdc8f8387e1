// What the Rapports screen shows, kept while the user visits other screens: the report chosen
// and its period (by default the last full month, the one a monthly VAT return is about).
import { REPORT_KINDS, type ReportKind, type ReportPeriod } from '#shared/reports.ts';
import { periodOf, shiftPeriod } from '#shared/report-period.ts';
import { today } from '../screens/reports/labels.ts';

class ReportChoice {
  kind = $state<ReportKind>(REPORT_KINDS[0]);
  period = $state<ReportPeriod>(shiftPeriod(periodOf('month', today()), -1));
}

export const reportChoice = new ReportChoice();
