// Suivi while working offline (issue 19, items 3 and 4): both tabs read only the archive and the
// user's own file, so "Travailler hors ligne" changes nothing on them: the invoices to act on are
// listed and one is marked handled with its note (nothing is sent), and Nouveautés answers too.
import { filledArchive, test as base, expect } from './fixtures.ts';
import { ExceptionsPage } from './pages/exceptions-page.ts';
import { Connections } from './pages/isolation.ts';

const FILLED = new Date('2026-11-22T12:00:00Z');

const test = base.extend({
  dataDir: filledArchive('follow-up-offline', { seed: 21, invoices: 1000, now: FILLED }),
});

test('offline, À traiter lists and marks handled, and Nouveautés answers', async ({
  app,
  page,
}) => {
  const connections = new Connections(page);
  await connections.setWorkOffline(true);
  const view = new ExceptionsPage(page);
  await view.open();
  await expect(page.getByRole('switch', { name: 'Travailler hors ligne' })).toBeChecked();
  await expect(view.rows.first()).toBeVisible();
  const number = (await view.rows.first().getByRole('cell').nth(1).textContent())!.trim();
  await view.tick(number).check();
  await view.markTicked('Vu hors ligne');
  await expect(view.outcome('1 facture marquée comme traitée.')).toBeVisible();
  await view.showOnly('Traitées');
  await expect(view.row(number)).toContainText('Vu hors ligne');

  await page.getByRole('tab', { name: 'Nouveautés' }).click();
  await expect(page.getByText('Rien de nouveau depuis votre dernière lecture.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  void app;
});
