// An error that already knows how it crosses the boundary, thrown by the spine's own services
// (connections, vault). Shaped like AppError (kind, message, details) so that toAppError in
// services/errors.ts passes it through unchanged, even after it went through the OperatorClient.
import type { AppError, ErrorKind } from '#shared/contract.ts';

export class AppFailure extends Error {
  readonly kind: ErrorKind;
  readonly details?: unknown;

  constructor(kind: ErrorKind, message: string, details?: unknown) {
    super(message);
    this.name = 'AppFailure';
    this.kind = kind;
    if (details !== undefined) this.details = details;
  }

  get appError(): AppError {
    return this.details === undefined
      ? { kind: this.kind, message: this.message }
      : { kind: this.kind, message: this.message, details: this.details };
  }
}
