// App-wide state: app info, settings, connections, keychain status, connectivity. Screens read
// `session.*` in templates (runes: they re-render on change) and call the actions below.
import type {
  AppError,
  AppInfo,
  LanguagePreference,
  ConnectionSummary,
  Settings,
  VaultStatus,
} from '#shared/contract.ts';
import { api } from '../api.ts';
import { language } from './language.svelte.ts';

class Session {
  info = $state<AppInfo | null>(null);
  settings = $state<Settings | null>(null);
  connections = $state<ConnectionSummary[]>([]);
  vault = $state<VaultStatus | null>(null);
  online = $state(true);
  /** Bumped when the active connection changes, so that screens reload their data. */
  generation = $state(0);
  startupError = $state<AppError | null>(null);
  ready = $state(false);

  activeConnection = $derived(
    this.connections.find((p) => p.id === this.settings?.activeConnectionId) ?? null,
  );

  async start(): Promise<void> {
    this.startupError = null;
    const [info, settings, connections] = await Promise.all([
      api.invoke('app:info'),
      api.invoke('settings:get'),
      api.invoke('connections:list'),
    ]);
    if (!info.ok) return void (this.startupError = info.error);
    if (!settings.ok) return void (this.startupError = settings.error);
    if (!connections.ok) return void (this.startupError = connections.error);
    this.info = info.value;
    language.set(info.value.language);
    this.settings = settings.value;
    this.connections = connections.value;
    this.ready = true;
    api.on('connectivity:changed', (p) => (this.online = p?.online ?? true));
    api.on('connections:changed', () => void this.refresh());
  }

  async refresh(): Promise<void> {
    const before = this.settings?.activeConnectionId;
    const [settings, connections] = await Promise.all([
      api.invoke('settings:get'),
      api.invoke('connections:list'),
    ]);
    if (settings.ok) this.settings = settings.value;
    if (connections.ok) this.connections = connections.value;
    if (this.settings?.activeConnectionId !== before) this.generation++;
  }

  async loadVault(): Promise<void> {
    const r = await api.invoke('vault:status');
    this.vault = r.ok ? r.value : { available: false, reason: r.error.message };
  }

  async activate(connectionId: string): Promise<AppError | null> {
    const r = await api.invoke('settings:update', { activeConnectionId: connectionId });
    if (!r.ok) return r.error;
    const changed = this.settings?.activeConnectionId !== r.value.activeConnectionId;
    this.settings = r.value;
    if (changed) this.generation++;
    return null;
  }

  async setLanguage(preference: LanguagePreference): Promise<AppError | null> {
    const r = await api.invoke('settings:update', { language: preference });
    if (!r.ok) return r.error;
    this.settings = r.value;
    const info = await api.invoke('app:info');
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
