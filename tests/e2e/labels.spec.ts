// The user's words, not jargon: a lifecycle code never shows bare ("203" always comes with
// "Mise à disposition") in the archive, the invoice panel and the reports; the archive's filter
// and "data downloaded" column and the connection form's customer-id say what they are. The
// screens read at 1366×768; the archive's also seen at 1024×700 (atBothWidths): what a screen
// writes does not change with the width, its layout does.
import type { Locator } from '@playwright/test';
import { LIFECYCLE_CODES } from '#shared/operator/enums.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { ArchivePage } from './pages/archive-page.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  dataDir: filledArchive('labels', { seed: 21, invoices: 3000, now: NOW }),
});

/**
 * The lifecycle codes shown bare inside `area`: an element whose whole text is a code ("203")
 * whose parent does not carry the code's label too (counts aside). The offenders' parents' texts.
 */
async function bareCodes(area: Locator): Promise<string[]> {
  return area.evaluate(
    (root, labels: Record<string, string>) => {
      const found: string[] = [];
      for (const element of root.querySelectorAll<HTMLElement>('*')) {
        if (element.children.length > 0) continue;
        // Counts and amounts (right-aligned cells, chart axes) are numbers, not codes.
        if (element.closest('svg, .num, td.end')) continue;
        const code = element.textContent?.trim() ?? '';
        if (!Object.hasOwn(labels, code)) continue;
        const around = element.parentElement?.textContent ?? '';
        if (!around.includes(labels[code]!)) found.push(around.trim());
      }
      return found;
    },
    LIFECYCLE_CODES as Record<string, string>,
  );
}

test.describe(() => {
  test.use({ viewport: WIDE });

  test('no lifecycle code shows without its label; filters and columns in plain words', async ({
    app,
    page,
  }) => {
    void app;
    const archive = new ArchivePage(page);
    await archive.setWorkOffline(true);
    await archive.showArchive();

    await test.step('the archive: "Dernier statut" filter, statuses with their labels', async () => {
      await expect(archive.dataRows.first()).toBeVisible();
      await expect(
        archive.filters.getByRole('textbox', { name: 'Dernier statut', exact: true }),
      ).toHaveAccessibleDescription(/205 \(Approuvée\)/);
      await expect(page.getByText('Code de cycle de vie')).toHaveCount(0);
      const headers = await archive.table.getByRole('columnheader').allTextContents();
      const status = headers.findIndex((h) => h.trim() === 'Statut');
      const data = headers.findIndex((h) => h.trim() === 'Données');
      expect(status).toBeGreaterThanOrEqual(0);
      expect(data).toBeGreaterThanOrEqual(0);
      const statuses = (await archive.columnTexts(status)).filter(Boolean);
      expect(statuses.length).toBeGreaterThan(0);
      for (const text of statuses) {
        const code = text.slice(0, 3) as keyof typeof LIFECYCLE_CODES;
        expect(text).toBe(`${code} ${LIFECYCLE_CODES[code]}`);
      }
      for (const text of await archive.columnTexts(data))
        expect(['complètes', 'partielles']).toContain(text);
      expect(await bareCodes(archive.table)).toEqual([]);
      await atBothWidths(page, 'labels-archive', [
        archive.filters.getByRole('textbox', { name: 'Dernier statut', exact: true }),
      ]);
    });

    await test.step('the invoice panel, complete or from the list only', async () => {
      for (const kind of ['complètes', 'partielles']) {
        const row = archive.dataRows.filter({ hasText: kind }).first();
        if ((await row.count()) === 0) continue;
        await row.click();
        const panel = page.getByRole('dialog', { name: /^Facture / });
        await expect(panel.getByText(/^\s*Archive, /).first()).toBeVisible();
        await expect(panel.getByText(/Dernier statut|Totaux/).first()).toBeVisible();
        expect(await bareCodes(panel)).toEqual([]);
        await page.keyboard.press('Escape');
      }
    });

    const reports = new ReportsPage(page);
    await reports.open();
    await reports.chooseQuarter('3ᵉ trimestre', 2026);

    await test.step('the TVA report’s left-out invoices', async () => {
      await page.getByText(/factures? écartées?/).click();
      const excluded = reports.table(/^Écartées/);
      await expect(excluded.getByRole('cell').first()).toBeVisible();
      expect(await bareCodes(page.getByRole('main'))).toEqual([]);
    });

    await test.step('the statuts report', async () => {
      await reports.tab('Statuts').click();
      await expect(page.getByRole('heading', { name: /par dernier statut/ })).toBeVisible();
      expect(await bareCodes(page.getByRole('main'))).toEqual([]);
    });
  });
});

test('the connection form names the customer-id in plain words', async ({ app, page }) => {
  void app;
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Connexions et paramètres' })
    .click();
  await page.getByRole('button', { name: 'Nouvelle connexion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle connexion' });
  await expect(
    dialog.getByRole('textbox', {
      name: 'Identifiant du client chez l’opérateur (customer-id, facultatif)',
    }),
  ).toBeVisible();
  await expect(dialog.getByText('Identifiant customer-id')).toHaveCount(0);
});
