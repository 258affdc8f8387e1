// "Exporter vers Excel" as a user meets it on a screen (components/ExportButton.svelte): the
// button, the progress bar with "Annuler", and the message that follows. In the browser host
// the workbook arrives as a download, saved here to a file the test reads back.
import { join } from 'node:path';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

export class ExportControl {
  readonly page: Page;
  readonly button: Locator;
  readonly progress: Locator;
  readonly cancel: Locator;

  /** `scope`: where the button is (a screen, or the invoice panel). */
  constructor(page: Page, scope: Locator = page.getByRole('main')) {
    this.page = page;
    this.button = scope.getByRole('button', { name: 'Exporter vers Excel' });
    this.progress = scope.getByRole('progressbar', { name: 'Progression de l’export' });
    this.cancel = scope.getByRole('button', { name: 'Annuler l’export' });
  }

  /** Clicks the button and saves the download into `folder`; returns the file's path and name. */
  async exportTo(folder: string): Promise<{ path: string; fileName: string; download: Download }> {
    return test.step('export to Excel and receive the download', async () => {
      const downloading = this.page.waitForEvent('download');
      await this.button.click();
      const download = await downloading;
      const fileName = download.suggestedFilename();
      const path = join(folder, fileName);
      await download.saveAs(path);
      await expect(
        this.page.getByRole('status').filter({ hasText: `Téléchargement lancé : ${fileName}` }),
      ).toBeVisible();
      return { path, fileName, download };
    });
  }
}
