// The firm's archive as the renderer knows it (issue 30): where the archive is and whether the
// firm's server answers (the settings section, the banner), and the open screen reloaded when
// another workstation changes the client on screen (firm-changes.ts).
import type { FirmState } from '#shared/firm.ts';
import { api } from '../api.ts';
import { session } from './session.svelte.ts';
import { refreshOnFirmChanges } from './firm-changes.ts';

class Firm {
  state = $state.raw<FirmState | null>(null);
  #started = false;

  /** Once the session is ready: the state read, then kept by main's events. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    api.on('firm:state', (state) => (this.state = state));
    refreshOnFirmChanges(
      { on: (listener) => api.on('firm:changed', listener) },
      {
        activeConnectionId: () => session.settings?.activeConnectionId,
        refresh: () => session.generation++,
      },
    );
    void this.load();
  }

  async load(): Promise<void> {
    const r = await api.invoke('firm:state');
    if (r.ok) this.state = r.value;
  }

  /** The firm's server cannot be reached: the date of the active client's local copy (null
   * when it has none); undefined while the server answers or on the embedded archive. */
  get unreachableCopy(): string | null | undefined {
    const state = this.state;
    if (state?.store !== 'firm' || state.connection.state !== 'unreachable') return undefined;
    const id = session.settings?.activeConnectionId;
    return (id && state.localCopies[id]) || null;
  }
}

export const firm = new Firm();
