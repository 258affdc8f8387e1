// Date fields follow the app's language, not the browser's: jj/mm/aaaa in French (dd/mm/yyyy in
// English), a typed day reaches the filter as its ISO day, and a day that does not exist says so
// in place and is not applied. The reports' custom period and the archive's filters, typed at
// 1366×768; the fields said wrong also seen at 1024×700 (atBothWidths: the field and its message
// whole, no sideways scroll).
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import type { ArchiveFilter } from '#shared/archive.ts';
import { filledArchive, test as base, expect } from './fixtures.ts';
import { WIDE, atBothWidths } from './pages/widths.ts';
import { ArchivePage } from './pages/archive-page.ts';
import { ReportsPage } from './pages/reports-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  dataDir: filledArchive('date-field', { seed: 21, invoices: 3000, now: NOW }),
});

/** How many archived invoices match `filter`, read from the archive file itself. */
function archivedCount(dataDir: string, filter: ArchiveFilter): number {
  const archive = openArchive(dataDir, 'demo-admin');
  try {
    return archive.queryInvoices({ filter, limit: 1 }).total;
  } finally {
    archive.close();
  }
}

test.describe(() => {
  test.use({ viewport: WIDE });

  test('the report period’s days are typed jj/mm/aaaa and checked', async ({ app, page }) => {
    void app;
    const reports = new ReportsPage(page);
    await reports.open();
    await reports.select('Type de période').selectOption({ label: 'Personnalisée' });
    const from = reports.period.getByRole('textbox', { name: 'Du', exact: true });
    const to = reports.period.getByRole('textbox', { name: 'Au', exact: true });
    await expect(from).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    await expect(from).toHaveAccessibleDescription(/jj\/mm\/aaaa/);

    await test.step('31/12/2026 is the 31st of December', async () => {
      await from.fill('1.10.26');
      await from.press('Tab');
      await expect(from).toHaveValue('01/10/2026');
      await to.fill('31/12/2026');
      await to.press('Enter');
      await expect(reports.period).toContainText('Du 01/10/2026 au 31/12/2026');
      await expect(to).not.toHaveAttribute('aria-invalid', 'true');
    });

    await test.step('31/02/2026 does not exist: said in place, the period stays', async () => {
      await to.fill('31/02/2026');
      await to.press('Tab');
      await expect(to).toHaveAttribute('aria-invalid', 'true');
      await expect(to).toHaveAccessibleDescription(
        /Cette date n’existe pas : février 2026 compte 28 jours\./,
      );
      await expect(reports.period).toContainText('Du 01/10/2026 au 31/12/2026');
      await atBothWidths(page, 'date-field-period', [to]);
    });

    await test.step('a first day after the last says the period is not valid', async () => {
      await to.fill('30/09/2026');
      await to.press('Enter');
      await expect(to).toHaveAccessibleDescription(/La période n’est pas valable/);
      await expect(reports.period).toContainText('Du 01/10/2026 au 31/12/2026');
    });
  });

  test('the archive filters on the days typed jj/mm/aaaa', async ({ app, page }) => {
    const archive = new ArchivePage(page);
    // The live search the screen opens with writes its invoices into the archive: counted after.
    await expect(archive.sourceNote()).toContainText('En direct');
    await archive.showArchive();
    const dueFrom = archive.filters.getByRole('textbox', { name: 'Échéance, du' });
    const dueTo = archive.filters.getByRole('textbox', { name: 'Échéance, au' });
    await expect(dueTo).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    await expect(dueTo).toHaveAccessibleDescription(/jj\/mm\/aaaa/);

    await test.step('due from 01/12/2026 to 31/12/2026: the archive’s December', async () => {
      const december = archivedCount(app.dataDir, {
        dueDateFrom: '2026-12-01',
        dueDateTo: '2026-12-31',
      });
      expect(december).toBeGreaterThan(0);
      await dueFrom.fill('01/12/2026');
      await dueTo.fill('31/12/2026');
      await archive.filters.getByRole('button', { name: 'Filtrer' }).click();
      await expect(archive.count).toHaveText(
        `${december.toLocaleString('fr-FR')} factures dans l’archive`,
      );
    });

    await test.step('31/02/2026 is refused in place and filters nothing', async () => {
      const shown = await archive.count.textContent();
      await dueTo.fill('31/02/2026');
      await archive.filters.getByRole('button', { name: 'Filtrer' }).click();
      await expect(dueTo).toHaveAttribute('aria-invalid', 'true');
      await expect(archive.filters.getByText('Cette date n’existe pas')).toBeVisible();
      await expect(dueTo).toBeFocused();
      // Had a search gone, the count would now be its answer's.
      await archive.waitForAnswer();
      await expect(archive.count).toHaveText(shown!);
      await atBothWidths(page, 'date-field-archive', [
        dueTo,
        archive.filters.getByText('Cette date n’existe pas'),
      ]);
    });
  });
});

test.describe('in English', () => {
  test.use({ appEnv: { INVOICE_DESK_LANG: 'en' } });

  test('the day is typed dd/mm/yyyy', async ({ app, page }) => {
    void app;
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reports' })
      .click();
    const period = page.getByRole('group', { name: 'Period' });
    await period
      .getByRole('combobox', { name: 'Kind of period' })
      .selectOption({ label: 'Custom' });
    const to = period.getByRole('textbox', { name: 'To', exact: true });
    await expect(to).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await expect(to).toHaveAccessibleDescription(/dd\/mm\/yyyy/);
    await to.fill('31/12/2026');
    await to.press('Enter');
    await expect(period).toContainText('to 31/12/2026');
  });
});
