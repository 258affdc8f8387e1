// The accountant's paid marks as a short digest: what a kept ledger or portfolio figure rests on
// (VAT on payment moves on a mark's day, tax/vat-due.ts), so that marking or unmarking an
// invoice computes them again.
import { createHash } from 'node:crypto';
import type { PaymentMark } from '#shared/payments.ts';

export function marksStamp(
  user: { paymentMarks(): ReadonlyMap<string, PaymentMark> } | null | undefined,
): string {
  const marks = user ? [...user.paymentMarks().values()] : [];
  const days = marks
    .map((m) => `${m.invoiceId}=${m.paidOn}`)
    .sort()
    .join(',');
  return createHash('sha256').update(days).digest('base64url');
}
