// One connection's return to file now (issue 26, item 5): its accounting settings (regime, legal
// form, department, SIREN), the company found in its archive (SIREN, name) and the periods the
// accountant recorded as declared, given to the pure calendar (shared/tax-calendar.ts). Every
// screen with a period opens on this return's, and the portfolio's VAT column is its.
import type { AccountingSettings } from '#shared/accounting.ts';
import { returnDueNow, type DueReturn, type TaxProfile } from '#shared/tax-calendar.ts';
import { defaultAccountingSettings } from '#shared/accounting-settings.ts';
import type { UserDataStore } from '../archive/user-data-store.ts';

export interface DueReturnFiles {
  /** The company the archive names (null without an archive or when none is named). */
  company: { siren: string; name: string | null } | null;
  /** The user-data file, when the user ever wrote one. */
  user: Pick<UserDataStore, 'readAccountingSettings' | 'declaredReturn'> | null;
}

/** What the due day rests on: the settings first, the archive's company where they say nothing. */
export function taxProfileOf(
  settings: AccountingSettings,
  company: DueReturnFiles['company'],
): TaxProfile {
  return {
    regime: settings.vatRegime,
    legalForm: settings.legalForm,
    department: settings.department,
    siren: settings.siren ?? company?.siren ?? null,
    name: company?.name ?? null,
  };
}

export function dueReturnOf(files: DueReturnFiles, now: Date): DueReturn {
  const settings = files.user?.readAccountingSettings() ?? defaultAccountingSettings();
  const declared = (period: { from: string; to: string }) =>
    files.user?.declaredReturn(period) != null;
  return returnDueNow(now, taxProfileOf(settings, files.company), declared);
}
