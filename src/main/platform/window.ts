// The main window and the rules every web contents of the app lives by (Electron's security
// checklist): isolated, sandboxed, no Node, a CSP header, no navigation, no new windows, no
// permission granted, no webview.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, session, shell, type WebContents } from 'electron';
import { APP_NAME } from '../services/paths.ts';
import { CONTENT_SECURITY_POLICY } from '#shared/csp.ts';
import { APP_INDEX_URL, handleAppProtocol, isAppProtocolUrl } from './app-protocol.ts';

const PRELOAD_PATH = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const RENDERER_DIR = fileURLToPath(new URL('../renderer/', import.meta.url));

/** electron-vite's dev server, in a development build only (`electron-vite dev`): an unpackaged
 * production build ignores ELECTRON_RENDERER_URL, so the variable cannot point it elsewhere. */
function devServerUrl(): string | undefined {
  return import.meta.env.DEV && !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
}

/** True when a URL is a page of this app (and of nowhere else). */
export function isAppUrl(candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  const dev = devServerUrl();
  if (dev) return url.origin === new URL(dev).origin;
  return isAppProtocolUrl(candidate);
}

/** Links the user follows go to the OS browser, and only plain web links. */
function openExternally(target: string): void {
  try {
    const url = new URL(target);
    if (url.protocol === 'https:' || url.protocol === 'http:')
      void shell.openExternal(url.toString());
  } catch {
    // Not a URL: nothing to open.
  }
}

function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
}

/** Session-wide rules and the app:// protocol; call once, after app ready. */
export function installSessionSecurity(): void {
  handleAppProtocol(RENDERER_DIR);
  const defaultSession = session.defaultSession;
  defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });
  defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
}

export function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    title: APP_NAME,
    icon: join(app.getAppPath(), 'resources', 'icons', '256x256.png'),
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    webPreferences: {
      preload: PRELOAD_PATH,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  const dev = devServerUrl();
  if (dev) void window.loadURL(dev);
  else void window.loadURL(APP_INDEX_URL);
  return window;
}
