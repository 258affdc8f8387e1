// What a user sees at 1366 × 850: names are not cut, action buttons stay on one line.
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { ConnectionsPage } from './pages/connections-page.ts';
import { WebhooksPage } from './pages/webhooks-page.ts';
import { keepScreenshot } from './pages/app-shell.ts';

/** Every button of `scope` on one line, side by side: same top, same height. */
async function expectButtonsOnOneLine(scope: Locator, what: string): Promise<void> {
  const boxes = await scope.getByRole('button').evaluateAll((buttons) =>
    buttons.map((b) => {
      const r = b.getBoundingClientRect();
      return {
        text: b.textContent?.trim() ?? '',
        top: Math.round(r.top),
        height: Math.round(r.height),
      };
    }),
  );
  expect(boxes.length, `${what}: buttons`).toBeGreaterThan(1);
  for (const box of boxes) {
    expect.soft(box.top, `${what}: "${box.text}" on the first button's line`).toBe(boxes[0]!.top);
    expect.soft(box.height, `${what}: "${box.text}" on one line`).toBe(boxes[0]!.height);
  }
}

test('long names and URLs keep the actions on one line and the names whole', async ({
  app,
  page,
}) => {
  void app;
  const connections = new ConnectionsPage(page);
  await connections.open();
  const name = 'Cabinet Exemple (comptabilité générale)';
  await connections.create({
    name,
    baseUrl: 'https://api.plateforme-agreee-exemple.fr/einvoicing/v1',
    tokenUrl: 'https://authentification.plateforme-agreee-exemple.fr/oauth2/token',
    clientId: 'cabinet-exemple-comptabilite-generale@clients.plateforme.fr',
    clientSecret: 'secret',
  });
  await page.getByLabel('Connexion active').selectOption({ label: name });

  await test.step('the sidebar shows the active connection’s whole name', async () => {
    const cut = await page.getByLabel('Connexion active').evaluate((select) => {
      const s = select as HTMLSelectElement;
      const text = s.selectedOptions[0]?.textContent ?? '';
      const canvas = document.createElement('canvas').getContext('2d')!;
      const css = getComputedStyle(s);
      canvas.font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
      // Room for the text: the select's width without its padding and the arrow (~1.5rem).
      const room = s.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - 20;
      return canvas.measureText(text).width > room;
    });
    // Either the select is wide enough, or the whole name is written out next to it.
    if (cut) {
      await expect(
        page.getByRole('complementary').locator('p').filter({ hasText: name }),
      ).toBeVisible();
    }
    await connections.screenshot('sidebar-long-name');
  });

  await test.step('a connection card keeps its actions on one line', async () => {
    await expectButtonsOnOneLine(
      connections.connection(name).locator('.title-row'),
      'connection card',
    );
  });

  const webhooks = new WebhooksPage(page);
  await page.getByLabel('Connexion active').selectOption({ label: 'Démo (administrateur)' });
  await webhooks.open();
  await webhooks.create({
    label: 'ERP du cabinet – factures reçues et statuts',
    direction: 'Factures reçues',
    statusUrl: 'https://erp.cabinet-exemple.fr/integrations/plateforme/rappels/statuts-factures',
    invoiceUrl: 'https://erp.cabinet-exemple.fr/integrations/plateforme/rappels/factures-recues',
  });
  await test.step('a webhook row keeps Détails and Supprimer on one line', async () => {
    const row = webhooks.row('ERP du cabinet – factures reçues et statuts');
    await expect(row.getByRole('button', { name: /^Supprimer/ })).toBeVisible();
    await expectButtonsOnOneLine(row, 'webhook row');
    await keepScreenshot(webhooks.page, { path: 'test-results/screenshots/webhooks-list.png' });
  });
});
