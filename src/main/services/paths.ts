// Where Invoice Desk keeps its files. Same folder as Electron's app.getPath('userData') for an app
// named "Invoice Desk", so the Electron shell, the browser host and the CLI share one settings file.
import { mkdirSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Invoice Desk';
/** The installers' appId (electron-builder.yml): on Windows, the Application User Model ID of the
 * Start menu shortcut, which the running app must use too for its notifications to show. */
export const APP_ID = 'fr.invoicedesk.desktop';

export interface DataDirOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
}

/** The data directory: INVOICE_DESK_DATA_DIR when set, else the OS's app-data folder. */
export function resolveDataDir(options: DataDirOptions = {}): string {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const home = options.home ?? homedir();
  const override = env.INVOICE_DESK_DATA_DIR?.trim();
  if (override) return override;
  switch (platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', APP_NAME);
    case 'win32':
      return join(env.APPDATA || join(home, 'AppData', 'Roaming'), APP_NAME);
    default:
      return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_NAME);
  }
}

/** Creates the directory readable by its owner only (it holds the settings and the cache). */
export function ensureDataDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdir does not change an existing folder's mode, and the umask may have widened a new one.
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
  return dir;
}

/** The settings file's path, as conf and electron-store name it. */
export function settingsFilePath(dataDir: string): string {
  return join(dataDir, 'settings.json');
}
