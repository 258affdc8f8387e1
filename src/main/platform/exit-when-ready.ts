// INVOICE_DESK_EXIT_WHEN_READY=1: the release workflow's launch of the packaged app (issue 20).
// The installed app cannot be driven by Playwright (its fuses turn --inspect off), so it tells
// by its exit code: 0 once its page has shown and keytar's native module reached the keychain,
// 1 with the reason on stderr otherwise. Without the variable this does nothing.
import { app, type BrowserWindow } from 'electron';
import type { VaultStatus } from '#shared/contract.ts';

export function exitWhenReady(
  window: BrowserWindow,
  keychain: () => Promise<VaultStatus>,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (env.INVOICE_DESK_EXIT_WHEN_READY !== '1') return;
  const fail = (why: string) => {
    console.error(`Invoice Desk did not start: ${why}`);
    app.exit(1);
  };
  window.webContents.once('did-fail-load', (_event, code, description) =>
    fail(`the page did not load: ${description} (${code})`),
  );
  window.webContents.once('render-process-gone', (_event, details) =>
    fail(`the page's process ended: ${details.reason}`),
  );
  window.once('ready-to-show', () => {
    void keychain().then(
      (status) => {
        if (!status.available) return fail(`no keychain: ${status.reason}`);
        console.log('Invoice Desk started: the window is shown and the keychain answers.');
        app.quit();
      },
      (error: unknown) => fail(`the keychain check failed: ${String(error)}`),
    );
  });
}
