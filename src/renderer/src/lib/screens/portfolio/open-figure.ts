// Following a portfolio figure: the row's connection becomes the active one, then the matching
// screen opens already filtered (the archive by direction and month or by lifecycle code, the
// échéancier or the VAT return of the month, Comptabilité's third parties to map, the Banque
// screen's lines to decide).
import type { AppError } from '#shared/contract.ts';
import { session } from '../../stores/session.svelte.ts';
import { navigation } from '../../stores/navigation.svelte.ts';
import { archive } from '../../stores/archive.svelte.ts';
import { reportChoice } from '../../stores/reports.svelte.ts';
import { accountingChoice } from '../../stores/accounting.svelte.ts';
import { bankChoice } from '../../stores/bank.svelte.ts';
import type { Destination } from './portfolio-rows.ts';

export async function openDestination(
  connectionId: string,
  destination: Destination,
): Promise<AppError | null> {
  const error = await session.activate(connectionId);
  if (error) return error;
  switch (destination.screen) {
    case 'archive':
      archive.form = destination.form;
      archive.mode = 'archive';
      navigation.go('invoices');
      // Asked under the connection just made active: the screen shows this answer.
      archive.apply();
      break;
    case 'reports':
      reportChoice.kind = destination.kind;
      reportChoice.period = destination.period;
      navigation.go('reports');
      break;
    case 'accounting':
      accountingChoice.tab = destination.tab;
      accountingChoice.period = destination.period;
      accountingChoice.offset = 0;
      navigation.go('accounting');
      break;
    case 'bank':
      bankChoice.request(destination.state);
      navigation.go('bank');
      break;
  }
  return null;
}
