// Issue 27, item 3: from the archive's search field to its first result in two key presses (Tab
// to "Aller aux résultats", seen once focused, then Enter), where 26 Tab presses went past every
// filter before. At 1366×768 and 1024×700, in French, on a fixed clock.
import { filledArchive, test as base, expect } from './fixtures.ts';
import { ArchivePage } from './pages/archive-page.ts';
import { InvoicesPage } from './pages/invoices-page.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  dataDir: filledArchive('archive-skip', { seed: 21, invoices: 600, now: NOW }),
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test.describe(() => {
    test.use({ viewport, pageTime: NOW });
    test(`the archive's results are two key presses from its search field at ${viewport.width}×${viewport.height}`, async ({
      app,
      page,
    }) => {
      void app;
      const archive = new ArchivePage(page);
      await new InvoicesPage(page).waitForResults();
      await archive.showArchive();
      await expect(archive.dataRows.first()).toBeVisible();

      await archive.searchBox.focus();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('button', { name: 'Aller aux résultats' });
      await expect(skip).toBeFocused();
      // Seen when focused, inside the window.
      const box = await skip.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(box!.width).toBeGreaterThan(20);
      await archive.screenshot(`archive-skip-${viewport.width}x${viewport.height}`);
      await page.keyboard.press('Enter');
      await expect(archive.dataRows.first()).toBeFocused();
    });
  });
}
