// What a user meets against a real operator (issue 7): a repaired settings file is reported,
// errors say what happened, the secret is asked again when its destination changes, the list
// shows a date even when the search answer has none, and the forced language is the chosen one.
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startCountingProxy, type CountingProxy } from '#support/counting-proxy.ts';
import { startWebHost } from '#support/web-host.ts';
import { test, expect } from './fixtures.ts';
import { ConnectionsPage } from './pages/connections-page.ts';
import { expectAccessible } from './pages/axe.ts';
import { InvoicesPage } from './pages/invoices-page.ts';
import { keepScreenshot } from './pages/app-shell.ts';

let proxy: CountingProxy | undefined;
let htmlServer: Server | undefined;
test.afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  if (htmlServer) {
    htmlServer.closeAllConnections();
    await new Promise((resolve) => htmlServer!.close(resolve));
    htmlServer = undefined;
  }
});

/** The demo operator's addresses, read from its connection on the Connections screen. */
async function demoAddresses(connections: ConnectionsPage) {
  const demo = 'Démo (administrateur)';
  return {
    baseUrl: await connections.summaryValue(demo, 'Adresse de base'),
    tokenUrl: await connections.summaryValue(demo, 'Adresse du jeton'),
    clientId: await connections.summaryValue(demo, 'Identifiant client'),
  };
}

test('a truncated settings file is repaired and the user is told once, with the backup', async ({
  page,
  dataDir,
}) => {
  const whole = JSON.stringify(
    {
      settings: { language: 'fr', activeConnectionId: 'demo-admin' },
      connections: [
        {
          id: 'c-keep',
          name: 'Cabinet Exemple (compta)',
          baseUrl: 'https://api.operator.example',
          tokenUrl: 'https://sso.operator.example/token',
          clientId: 'compta@cabinet.fr',
        },
        {
          id: 'c-cut',
          name: 'Coupée',
          baseUrl: 'https://api.operator.example',
          tokenUrl: 'https://sso.operator.example/token',
          clientId: 'coupee@cabinet.fr',
        },
      ],
    },
    undefined,
    2,
  );
  await writeFile(join(dataDir, 'settings.json'), whole.slice(0, whole.indexOf('Coupée') + 3));
  const host = await startWebHost(dataDir, { INVOICE_DESK_LANG: 'fr' });
  try {
    await page.goto(host.url);
    const notice = page.getByRole('region', { name: 'Paramètres réparés au démarrage' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('illisible');
    await expect(notice).toContainText('La connexion « Cabinet Exemple (compta) »');
    await expect(notice).toContainText('La langue choisie : Français');
    await expect(notice).not.toContainText('kept'); // main says what happened, the UI words it
    await expect(notice).toContainText(join(dataDir, 'settings.json.backup-'));
    await expectAccessible(page, 'avis de réparation des paramètres');
    await keepScreenshot(page, { path: 'test-results/screenshots/settings-repaired.png' });

    await test.step('the kept connection is there', async () => {
      await expect(page.getByLabel('Connexion active')).toContainText('Cabinet Exemple (compta)');
    });
    await test.step('dismissed, it does not come back on reload', async () => {
      await notice.getByRole('button', { name: 'J’ai compris' }).click();
      await expect(notice).toBeHidden();
      await page.goto('about:blank');
      await page.goto(host.url);
      await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();
      await expect(notice).toHaveCount(0);
    });
  } finally {
    await host.stop();
  }
});

test('a token address that answers an HTML page is reported as such', async ({ app, page }) => {
  void app;
  htmlServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><body><h1>Connexion au portail</h1></body></html>');
  });
  await new Promise<void>((resolve) => htmlServer!.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(htmlServer.address() as AddressInfo).port}`;
  const connections = new ConnectionsPage(page);
  await connections.open();
  await connections.create({
    name: 'Portail de connexion',
    baseUrl: `${origin}/api`,
    tokenUrl: `${origin}/login`,
    clientId: 'compta',
    clientSecret: 'un-secret',
  });
  const item = await connections.test('Portail de connexion');
  await expect(item.getByRole('alert')).toContainText(
    'La réponse est une page HTML, pas des données',
  );
  await expect(item.getByRole('alert')).not.toContainText('droits attendus');
});

test('editing where the secret goes asks for the secret again', async ({ app, page }) => {
  void app;
  const connections = new ConnectionsPage(page);
  await connections.open();
  const demo = await demoAddresses(connections);
  await connections.create({ name: 'Cabinet Martin', ...demo, clientSecret: 'secret-martin' });
  await connections
    .connection('Cabinet Martin')
    .getByRole('button', { name: 'Modifier Cabinet Martin' })
    .click();
  const dialog = page.getByRole('dialog', { name: /Modifier la connexion/ });
  const secret = dialog.getByLabel('Secret client');

  await test.step('untouched addresses: the stored secret is kept', async () => {
    await expect(secret).toHaveAccessibleDescription(/Laissez vide pour garder le secret/);
    await expect(secret).not.toHaveAttribute('required', '');
  });
  await test.step('a new token address: the secret is required, said up front', async () => {
    await dialog
      .getByLabel('Adresse du jeton OAuth')
      .fill(demo.tokenUrl.replace('127.0.0.1', 'localhost'));
    await expect(secret).toHaveAttribute('required', '');
    await expect(secret).toHaveAccessibleDescription(/saisissez de nouveau le secret/);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(secret).toHaveAttribute('aria-invalid', 'true');
    await expect(secret).toBeFocused();
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'modification de connexion, secret demandé');
  });
  await test.step('a remote http:// address is refused before sending', async () => {
    await dialog.getByLabel('Adresse de base de l’API').fill('http://api.operateur.fr/v1');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByLabel('Adresse de base de l’API')).toHaveAccessibleDescription(
      /http:\/\/ n’est permis que pour cette machine/,
    );
  });
});

test('search rows without an invoice date show the deposit date, marked as such', async ({
  app,
  page,
}) => {
  void app;
  const connections = new ConnectionsPage(page);
  await connections.open();
  const demo = await demoAddresses(connections);
  // The operator as it has been seen: no business dates in its search answer.
  proxy = await startCountingProxy(new URL(demo.baseUrl).origin, (path, body) => {
    if (!path.endsWith('/search')) return undefined;
    const answer = body as { data?: { businessData?: Record<string, unknown> }[] };
    for (const row of answer.data ?? []) {
      delete row.businessData?.invoiceDate;
      delete row.businessData?.invoiceDueDate;
    }
    return answer;
  });
  const via = (url: string) => proxy!.origin + url.slice(new URL(url).origin.length);
  const name = 'Démo sans dates';
  await connections.create({
    name,
    baseUrl: via(demo.baseUrl),
    tokenUrl: via(demo.tokenUrl),
    clientId: demo.clientId,
    clientSecret: 'demo-admin-secret',
  });
  await page.getByLabel('Connexion active').selectOption({ label: name });
  await expect(connections.connection(name)).toContainText('Active');

  const invoices = new InvoicesPage(page);
  await invoices.goTo('Factures');
  await invoices.waitForResults();
  const dates = await invoices.columnTexts(1);
  expect(dates.length).toBeGreaterThan(0);
  for (const text of dates) expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4}\s*dépôt$/);
  await expect(
    invoices.dataRows.first().getByTitle(/Date de dépôt chez l’opérateur/),
  ).toBeVisible();
  await invoices.screenshot('invoices-deposit-dates');
});

test('the forced language is the one shown as chosen', async ({ app, page }) => {
  void app;
  const connections = new ConnectionsPage(page);
  await connections.open();
  await expect(page.getByRole('radio', { name: 'Français' })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Système/ })).not.toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Langue de l’interface' }),
  ).toHaveAccessibleDescription(
    /La langue de l’interface \(Français\) est imposée par la variable d’environnement INVOICE_DESK_LANG/,
  );
});
