// The active connection's VAT return to file now (issue 26, item 5), as main computes it from
// its regime and legal due day: every screen with a period (Rapports and its CA3, Comptabilité,
// Suivi › À traiter) opens on that return's period when a connection becomes the active one, so
// that they all speak of the same "now"; the user's own choice of period stays until the next.
import type { DueReturn } from '#shared/tax-calendar.ts';
import { api } from '../api.ts';
import { exceptionsChoice } from '../screens/follow-up/exceptions-state.svelte.ts';
import { accountingChoice } from './accounting.svelte.ts';
import { reportChoice } from './reports.svelte.ts';

class DueReturnState {
  /** The active connection's return, once main answered. */
  value = $state<DueReturn | null>(null);
  connectionId = $state<string | null>(null);
  #asked = 0;

  /** Asks main for `connectionId`'s return; the screens open on its period when it is a
   * connection other than the last one opened (`reopen`: after its settings changed too). */
  async load(connectionId: string, reopen = false): Promise<void> {
    const ask = ++this.#asked;
    const asked = CHOICES.map((choice) => choice.period);
    const r = await api.invoke('tax:dueReturn', { connectionId });
    if (ask !== this.#asked || !r.ok) return;
    const another = connectionId !== this.connectionId;
    this.value = r.value;
    this.connectionId = connectionId;
    if (another || reopen) openOn(r.value, asked);
  }
}

const CHOICES = [reportChoice, accountingChoice, exceptionsChoice];

/** Each screen opens on the return's period, unless the user chose another period while main
 * was answering: the answer never takes back what the user just did. */
function openOn(due: DueReturn, asked: readonly unknown[]): void {
  CHOICES.forEach((choice, i) => {
    if (choice.period === asked[i]) choice.period = due.period;
  });
}

export const dueReturn = new DueReturnState();
