// The one place that words an AppError for people: its precise reason when main gave one the UI
// knows (a host not found, an answer never archived…), else its kind. The error panel and the
// connection test say the same thing for the same failure.
import { ERROR_REASONS, type AppError, type ErrorReason } from '#shared/contract.ts';
import { t, tOr } from '../i18n/index.ts';

export function knownReason(error: AppError): ErrorReason | null {
  const reason = error.reason;
  return reason !== undefined && (ERROR_REASONS as readonly string[]).includes(reason)
    ? reason
    : null;
}

/** The panel's title: the reason's own title when it has one, else the kind's. */
export function errorTitle(error: AppError): string {
  const reason = knownReason(error);
  const byKind = t(`common.errors.${error.kind}.title`);
  if (!reason) return byKind;
  return tOr(`common.errors.reasonTitles.${reason}`, tOr(`archive.errorTitles.${reason}`, byKind));
}

/** What happened and what to do: the reason's words replace the kind's generic advice. */
export function errorAdvice(error: AppError): string {
  const reason = knownReason(error);
  return reason ? t(`common.errors.reasons.${reason}`) : t(`common.errors.${error.kind}.advice`);
}
