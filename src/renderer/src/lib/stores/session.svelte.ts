// App-wide state: app info, settings, connections, keychain status, connectivity. Screens read
// `session.*` in templates (runes: they re-render on change) and call the actions below.
import type {
  AppError,
  AppInfo,
  LanguagePreference,
  ConnectionSummary,
  Result,
  Settings,
  VaultStatus,
} from '#shared/contract.ts';
import { api } from '../api.ts';
import { startupAnswers } from '../startup-calls.ts';
import { language } from './language.svelte.ts';
import { loadDictionary } from '../i18n/index.ts';

/** What decides whose data a connection brings: its operator and its client. */
function endpoint(connection: ConnectionSummary | null): string {
  if (!connection) return '';
  const { baseUrl, tokenUrl, clientId, customerId } = connection;
  return JSON.stringify([baseUrl, tokenUrl, clientId, customerId ?? null]);
}

class Session {
  info = $state<AppInfo | null>(null);
  #settings = $state<Settings | null>(null);
  /** Null until start() has read them. */
  get settings(): Settings | null {
    return this.#settings;
  }
  set settings(settings: Settings | null) {
    this.#settings = settings;
    if (settings === null) return;
    for (const known of this.#waitingForSettings.splice(0)) known();
  }
  #waitingForSettings: (() => void)[] = [];
  /** Resolves once the settings are read (at once when they are): whose answer a search sent
   * alongside the start-up is (search.svelte.ts). */
  settingsKnown(): Promise<void> {
    if (this.#settings !== null) return Promise.resolve();
    return new Promise((known) => this.#waitingForSettings.push(known));
  }
  connections = $state<ConnectionSummary[]>([]);
  vault = $state<VaultStatus | null>(null);
  online = $state(true);
  /** The operator answered again after being unreachable: the screens may show archive answers
   * until refreshed. Cleared by refreshScreens() or going offline again. */
  backOnline = $state(false);
  /** Offline because the active connection's host name does not resolve (a mistyped address). */
  hostNotFound = $state(false);
  /** The newest answer an archive holds, and whose archive (the offline banner's date). */
  #archiveDate = $state.raw<{ connectionId: string; date: string | null } | null>(null);
  /** The newest answer the active connection's archive holds (the offline banner's date): null
   * when it holds none, undefined until read; never another connection's. */
  get archiveDate(): string | null | undefined {
    const known = this.#archiveDate;
    return known && known.connectionId === this.settings?.activeConnectionId
      ? known.date
      : undefined;
  }
  /** Bumped when the active connection changes, so that screens reload their data. */
  generation = $state(0);
  startupError = $state<AppError | null>(null);
  ready = $state(false);

  /** "Travailler hors ligne": the screens answer from the archive, nothing is sent. */
  workOffline = $derived(this.settings?.workOffline ?? false);

  activeConnection = $derived(
    this.connections.find((p) => p.id === this.settings?.activeConnectionId) ?? null,
  );

  /** Bumped when the active connection's address or client changes (edited in place): its old
   * answers may be another operator's or another client's. */
  #revision = $state(0);
  /** Whose data the screens may show: the active connection as it is now. Every answer is
   * tagged with the owner it was asked for and shown only under that owner (search.svelte.ts),
   * so that nothing of one client's connection ever shows under another's name. */
  owner = $derived(`${this.settings?.activeConnectionId ?? ''}#${this.#revision}`);

  async start(): Promise<void> {
    this.startupError = null;
    const [info, settings, connections] = await startupAnswers();
    if (!info.ok) return void (this.startupError = info.error);
    if (!settings.ok) return void (this.startupError = settings.error);
    if (!connections.ok) return void (this.startupError = connections.error);
    this.info = info.value;
    await loadDictionary(info.value.language);
    language.set(info.value.language);
    this.settings = settings.value;
    this.connections = connections.value;
    this.ready = true;
    api.on('connectivity:changed', (p) => {
      const online = p?.online ?? true;
      this.hostNotFound = !online && p?.reason === 'host_not_found';
      if (online === this.online) return;
      this.backOnline = online;
      this.online = online;
      if (!online) void this.loadArchiveDate();
    });
    api.on('connections:changed', () => void this.refresh());
    if (this.workOffline) void this.loadArchiveDate();
  }

  /** Reads the date the offline banner gives: the newest answer of the active archive. */
  async loadArchiveDate(): Promise<void> {
    const id = this.settings?.activeConnectionId;
    if (!id) return;
    const r = await api.invoke('archive:status', { connectionId: id });
    if (r.ok) this.#archiveDate = { connectionId: id, date: r.value.lastSavedAt };
  }

  /** Switches "Travailler hors ligne"; the screens reload (from the archive, or live again). */
  async setWorkOffline(on: boolean): Promise<AppError | null> {
    const r = await this.#updateSettings({ workOffline: on });
    if (!r.ok) return r.error;
    this.settings = r.value;
    if (on) await this.loadArchiveDate();
    this.generation++;
    return null;
  }

  /** Hides the demo connections (issue 27, item 5), or shows them again. Hiding them while one
   * is active makes a client's connection active (main chooses): read again as a switch. */
  async setHideDemo(on: boolean): Promise<AppError | null> {
    const r = await this.#updateSettings({ hideDemo: on });
    if (!r.ok) return r.error;
    await this.refresh();
    return null;
  }

  /** The connections the switcher offers: without the demo ones once hidden (the active one
   * always, whatever it is). */
  get shownConnections(): ConnectionSummary[] {
    const hidden =
      this.settings?.hideDemo === true && this.connections.some((c) => c.kind === 'custom');
    return hidden
      ? this.connections.filter(
          (c) => c.kind === 'custom' || c.id === this.settings?.activeConnectionId,
        )
      : this.connections;
  }

  /** Reloads every screen (e.g. once back online, to replace archive answers by live ones). */
  refreshScreens(): void {
    this.backOnline = false;
    this.generation++;
  }

  async refresh(): Promise<void> {
    const before = this.settings?.activeConnectionId;
    const wasOffline = this.workOffline;
    const [settings, connections] = await Promise.all([
      api.invoke('settings:get'),
      api.invoke('connections:list'),
    ]);
    const endpointBefore = endpoint(this.activeConnection);
    // The connection active as the answer comes (an activate() may have switched meanwhile).
    const activeNow = this.settings?.activeConnectionId;
    if (settings.ok) this.settings = settings.value;
    if (connections.ok) this.connections = connections.value;
    const edited =
      this.settings?.activeConnectionId === before &&
      endpoint(this.activeConnection) !== endpointBefore;
    if (edited) this.#revision++;
    const switched = this.settings?.activeConnectionId !== before || edited;
    this.#tellSwitch(activeNow, this.settings?.activeConnectionId);
    if (switched) {
      // The previous connection's news.
      this.backOnline = false;
      this.hostNotFound = false;
    }
    if (switched || this.workOffline !== wasOffline) {
      this.generation++;
      if (!this.online || this.workOffline) void this.loadArchiveDate();
    }
  }

  async loadVault(): Promise<void> {
    const r = await api.invoke('vault:status');
    this.vault = r.ok ? r.value : { available: false, reason: r.error.message };
  }

  /** Told as the active connection changes, before the screens reload (issue 27, item 4): the
   * stores keep each client's own filters (per-client.ts). */
  readonly #switchListeners: ((from: string | null, to: string | null) => void)[] = [];

  onSwitch(listener: (from: string | null, to: string | null) => void): void {
    this.#switchListeners.push(listener);
  }

  #tellSwitch(from: string | null | undefined, to: string | null | undefined): void {
    if ((from ?? null) === (to ?? null)) return;
    for (const listener of this.#switchListeners) listener(from ?? null, to ?? null);
  }

  async activate(connectionId: string): Promise<AppError | null> {
    const r = await this.#updateSettings({ activeConnectionId: connectionId });
    if (!r.ok) return r.error;
    const changed = this.settings?.activeConnectionId !== r.value.activeConnectionId;
    const before = this.settings?.activeConnectionId;
    this.settings = r.value;
    if (changed) {
      this.#tellSwitch(before, r.value.activeConnectionId);
      // "De nouveau en ligne" and why it was offline were the previous connection's news.
      this.backOnline = false;
      this.hostNotFound = false;
      this.generation++;
      // Still offline until main has checked the new connection: the banner's date is its own.
      if (!this.online || this.workOffline) void this.loadArchiveDate();
    }
    return null;
  }

  /** The last settings write made: the next one waits for it. */
  #settingsWrites: Promise<unknown> = Promise.resolve();

  /** Writes settings in the order the user made the changes: sent together, two writes could
   * reach main in either order (the browser host's calls are separate HTTP requests) and leave
   * the earlier choice saved (a language, a connection picked from the switcher). */
  #updateSettings(patch: Partial<Settings>): Promise<Result<Settings>> {
    const write = this.#settingsWrites.then(() => api.invoke('settings:update', patch));
    this.#settingsWrites = write.catch(() => undefined);
    return write;
  }

  /** The last language chosen: only its answer sets the language shown. */
  #languageChoice = 0;

  async setLanguage(preference: LanguagePreference): Promise<AppError | null> {
    const choice = ++this.#languageChoice;
    const r = await this.#updateSettings({ language: preference });
    if (!r.ok) return r.error;
    this.settings = r.value;
    const info = await api.invoke('app:info');
    const shown = info.ok ? info.value.language : preference === 'system' ? null : preference;
    if (shown) await loadDictionary(shown);
    if (choice !== this.#languageChoice) return null; // a later choice is on its way
    if (info.ok) {
      this.info = info.value;
      language.set(info.value.language);
    } else if (preference !== 'system') {
      language.set(preference);
    }
    return null;
  }
}

export const session = new Session();
