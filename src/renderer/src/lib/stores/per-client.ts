// Filters belong to a client (issue 27, item 4): as the active connection changes, a store's
// filters are kept under the connection left and the new one's own come back (or none, for a
// connection not filtered yet). Client 2's archive never opens on Client 1's "Dernier statut 208".
import { session } from './session.svelte.ts';

/** `save` reads the store's filters now; `restore` puts back a connection's own (null: none). */
export function keepPerClient<T>(save: () => T, restore: (kept: T | null) => void): void {
  const kept = new Map<string, T>();
  session.onSwitch((from, to) => {
    if (from !== null) kept.set(from, save());
    restore(to === null ? null : (kept.get(to) ?? null));
  });
}
