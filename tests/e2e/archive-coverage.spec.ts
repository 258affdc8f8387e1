// The sync's coverage as the accountant reads it under "Synchroniser": partitions counted complete
// while the sync runs (not "0 complete" until the very end), and, against an operator that
// refuses to filter by state and direction, a sentence saying that only the newest 1,200
// invoices could be read. A demo operator of the test's own, reached through a custom connection.
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { ArchivePage, TestOperator, connectTo } from './pages/archive-page.ts';

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
] as const;

test('the coverage grows while the sync runs', async ({ app, page, dataDir }) => {
  test.setTimeout(120_000);
  const operator = new TestOperator(join(dataDir, 'operator.log'), 1500);
  const running = await operator.start();
  try {
    running.faults.latencyMs = 60; // slow enough to watch the lists being read
    await connectTo(page, app, running, 100_000);
    const archive = new ArchivePage(page);
    await archive.goTo('Factures');
    await archive.showArchive();
    await expect(archive.sync).toContainText('0 partitions complètes sur 22');
    await archive.syncButton.click();
    await expect(archive.progress).toBeVisible();
    // While the sync still runs, some partitions are already counted complete.
    await expect(archive.sync).toContainText(/([1-9]|1\d|2[01]) partitions complètes sur 22/);
    await expect(archive.progress).toBeVisible();
    await archive.screenshot('archive-coverage-during-sync');
    await expect(archive.sync.getByRole('status')).toContainText(
      /Synchronisation terminée : [\d\s]+ nouvelles? factures?/,
      { timeout: 90_000 },
    );
    await expect(archive.sync).toContainText('22 partitions complètes sur 22');
  } finally {
    await operator.stop();
  }
});

test('an operator that refuses the state/direction filter: the coverage says what could be read', async ({
  app,
  page,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const operator = new TestOperator(join(dataDir, 'operator.log'), 3000);
  const running = await operator.start();
  try {
    running.faults.refuseQFields = ['state', 'direction'];
    await connectTo(page, app, running, 100_000);
    const archive = new ArchivePage(page);
    await archive.goTo('Factures');
    await archive.showArchive();
    await archive.syncButton.click();
    await expect(archive.sync.getByRole('status')).toContainText(
      /Synchronisation terminée : [\d\s]+ nouvelles? factures?/,
      { timeout: 90_000 },
    );
    await expect(archive.sync).toContainText(
      'L’opérateur refuse le filtre par état/sens : seules les 1 200 factures les plus récentes ont pu être lues (sur 3 000).',
    );
    await expect(archive.sync).not.toContainText('partitions complètes');
    await expect(archive.count).toHaveText('1 200 factures dans l’archive');
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await archive.screenshot(`archive-coverage-filter-refused-${size.width}`);
    }
  } finally {
    await operator.stop();
  }
});
