// Payment marks: the accountant's own word that an invoice was paid, beside the operator's
// statuses 211 and 212.
import { AppFailure } from '../services/app-failure.ts';
import { besideTheArchive } from '../services/archive/beside-the-archive.ts';
import { paymentMarksOf } from '../services/archive/payment-marks.ts';
import type { ArchiveRow } from '#shared/archive.ts';
import type { PaymentMark } from '#shared/payments.ts';
import type { Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function paymentsHandlers(
  services: Pick<HandlerServices, 'connections' | 'archives' | 'userData' | 'bank'>,
  shared: Pick<Shared, 'activeForUserData' | 'now'>,
) {
  const { connections, archives } = services;
  const { activeForUserData, now } = shared;
  return {
    // Payment marks are the user's own data (user-data-store.ts): written offline and while
    // working offline too, since nothing is sent. Only to the active connection: every screen
    // shows the active connection's invoices, so a mark naming another comes from a screen left
    // over from before a switch, and is refused rather than written under the wrong client.
    'payments:mark': async ({ connectionId, invoiceIds, paidOn, note }) => {
      await activeForUserData(connectionId);
      if (paidOn > addDaysUtc(now(), 1))
        throw new AppFailure('invalid_input', `The payment day ${paidOn} is in the future.`);
      const userData = await services.userData.of(connectionId);
      await userData.markPaid(invoiceIds, paidOn, note ? note : null, now());
      return [...(await userData.paymentMarks(invoiceIds)).values()];
    },
    'payments:unmark': async ({ connectionId, invoiceIds }) => {
      await activeForUserData(connectionId);
      return (await services.userData.of(connectionId)).unmarkPaid(invoiceIds);
    },
    'payments:get': async ({ connectionId, invoiceIds }) => {
      await connections.get(connectionId); // not_found for a connection that does not exist
      // A read never creates the file: no file, no marks.
      const userData = await services.userData.existing(connectionId);
      const marks = (await userData?.paymentMarks(invoiceIds)) ?? new Map<string, PaymentMark>();
      const archive = await archives.ports.existing(connectionId);
      // What the bank statements' matches paid (the bank file read once, when there is one).
      const { bankMatches } = besideTheArchive(archives.dataDir, services.userData, services.bank);
      const bank = archive
        ? await paymentMarksOf(archive, { userData: null, bankMatches }, invoiceIds)
        : new Map<string, PaymentMark>();
      const rows = new Map<string, ArchiveRow>();
      for (const invoiceId of invoiceIds) {
        const found = await archive?.invoice(invoiceId);
        if (found) rows.set(invoiceId, found.row);
      }
      return invoiceIds.map((invoiceId) => {
        const row = rows.get(invoiceId);
        const code = row?.lifecycleCode;
        const byBank = bank.get(invoiceId);
        return {
          invoiceId,
          status:
            code === '211' || code === '212' ? { code, date: row?.lifecycleDate ?? null } : null,
          mark: marks.get(invoiceId) ?? null,
          ...(byBank ? { bank: { paidOn: byBank.paidOn, lineIds: byBank.bankLines ?? [] } } : {}),
        };
      });
    },
  } satisfies HandlersOf<'payments'>;
}

/** The calendar day (UTC) `days` after `now`, YYYY-MM-DD: the latest payment day accepted
 * (today wherever the user is). */
function addDaysUtc(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
