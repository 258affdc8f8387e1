// The precise reason of an AppError, when main gave one the UI knows how to word.
import { ERROR_REASONS, type AppError, type ErrorReason } from '#shared/contract.ts';

export function knownReason(error: AppError): ErrorReason | null {
  const reason = error.reason;
  return reason !== undefined && (ERROR_REASONS as readonly string[]).includes(reason)
    ? reason
    : null;
}
