// The company's accounting settings as the services use them: their defaults, rules and reading
// back (#shared/accounting-settings.ts, below the archive and the accounting), and the refusal of
// settings that break a rule.
import type { AccountingSettings } from '#shared/accounting.ts';
import { checkAccountingSettings } from '#shared/accounting-settings.ts';
import { AppFailure } from '../app-failure.ts';

export * from '#shared/accounting-settings.ts';

/** The settings as given, normalised, or an `invalid_input` failure whose details list
 * `{ problems: SettingsProblem[] }` (the screen words each reason; the message is English). */
export function validateAccountingSettings(input: unknown): AccountingSettings {
  const check = checkAccountingSettings(input);
  if (check.ok) return check.settings;
  throw new AppFailure(
    'invalid_input',
    `Accounting settings refused: ${check.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
    { problems: check.problems },
  );
}
