// The first screen's search leaves before the page asks (issue 27, item 7): the host's warm-up
// sends it for the active connection, the page takes it. A switch during start-up (after that
// search was answered and written through, before the page is open) must still show the new
// connection's rows, under its name, never the early answer of the previous one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArchiveStatus } from '#shared/archive.ts';
import type { InvoiceSearchResponse } from '#shared/operator/schemas.ts';
import { api, tokenFor } from '#support/demo-operator.ts';
import { startWebHost, type WebHost } from '#support/web-host.ts';
import { test, expect, type App } from './fixtures.ts';
import { SCREENSHOTS_DIR, keepScreenshot } from './pages/app-shell.ts';
import { rpc, TestOperator } from './pages/archive-page.ts';
import { InvoicesPage } from './pages/invoices-page.ts';

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 1024, height: 700 },
];

for (const viewport of WIDTHS) {
  test(`a switch during start-up shows the new connection's rows (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const dataDir = await mkdtemp(join(tmpdir(), 'invoice-desk-e2e-startup-switch-'));
    const operator = new TestOperator(join(dataDir, 'operator.log'), 120);
    let host: WebHost | undefined;
    try {
      const other = await operator.start();
      host = await startWebHost(dataDir);
      const hostUrl = host.url;
      const url = new URL(hostUrl);
      const app = {
        origin: url.origin,
        token: new URLSearchParams(url.hash.slice(1)).get('token') ?? '',
      } as App;

      await test.step("the warm-up's search of the demo connection is answered and saved", async () => {
        await expect
          .poll(async () => {
            const status = await rpc(page, app, 'archive:status', { connectionId: 'demo-admin' });
            return status.ok ? (status.value as ArchiveStatus).lastSavedAt : null;
          })
          .not.toBeNull();
      });

      const name = 'Cabinet B (autre opérateur)';
      await test.step('before the page opens, another client becomes active', async () => {
        const saved = await rpc(page, app, 'connections:save', {
          name,
          baseUrl: other.baseUrl,
          tokenUrl: other.tokenUrl,
          clientId: other.clients.admin.clientId,
          clientSecret: other.clients.admin.clientSecret,
          secretStorage: 'session',
        });
        if (!saved.ok) throw new Error(JSON.stringify(saved.error));
        const id = (saved.value as { id: string }).id;
        const active = await rpc(page, app, 'settings:update', { activeConnectionId: id });
        if (!active.ok) throw new Error(JSON.stringify(active.error));
      });

      await test.step("the first screen shows that client's rows, under its name", async () => {
        const token = await tokenFor(other, 'admin');
        const own = await api(
          other,
          token,
        )('/v1.1/invoice/search?expand=businessData&offset=0&limit=50');
        const numbers = (own.body as InvoiceSearchResponse).data.map(
          (i) => i.businessData?.invoiceId,
        );
        await page.goto(hostUrl);
        const invoices = new InvoicesPage(page);
        await expect(invoices.dataRows.first()).toBeVisible();
        await expect(
          page.getByRole('combobox', { name: 'Connexion active' }).locator('option:checked'),
        ).toHaveText(name);
        const shown = await invoices.dataRows
          .locator('td:first-child')
          .evaluateAll((cells) => cells.slice(0, 5).map((c) => c.textContent?.trim()));
        expect(shown.length).toBeGreaterThan(0);
        for (const number of shown) expect(numbers).toContain(number);
        await keepScreenshot(page, {
          path: join(SCREENSHOTS_DIR, `startup-switch-${viewport.width}.png`),
        });
      });
    } finally {
      await host?.stop();
      await operator.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}
