// The ECB's rates imported from the accounting settings (issue 26, item 3): the published file
// chosen as the third parties' plan is (a file input), kept for every client and said (how many
// currencies, from which day to which); a bad file refused whole, each line and why in French,
// the rates imported before kept. At 1366×768 and 1024×700, a fixed clock.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { AccountingPage } from './pages/accounting-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
test.use({ appEnv: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() } });

// The ECB's file as published: newest first, trailing commas, N/A.
const ECB = [
  'Date,USD,JPY,GBP,',
  '2026-10-30,1.0601,160.10,0.87010,',
  '2026-10-16,1.0588,159.80,0.86620,',
  '2026-10-01,1.0550,N/A,0.86401,',
  '',
].join('\n');
const BAD = [
  'Date,USD,GBP,',
  '2026-11-20,1.0512,0.86620,',
  '2026-11-31,1.0500,0.86500,',
  '2026-11-19,1.0490,-0.8,',
  '',
].join('\n');

async function shot(page: Page, name: string): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  await keepScreenshot(page, { path: join(SCREENSHOTS_DIR, `rates-import-${name}-${width}.png`) });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test(`the ECB's rates imported in the settings, a bad file refused, at ${viewport.width}×${viewport.height}`, async ({
    app,
    page,
  }) => {
    void app;
    await page.setViewportSize(viewport);
    const accounting = new AccountingPage(page);
    await accounting.open();
    await accounting.tab('Paramètres').click();
    const section = page.getByRole('region', { name: 'Taux de change de la BCE' });
    await expect(section).toContainText('Aucun taux importé');
    const input = section.getByLabel('Importer le fichier de taux', { exact: true });
    const status = section.getByRole('status');

    await test.step('the published file: kept, and said', async () => {
      await input.setInputFiles({
        name: 'eurofxref-hist.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(ECB, 'utf8'),
      });
      await expect(status).toContainText('Taux importés : 3 devises, du 01/10/2026 au 30/10/2026.');
      await expect(section).toContainText('Fichier eurofxref-hist.csv importé le 22/11/2026');
      await section.scrollIntoViewIfNeeded();
      await shot(page, 'imported');
    });

    await test.step('a bad file: refused whole, each line and why; the rates kept', async () => {
      await input.setInputFiles({
        name: 'taux.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(BAD, 'utf8'),
      });
      await expect(status).toContainText(
        'Fichier refusé, rien n’a été importé (2 lignes en cause) :',
      );
      await expect(status.getByRole('listitem')).toHaveText([
        'Ligne 3 : « 2026-11-31 » n’est pas une date AAAA-MM-JJ',
        'Ligne 4 : GBP : « -0.8 » n’est pas un taux (un décimal positif avec un point, ou N/A)',
      ]);
      await expect(section).toContainText('Fichier eurofxref-hist.csv importé le 22/11/2026');
      await status.scrollIntoViewIfNeeded();
      await shot(page, 'refused');
    });

    await test.step('kept across a reload: the file serves every client', async () => {
      await app.reload();
      await accounting.open();
      await accounting.tab('Paramètres').click();
      await expect(page.getByRole('region', { name: 'Taux de change de la BCE' })).toContainText(
        '3 devises, du 01/10/2026 au 30/10/2026 (3 jours)',
      );
    });
  });
}
