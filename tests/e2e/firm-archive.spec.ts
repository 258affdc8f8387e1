// Paramètres › Archive du cabinet (issue 30, item 2) at 1366×768 and 1024×700: the embedded
// archive by default; a server that cannot be reached is said clearly by "Tester" and
// "Connecter", which then keep nothing; the password typed never shows again, nor reaches the
// host's log. Against a real PostgreSQL server (INVOICE_DESK_TEST_PG_URL, set by
// scripts/with-postgres.sh, passed on to the host) "Connecter" joins the firm's archive.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { test, expect, temporaryFolder } from './fixtures.ts';
import { expectAccessible } from './pages/axe.ts';
import pg from 'pg';
import { freshSchema, TEST_PG_URL } from '#support/postgres.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { startWebHost, type WebHost } from '#support/web-host.ts';
import { CredentialVault } from '#main/services/vault/index.ts';
import { FIRM_VAULT_ACCOUNT } from '#main/services/archive/postgres/firm-settings.ts';
import { migrateConnection } from '#main/services/archive/postgres/migrate-connection.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import { postgresBankDirectory } from '#main/services/archive/postgres/bank.ts';
import { confirmMatchOn, importBankFileInto } from '#main/services/bank/bank-on-port.ts';
import { demoStatementFiles, demoStatements } from '#main/services/bank/demo-statements.ts';
import { createDataset } from '#main/demo-operator/data/dataset.ts';
import { atBothWidths } from './pages/widths.ts';
import { ReportsPage } from './pages/reports-page.ts';
import { AccountingPage } from './pages/accounting-page.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { migrate } from '#main/services/archive/postgres/migrate.ts';
import { DEFAULT_SCHEMA } from '#main/services/archive/postgres/database.ts';

const PASSWORD = 'mot-de-passe-du-cabinet-42';

/** A data folder on the firm's archive (firm.json) whose server does not answer here (port 1),
 * with the demo client's local copy made on 20 November at 10:30 (Paris). */
function firmOutOfReachWithLocalCopy(dir: string): void {
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
}

/** One test's firm on the real server: a fresh schema holding the demo client's archive
 * (filled as a sync writes it, then moved as `archive migrate` does), the firm's password in
 * the keychain, workstations opened on it, and `close` removing all of it. */
async function firmOnServer(
  browser: Browser,
  prefix: string,
  fill: { seed: number; invoices: number; now: Date },
) {
  const firm = await freshSchema(prefix);
  const folders: string[] = [];
  const hosts: WebHost[] = [];
  const vault = new CredentialVault({ log: { info() {}, warn() {}, error() {} } });
  const admin = new URL(TEST_PG_URL!);
  const folder = async (name: string): Promise<string> => {
    const dir = await mkdtemp(join(tmpdir(), `invoice-desk-e2e-${prefix}-${name}-`));
    folders.push(dir);
    return dir;
  };
  const source = await folder('source');
  fillDemoArchive(source, 'demo-admin', fill);
  await migrateConnection(firm.pool, source, 'demo-admin', 'e2e');
  await vault.set(FIRM_VAULT_ACCOUNT, decodeURIComponent(admin.password), 'keychain');
  return {
    schema: firm.schema,
    pool: firm.pool,
    /** A workstation on the firm's archive (its firm.json naming the server, its host on the
     * test's clock), opened at 1366×768 in French on the same clock. */
    async workstation(name: string): Promise<Page> {
      const dataDir = await folder(name);
      writeFileSync(
        join(dataDir, 'firm.json'),
        JSON.stringify({
          url: `postgres://${admin.username}@${admin.host}${admin.pathname}`,
          schema: firm.schema,
          tls: 'off',
        }),
      );
      const host = await startWebHost(dataDir, { INVOICE_DESK_NOW: fill.now.toISOString() });
      hosts.push(host);
      const context = await browser.newContext({
        viewport: { width: 1366, height: 768 },
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
      });
      const page = await context.newPage();
      await page.clock.setFixedTime(fill.now);
      await page.goto(host.url);
      return page;
    },
    async close(): Promise<void> {
      for (const host of hosts) await host.stop();
      await vault.delete(FIRM_VAULT_ACCOUNT).catch(() => undefined);
      await firm.drop();
      for (const dir of folders) await rm(dir, { recursive: true, force: true });
    },
  };
}

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
  // One after the other: the firm's password is one keychain entry, which Déconnecter removes.
  test.describe.configure({ mode: 'serial' });

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

  test('a mark made on one workstation shows on the other one’s screen', async ({ browser }) => {
    test.slow();
    const NOW = new Date('2026-11-22T12:00:00Z');
    const firm = await firmOnServer(browser, 'e2e_marks', { seed: 21, invoices: 400, now: NOW });
    try {
      const pages = [];
      for (const name of ['A', 'B']) {
        const page = await firm.workstation(name);
        const reports = new ReportsPage(page);
        await reports.open();
        await reports.tab('Échéancier').click();
        // This month: its day is today, so a payment marked today counts.
        await reports.select('Type de période').selectOption({ label: 'Mois' });
        await reports.select('Mois').selectOption({ label: 'novembre' });
        await reports.select('Année').selectOption('2026');
        await expect(page.getByText('Au 22/11/2026', { exact: true })).toBeVisible();
        await expect(page.getByText(/^Hors des chiffres/)).toContainText('0 marquée payée');
        pages.push(page);
      }
      const [a, b] = pages as [Page, Page];
      const linesOf = (page: Page) =>
        page.getByRole('region', { name: 'Factures sans paiement connu' });
      // The first invoice B lists as without a known payment, ticked and marked paid on A.
      const first = linesOf(b)
        .getByRole('checkbox', { name: /^Sélectionner / })
        .first();
      await expect(first).toBeVisible();
      const name = (await first.getAttribute('aria-label')) ?? '';
      expect(name).toMatch(/^Sélectionner /);
      await expect(linesOf(b).getByRole('checkbox', { name, exact: true })).toHaveCount(1);
      await linesOf(a).getByRole('checkbox', { name, exact: true }).check();
      await linesOf(a).getByRole('button', { name: 'Marquer comme payées' }).click();
      await expect(linesOf(a).getByRole('status')).toContainText('1 facture marquée payée');
      await expect(a.getByText(/^Hors des chiffres/)).toContainText('1 marquée payée');
      // B is told by the firm's server (NOTIFY) and reloads its screen, with no click on B: the
      // mark counts there too, and the invoice has left its list.
      await expect(b.getByText(/^Hors des chiffres/)).toContainText('1 marquée payée');
      await expect(linesOf(b).getByRole('checkbox', { name, exact: true })).toHaveCount(0);
      await keepScreenshot(b, { path: `${SCREENSHOTS_DIR}/firm-mark-seen-elsewhere-1366.png` });
    } finally {
      await firm.close();
    }
  });

  // In the serial group above, not beside it: it sets and removes the same keychain entry, and
  // run in parallel it took the firm's password from under the two workstations' hosts.
  test.describe('who marked it', () => {
    test('the échéancier names another workstation’s user and keeps “par vous” for this one’s', async ({
      browser,
    }) => {
      test.slow();
      const NOW = new Date('2026-11-22T12:00:00Z');
      const firm = await firmOnServer(browser, 'e2e_who', { seed: 21, invoices: 400, now: NOW });
      try {
        const page = await firm.workstation('this');
        const reports = new ReportsPage(page);
        await reports.open();
        await reports.tab('Échéancier').click();
        await reports.select('Type de période').selectOption({ label: 'Mois' });
        await reports.select('Mois').selectOption({ label: 'novembre' });
        await reports.select('Année').selectOption('2026');
        await expect(page.getByText('Au 22/11/2026', { exact: true })).toBeVisible();
        const lines = page.getByRole('region', { name: 'Factures sans paiement connu' });
        const first = lines.getByRole('checkbox', { name: /^Sélectionner / }).first();
        await expect(first).toBeVisible();
        const name = (await first.getAttribute('aria-label')) ?? '';
        const number = name.replace(/^Sélectionner (la facture )?/, '');
        // Marie marks it paid on her workstation: the firm's archive records her as its writer.
        const invoiceId = (
          await firm.pool.query<{ invoice_id: string }>(
            `SELECT invoice_id FROM ${firm.schema}.invoices WHERE connection_id = 'demo-admin' AND invoice_number = $1`,
            [number],
          )
        ).rows[0]?.invoice_id;
        expect(invoiceId).toBeTruthy();
        const marie = await postgresUserDataDirectory(firm.pool, () => 'marie@poste-2').of(
          'demo-admin',
        );
        await marie.markPaid([invoiceId!], '2026-11-20', null, new Date('2026-11-21T08:15:00Z'));
        // The change is heard (NOTIFY) and the screen reloads with no click.
        await expect(page.getByText(/^Hors des chiffres/)).toContainText(
          '0 marquée payée par vous et 1 marquée payée par d’autres postes du cabinet',
        );
        const paid = page.getByRole('region', { name: 'Payées' });
        await expect(paid.getByRole('columnheader', { name: 'Marquée' })).toBeVisible();
        await expect(paid.getByText('par marie@poste-2 le 21/11/2026 09:15')).toBeVisible();
        await keepScreenshot(page, { path: `${SCREENSHOTS_DIR}/firm-marked-by-other-1366.png` });
      } finally {
        await firm.close();
      }
    });
  });

  // Who and when on the rest of the shared work (issue 30, item 4): a bank match and a third
  // party's accounts another workstation's user set say who and when, on the firm's archive.
  // In the serial group too: the same keychain entry.
  test.describe('who decided it', () => {
    test('Banque and the third parties’ memory name another workstation’s user, and when', async ({
      browser,
    }) => {
      test.slow();
      const NOW = new Date('2026-11-22T12:00:00Z');
      const MARIE = 'marie@poste-2';
      const firm = await firmOnServer(browser, 'e2e_decided', {
        seed: 17,
        invoices: 600,
        now: NOW,
      });
      try {
        // Marie, on her workstation: a statement imported, its first line decided "no invoice",
        // a third party's accounts set.
        const bank = await postgresBankDirectory(firm.pool, () => MARIE).of('demo-admin');
        const [file] = demoStatementFiles(
          demoStatements(createDataset(17, 600, { startMs: NOW.getTime() }), { months: 3 }),
        );
        await importBankFileInto(bank, () => [], file!, new Date('2026-11-21T09:00:00Z'));
        // The newest: the screen lists the newest first.
        const line = (await bank.matches()).at(-1);
        expect(line).toBeTruthy();
        await confirmMatchOn(bank, () => [], line!.id, new Date('2026-11-21T09:30:00Z'), []);
        const user = await postgresUserDataDirectory(firm.pool, () => MARIE).of('demo-admin');
        await user.saveThirdParties([
          {
            key: '552100554',
            role: 'customer',
            name: 'DUPONT ET FILS',
            auxiliary: 'CDUPONT',
            account: '706000',
            label: null,
            confirmed: true,
            updatedAt: '2026-11-21T10:05:00.000Z',
          },
        ]);

        const page = await firm.workstation('this');
        const nav = page.getByRole('navigation', { name: 'Navigation principale' });

        // Banque: Marie's decision, under its state, with her name and time.
        await nav.getByRole('link', { name: 'Banque' }).click();
        await expect(page.getByRole('heading', { name: 'Banque', level: 1 })).toBeVisible();
        const decided = page.getByText('par marie@poste-2 le 21/11/2026 10:30');
        await expect(decided).toBeVisible();
        await expect(page.locator(`tr[data-line="${line!.id}"]`)).toContainText(
          'par marie@poste-2 le 21/11/2026 10:30',
        );
        await atBothWidths(page, 'firm-bank-decided-by', [decided]);

        // Comptabilité › Tiers mémorisés: a "Modifié" column on the firm's archive.
        const accounting = new AccountingPage(page);
        await accounting.open();
        await accounting.tab('Tiers mémorisés').click();
        const memory = page.getByRole('table', { name: 'Tiers mémorisés' });
        await expect(memory.getByRole('columnheader', { name: 'Modifié' })).toBeVisible();
        const row = memory.getByRole('row').filter({ hasText: 'DUPONT ET FILS' });
        await expect(row).toContainText('par marie@poste-2 le 21/11/2026 11:05');
        await atBothWidths(page, 'firm-third-party-by', [row.getByText('DUPONT ET FILS')]);
      } finally {
        await firm.close();
      }
    });
  });
});

test.describe('the firm server out of reach, a local copy kept', () => {
  test.use({
    viewport: { width: 1024, height: 700 },
    dataDir: temporaryFolder('invoice-desk-e2e-firm-offline-', firmOutOfReachWithLocalCopy),
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

test.describe('Rapports and Comptabilité name the archive they read', () => {
  // The screens say they read the local copy, of its date, never "l’archive locale".
  test.use({
    viewport: { width: 1366, height: 768 },
    dataDir: temporaryFolder('invoice-desk-e2e-firm-source-', firmOutOfReachWithLocalCopy),
  });

  test('offline, they read the local copy of its date', async ({ app, page }) => {
    void app;
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const main = page.getByRole('main');
    await nav.getByRole('link', { name: 'Rapports' }).click();
    await expect(page.getByRole('heading', { name: 'Rapports', level: 1 })).toBeVisible();
    await expect(
      main.getByText(
        'TVA, échéancier, statuts et déclaration de TVA, calculés sur la copie locale du 20/11/2026 10:30 du dossier actif : le serveur du cabinet est injoignable.',
      ),
    ).toBeVisible();
    await expect(main).not.toContainText('archive locale');
    await nav.getByRole('link', { name: 'Comptabilité' }).click();
    await expect(page.getByRole('heading', { name: 'Comptabilité', level: 1 })).toBeVisible();
    await expect(
      main.getByText(
        /^Les écritures de la période, calculées depuis la copie locale du 20\/11\/2026 10:30 du dossier actif/,
      ),
    ).toBeVisible();
    await expect(main).not.toContainText('archive locale');
  });
});
