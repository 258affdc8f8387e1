// Electron lifecycle only: one instance, one window, services closed on quit.
import { app, Notification, type BrowserWindow } from 'electron';
import { createDispatcher, createHandlers, resolveLanguage } from './handlers/index.ts';
import { registerIpc } from './ipc.ts';
import { registerAppScheme } from './platform/app-protocol.ts';
import { createExportDialog } from './platform/export-dialog.ts';
import { openElectronSettingsStore } from './platform/settings-store.ts';
import { createMainWindow, installSessionSecurity } from './platform/window.ts';
import { exitWhenReady } from './platform/exit-when-ready.ts';
import { showNewsNotifications } from './platform/news-notifications.ts';
import { createServices, type Services } from './services/index.ts';
import { detectOsLocale } from './services/os-locale.ts';
import { APP_ID, APP_NAME, ensureDataDir, resolveDataDir } from './services/paths.ts';
// electron-vite bundles the export writer's worker as a file of its own and gives its path (plain
// Node runs the .ts beside workbook-writer.ts instead).
import exportWorkerPath from './services/export/workbook-worker.ts?modulePath';
import demoWorkerPath from './services/demo-operator-worker.ts?modulePath';

// Before ready: the userData folder must be the data directory the CLI and browser host use,
// and the app:// scheme must be known as standard and secure.
app.setName(APP_NAME);
// Windows shows a notification only under the installer's shortcut's id (issue 19's news).
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
registerAppScheme();
const dataDir = ensureDataDir(resolveDataDir());
app.setPath('userData', dataDir);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | undefined;
  let services: Services | undefined;
  let unregister: (() => void) | undefined;

  app.on('second-instance', () => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  const openWindow = (): void => {
    if (!services) return;
    unregister?.();
    window = createMainWindow();
    // The release workflow's launch of the packaged app (INVOICE_DESK_EXIT_WHEN_READY=1 only).
    const vault = services.vault;
    exitWhenReady(window, () => vault.status());
    unregister = registerIpc(
      window,
      createDispatcher(createHandlers(services), { log: console }),
      services.events,
      console,
    );
  };

  void app.whenReady().then(() => {
    installSessionSecurity();
    services = createServices({
      dataDir,
      shell: 'electron',
      settingsStore: openElectronSettingsStore(dataDir, console),
      // The POSIX variables first: on Linux, LANG=C makes Chromium report "en-US" all the same.
      osLocale: () =>
        detectOsLocale(
          process.env,
          process.platform,
          () => app.getSystemLocale() || app.getLocale(),
        ),
      version: app.getVersion(),
      chooseExportPath: createExportDialog(() => window),
      exportWorkerUrl: exportWorkerPath,
      demoWorkerUrl: demoWorkerPath,
      // Background sync rounds on the firm's schedule while the app runs (issue 19).
      backgroundSync: true,
    });
    services.warmUp();
    // What a sync found new, as one desktop notification per connection (issue 19, item 3).
    const running = services;
    showNewsNotifications({
      events: running.events,
      Notification,
      window: () => window,
      language: () =>
        resolveLanguage(running.env, running.connections.getSettings(), running.osLocale())
          .language,
    });
    openWindow();
    app.on('activate', () => {
      if (!window || window.isDestroyed()) openWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || !services) return;
    // Let the demo operator stop cleanly, then quit for real.
    event.preventDefault();
    closed = true;
    unregister?.();
    void services.close().finally(() => app.quit());
  });
}
