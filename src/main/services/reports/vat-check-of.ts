// The Contrôle TVA of one connection's archive and period (reports/index.ts computeReport's
// 'vatCheck'): the TVA report and the CA3 the caller computed, and the period's ledger built here
// as Comptabilité builds it (accounting/index.ts: the same rows, marks and third parties),
// compared by vat-check.ts.
import type { Ca3Report } from '#shared/ca3.ts';
import type { AccountingSettings, ThirdParty } from '#shared/accounting.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { ReportPeriod, VatReport } from '#shared/reports.ts';
import type { VatCheck } from '#shared/vat-check.ts';
import type { ArchiveReads } from '../archive/ports.ts';
import { ledgerBuilder } from '../accounting/ledger.ts';
import { accountChooser } from '../accounting/third-parties.ts';
import { coverageOf } from './source.ts';
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

export async function vatCheckOf(
  archive: ArchiveReads,
  period: ReportPeriod,
  input: CheckInput,
): Promise<VatCheck> {
  const { settings, marks, now } = input;
  const found = await archive.company();
  const coverage = await coverageOf(archive);
  const builder = ledgerBuilder({
    period,
    settings,
    chooser: accountChooser({ thirdParties: () => [...input.thirdParties] }, settings),
    company: { siren: found?.siren ?? null, name: found?.name ?? null },
    coverage,
    ...(input.currency ? { currency: input.currency } : {}),
    now,
  });
  // A batch at a time, as the Comptabilité's ledger is built (accounting/index.ts).
  for await (const batch of archive.accountingRows(period.from, period.to, markedIn(marks, period)))
    for (const row of withPayments(batch, marks)) builder.add(row);
  const ledger = builder.finish();
  return computeVatCheck({ vat: input.vat, ca3: input.ca3, ledger, settings, now });
}
