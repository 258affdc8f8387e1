// Paramètres › Archive du cabinet (issue 30, item 2) at 1366×768 and 1024×700: the embedded
// archive by default; a server that cannot be reached is said clearly by "Tester" and
// "Connecter", which then keep nothing; the password typed never shows again, nor reaches the
// host's log. Against a real PostgreSQL server (INVOICE_DESK_TEST_PG_URL, set by
// scripts/with-postgres.sh, passed on to the host) "Connecter" joins the firm's archive.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { test, expect, temporaryFolder } from './fixtures.ts';
import { expectAccessible } from './pages/axe.ts';
import pg from 'pg';
import { TEST_PG_URL } from '#support/postgres.ts';
import { migrate } from '#main/services/archive/postgres/migrate.ts';
import { DEFAULT_SCHEMA } from '#main/services/archive/postgres/database.ts';

const PASSWORD = 'mot-de-passe-du-cabinet-42';

async function openSection(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link', { name: 'Connexions et paramètres' }).click();
  const section = page.getByRole('region', { name: 'Archive du cabinet' });
  await section.scrollIntoViewIfNeeded();
  return section;
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a server out of reach: Tester and Connecter say so, nothing is kept', async ({
      app,
      page,
    }) => {
      const section = await openSection(page);
      await expect(
        section.getByText('Archive de ce poste (fichiers SQLite) : aucun serveur du cabinet.'),
      ).toBeVisible();
      // Connecter with nothing typed: what is missing, before any connection.
      await section.getByRole('button', { name: 'Connecter' }).click();
      await expect(section.getByRole('alert')).toHaveText(
        'Indiquez l’adresse du serveur, l’utilisateur et le mot de passe.',
      );
      // Port 1 of this machine: nothing listens there.
      await section.getByLabel('Adresse du serveur').fill('127.0.0.1:1/invoice_desk');
      await section.getByLabel('Utilisateur', { exact: true }).fill('invoice_desk_app');
      await section.getByLabel('Mot de passe').fill(PASSWORD);
      await section
        .getByLabel('Chiffrement (TLS)')
        .selectOption({ label: 'Sans TLS (serveur sur ce poste)' });
      await section.getByRole('button', { name: 'Tester' }).click();
      await expect(section.getByText('Le serveur est injoignable.')).toBeVisible();
      await expect(section.getByText(/^Détail : .*ECONNREFUSED/)).toBeVisible();

      await section.getByRole('button', { name: 'Connecter' }).click();
      await expect(section.getByText('Le serveur est injoignable.')).toBeVisible();
      await expect(
        section.getByText('Archive de ce poste (fichiers SQLite) : aucun serveur du cabinet.'),
      ).toBeVisible();
      expect(existsSync(join(app.dataDir, 'firm.json'))).toBe(false);

      // Every button in view and nothing wider than the window.
      for (const name of ['Tester', 'Connecter'])
        await expect(section.getByRole('button', { name })).toBeInViewport();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // The password typed is in its field only: not in the page's text, not in the host's log.
      await expect(page.locator('body')).not.toContainText(PASSWORD);
      expect(app.logs()).not.toContain(PASSWORD);
      await expectAccessible(page, 'Archive du cabinet', 'section[aria-labelledby="firm-heading"]');
    });
  });
}

test.describe('on a real PostgreSQL server', () => {
  test.skip(!TEST_PG_URL, 'no PostgreSQL server: run under scripts/with-postgres.sh');
  test.use({ viewport: { width: 1024, height: 700 } });

  test('Connecter joins the firm archive, Déconnecter goes back', async ({ app, page }) => {
    // The screen connects to the firm's default schema (invoice_desk): this throwaway server's.
    const admin0 = new pg.Client({ connectionString: TEST_PG_URL! });
    await admin0.connect();
    await migrate(admin0, DEFAULT_SCHEMA);
    try {
      const admin = new URL(TEST_PG_URL!);
      const section = await openSection(page);
      await section.getByLabel('Adresse du serveur').fill(`${admin.host}${admin.pathname}`);
      await section
        .getByLabel('Utilisateur', { exact: true })
        .fill(decodeURIComponent(admin.username));
      await section.getByLabel('Mot de passe').fill(decodeURIComponent(admin.password));
      await section
        .getByLabel('Chiffrement (TLS)')
        .selectOption({ label: 'Sans TLS (serveur sur ce poste)' });
      await section.getByRole('button', { name: 'Connecter' }).click();
      await expect(
        section.getByText('Ce poste utilise maintenant l’archive du cabinet.'),
      ).toBeVisible();
      await expect(
        section.getByText(/^Connecté au serveur du cabinet .* \(schéma \d+\)\.$/),
      ).toBeVisible();
      await expect(section.getByLabel('Mot de passe')).toHaveValue('');
      expect(existsSync(join(app.dataDir, 'firm.json'))).toBe(true);
      await section.getByRole('button', { name: 'Déconnecter' }).click();
      await expect(
        section.getByText('Archive de ce poste (fichiers SQLite) : aucun serveur du cabinet.'),
      ).toBeVisible();
      expect(existsSync(join(app.dataDir, 'firm.json'))).toBe(false);
      expect(app.logs()).not.toContain(decodeURIComponent(admin.password));
    } finally {
      await admin0.query(`DROP SCHEMA ${DEFAULT_SCHEMA} CASCADE`);
      await admin0.end();
    }
  });
});

test.describe('the firm server out of reach, a local copy kept', () => {
  // A workstation on the firm's archive (firm.json) whose server does not answer here, with the
  // demo client's local copy made on 20 November at 10:30 (Paris).
  test.use({
    viewport: { width: 1024, height: 700 },
    dataDir: temporaryFolder('invoice-desk-e2e-firm-offline-', (dir) => {
      writeFileSync(
        join(dir, 'firm.json'),
        JSON.stringify({
          url: 'postgres://invoice_desk_app@127.0.0.1:1/invoice_desk',
          schema: 'invoice_desk',
          tls: 'off',
        }),
      );
      mkdirSync(join(dir, 'archive'), { recursive: true });
      writeFileSync(
        join(dir, 'archive', 'firm-local-copies.json'),
        JSON.stringify({
          'demo-admin': {
            copiedAt: '2026-11-20T09:30:00.000Z',
            version: 1,
            invoices: 0,
            details: 0,
            lastSyncAt: null,
          },
        }),
      );
    }),
  });

  test('every screen says the client is read from its local copy, and of when', async ({
    app,
    page,
  }) => {
    void app;
    await expect(
      page.getByRole('status').filter({ hasText: 'Serveur du cabinet injoignable' }),
    ).toHaveText('Serveur du cabinet injoignable : copie locale du 20/11/2026 10:30.');
    const section = await openSection(page);
    await expect(
      section.getByText(
        /^Serveur du cabinet postgres:\/\/invoice_desk_app@127\.0\.0\.1:1\/invoice_desk injoignable depuis le/,
      ),
    ).toBeVisible();
    await expect(section.getByText(/^Raison : /)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Déconnecter' })).toBeVisible();
    await expectAccessible(page, 'the firm banner', 'main');
  });
});
