// Start-up against an operator that refuses: the error shows, and the app does not hammer the
// operator (or main) with repeated attempts until the user acts.
import type { Page } from '@playwright/test';
import { startCountingProxy, type CountingProxy } from '#support/counting-proxy.ts';
import { test, expect } from './fixtures.ts';
import { ConnectionsPage } from './pages/connections-page.ts';

/** How long the test watches for repeated calls once the screen has settled. */
const WATCH_MS = 3_000;

/** Counts the calls the page makes to main, by channel (e.g. "invoices:search"). */
function countRpc(page: Page): { count(channel: string): number; reset(): void } {
  let calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/rpc/')) calls.push(path.slice('/rpc/'.length));
  });
  return {
    count: (channel) => calls.filter((c) => c === channel).length,
    reset: () => {
      calls = [];
    },
  };
}

let proxy: CountingProxy | undefined;
test.afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

test('a start-up on Invoices with a refused secret shows the error and asks once', async ({
  app,
  page,
}) => {
  const rpc = countRpc(page);
  const connections = new ConnectionsPage(page);
  await connections.open();
  const demo = 'Démo (administrateur)';
  const baseUrl = await connections.summaryValue(demo, 'Adresse de base');
  const tokenUrl = await connections.summaryValue(demo, 'Adresse du jeton');
  const clientId = await connections.summaryValue(demo, 'Identifiant client');
  proxy = await startCountingProxy(new URL(baseUrl).origin);
  const viaProxy = (url: string) => proxy!.origin + url.slice(new URL(url).origin.length);
  const tokenPath = new URL(tokenUrl).pathname;

  const name = 'Démo relayée, secret périmé';
  await connections.create({
    name,
    baseUrl: viaProxy(baseUrl),
    tokenUrl: viaProxy(tokenUrl),
    clientId,
    clientSecret: 'secret-avant-rotation',
  });
  await test.step('make it the active connection', async () => {
    await page.getByLabel('Connexion active').selectOption({ label: name });
    await expect(page.getByLabel('Connexion active')).toHaveValue(/.+/);
    await expect(connections.connection(name)).toContainText('Active');
  });

  await test.step('reopen the app: it starts on Invoices and shows the refusal', async () => {
    const before = proxy!.count(tokenPath);
    rpc.reset();
    // A fresh load (not a same-document hash change), as when the app is opened again.
    await page.goto('about:blank');
    await app.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();
    await expect(connections.main.getByRole('alert')).toContainText('Identifiants refusés');
    await expect(connections.main.getByText('Recherche des factures…')).toHaveCount(0);
    await page.waitForTimeout(WATCH_MS);
    expect(proxy!.count(tokenPath) - before, 'token requests after start-up').toBeLessThanOrEqual(
      2,
    );
    expect(rpc.count('invoices:search'), 'searches after start-up').toBeLessThanOrEqual(2);
    await connections.screenshot('startup-refused');
  });

  await test.step('Réessayer makes exactly one more attempt', async () => {
    const before = proxy!.count(tokenPath);
    rpc.reset();
    await connections.main.getByRole('button', { name: 'Réessayer' }).click();
    await expect(connections.main.getByRole('alert')).toContainText('Identifiants refusés');
    await page.waitForTimeout(WATCH_MS);
    expect(proxy!.count(tokenPath) - before).toBeLessThanOrEqual(2);
    expect(rpc.count('invoices:search')).toBe(1);
  });
});

test('no screen repeats its calls on its own once it has settled', async ({ app, page }) => {
  void app;
  const rpc = countRpc(page);
  const connections = new ConnectionsPage(page);
  const screens: { link: string; heading: RegExp }[] = [
    { link: 'Connexions et paramètres', heading: /^Connexions et paramètres$/ },
    { link: 'Annuaire', heading: /^Annuaire/ },
    { link: 'Participants', heading: /^Participants/ },
    { link: 'Webhooks', heading: /^Webhooks/ },
    { link: 'Factures', heading: /^Factures$/ },
  ];
  for (const screen of screens) {
    await test.step(`${screen.link}: at most one call per channel while idle`, async () => {
      await connections.goTo(screen.link);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await page.waitForTimeout(1_000);
      rpc.reset();
      await page.waitForTimeout(WATCH_MS);
      for (const channel of [
        'settings:get',
        'connections:list',
        'vault:status',
        'invoices:search',
        'directory:search',
        'participants:search',
        'webhooks:list',
      ]) {
        expect(rpc.count(channel), `${channel} calls while idle on ${screen.link}`).toBe(0);
      }
    });
  }
});
