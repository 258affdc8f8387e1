// The Contrôle TVA of one connection's archive and period (reports/index.ts computeReport's
// 'vatCheck'): the TVA report and the CA3 the caller computed, and the period's ledger built here
// as Comptabilité builds it (accounting/index.ts: the same rows, marks and third parties),
// compared by vat-check.ts.
import type { Ca3Report } from '#shared/ca3.ts';
import type { AccountingSettings, ThirdParty } from '#shared/accounting.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { ReportPeriod, VatReport } from '#shared/reports.ts';
import type { VatCheck } from '#shared/vat-check.ts';
import type { ArchiveStore } from '../archive/sqlite/archive-store.ts';
import { buildLedger } from '../accounting/ledger.ts';
import { accountChooser } from '../accounting/third-parties.ts';
import { reportCoverage } from './source.ts';
import { computeVatCheck } from './vat-check.ts';
import { markedIn, withPayments } from '../tax/vat-due.ts';
import type { ConversionInputs } from '../tax/conversion.ts';

export interface CheckInput {
  vat: VatReport;
  ca3: Ca3Report;
  settings: AccountingSettings;
  thirdParties: readonly ThirdParty[];
  marks: ReadonlyMap<string, PaymentMark>;
  /** The rates the CA3 converted at: the entries book at the same (issue 26, item 3). */
  currency?: ConversionInputs;
  now: Date;
}

export function vatCheckOf(store: ArchiveStore, period: ReportPeriod, input: CheckInput): VatCheck {
  const { settings, marks, now } = input;
  const found = store.companySiren();
  const rows = store.accountingRows(period.from, period.to, markedIn(marks, period));
  const ledger = buildLedger(withPayments(rows, marks), {
    period,
    settings,
    chooser: accountChooser({ thirdParties: () => [...input.thirdParties] }, settings),
    company: { siren: found?.siren ?? null, name: found?.name ?? null },
    coverage: reportCoverage(store),
    ...(input.currency ? { currency: input.currency } : {}),
    now,
  });
  return computeVatCheck({ vat: input.vat, ca3: input.ca3, ledger, settings, now });
}
