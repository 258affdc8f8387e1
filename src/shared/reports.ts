// The accountant's reports (TVA, échéancier, statuts) as they cross to the renderer and the CLI.
// Computed in main from the archive (src/main/services/reports/). Amounts in integer cents.
export const REPORT_KINDS = ['vat', 'aging', 'status'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** A period of days, both ends included (YYYY-MM-DD), and how the user named it:
 * a month "2026-10", a quarter "2026-Q3", a year "2026", or a custom range "2026-01-15..2026-02-14". */
export interface ReportPeriod {
  from: string;
  to: string;
  label: string;
}

// The report shapes are filled in with their computation (src/main/services/reports/).
export interface VatReport {
  kind: 'vat';
  period: ReportPeriod;
}
export interface AgingReport {
  kind: 'aging';
  period: ReportPeriod;
}
export interface StatusReport {
  kind: 'status';
  period: ReportPeriod;
}
export type Report = VatReport | AgingReport | StatusReport;
