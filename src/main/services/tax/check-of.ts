// The Contrôle TVA of one connection's archive and period: the TVA report and the CA3 computed
// from the archive (reports/index.ts), the entries from the ledger the caller gives (the one
// Comptabilité keeps), compared by vat-check.ts. A period a return does not cover is a
// RangeError, as the CA3's.
import type { Ca3Report } from '#shared/ca3.ts';
import type { Ledger } from '#shared/accounting.ts';
import type { ReportPeriod, VatReport } from '#shared/reports.ts';
import type { VatCheck } from '#shared/vat-check.ts';
import type { ArchiveStore } from '../archive/archive-store.ts';
import { computeReport, readCa3UserData, type ComputeReportOptions } from '../reports/index.ts';
import { computeVatCheck } from './vat-check.ts';

export function vatCheckOf(
  store: ArchiveStore,
  period: ReportPeriod,
  ledger: (period: ReportPeriod) => Ledger,
  options: ComputeReportOptions = {},
): VatCheck {
  const userData = options.userData ?? readCa3UserData(store, period);
  const read = { ...options, userData };
  const ca3 = computeReport(store, 'ca3', period, read) as Ca3Report;
  const vat = computeReport(store, 'vat', period, read) as VatReport;
  return computeVatCheck({
    vat,
    ca3,
    ledger: ledger(period),
    settings: userData.settings,
    ...(options.now ? { now: options.now } : {}),
  });
}
