// The Electron shell's settings store: electron-store over the same file conf opens in plain Node.
import ElectronStore from 'electron-store';
import type { Logger } from '../services/index.ts';
import {
  adaptStore,
  openRepairedStore,
  SETTINGS_CONFIG_NAME,
  settingsStoreOptions,
  type OpenedSettingsStore,
} from '../services/connections/index.ts';

export function openElectronSettingsStore(dataDir: string, log: Logger): OpenedSettingsStore {
  return openRepairedStore(dataDir, log, () =>
    adaptStore(
      new ElectronStore<Record<string, unknown>>({
        ...settingsStoreOptions(dataDir),
        name: SETTINGS_CONFIG_NAME,
      }),
    ),
  );
}
