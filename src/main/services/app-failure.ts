// An error that already knows how it crosses the boundary, thrown by the app's own services
// (connections, vault, archive, export). Shaped like AppError (kind, message, details) so that toAppError in
// services/errors.ts passes it through unchanged, even after it went through the OperatorClient.
import type { AppError, ErrorKind, ErrorReason } from '#shared/contract.ts';

export class AppFailure extends Error {
  readonly kind: ErrorKind;
  readonly details?: unknown;
  /** What exactly happened, where the kind alone would mislead (e.g. not_archived). */
  readonly reason?: ErrorReason;

  constructor(kind: ErrorKind, message: string, details?: unknown, reason?: ErrorReason) {
    super(message);
    this.name = 'AppFailure';
    this.kind = kind;
    if (details !== undefined) this.details = details;
    if (reason !== undefined) this.reason = reason;
  }

  get appError(): AppError {
    return {
      kind: this.kind,
      message: this.message,
      ...(this.reason !== undefined ? { reason: this.reason } : {}),
      ...(this.details !== undefined ? { details: this.details } : {}),
    };
  }
}
