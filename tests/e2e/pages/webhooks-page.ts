// Page object of the webhooks screen (screens/Webhooks.svelte).
import { test, type Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';

export interface NewWebhook {
  label: string;
  direction: 'Les deux sens' | 'Factures reçues' | 'Factures émises';
  statusUrl: string;
  invoiceUrl: string;
}

export class WebhooksPage extends AppShell {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Webhooks' });
  readonly list = this.page.getByRole('region', { name: 'Webhooks configurés' });
  readonly form = this.page.getByRole('form', { name: 'Nouveau webhook' });
  readonly notice = this.page.getByRole('status').filter({ hasText: /Webhook|webhook/ });

  open(): Promise<void> {
    return this.openScreen('Webhooks', this.heading);
  }

  async create(webhook: NewWebhook): Promise<void> {
    await test.step(`create webhook "${webhook.label}" (${webhook.direction})`, async () => {
      if (!(await this.form.isVisible()))
        await this.page.getByRole('button', { name: 'Nouveau webhook' }).click();
      await this.form.getByRole('textbox', { name: 'Libellé' }).fill(webhook.label);
      await this.form
        .getByRole('combobox', { name: 'Sens des factures' })
        .selectOption({ label: webhook.direction });
      await this.form
        .getByRole('textbox', { name: 'Adresse des rappels de statut' })
        .fill(webhook.statusUrl);
      await this.form
        .getByRole('textbox', { name: 'Adresse des rappels de factures' })
        .fill(webhook.invoiceUrl);
      await this.form.getByRole('button', { name: 'Créer le webhook' }).click();
    });
  }

  row(label: string): Locator {
    return this.list
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) });
  }

  details(label: string): Locator {
    return this.page.getByRole('region', { name: `Webhook ${label}` });
  }

  async askDelete(label: string): Promise<Locator> {
    await this.list.getByRole('button', { name: `Supprimer le webhook ${label}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Supprimer le webhook « ${label} » ?` });
    await dialog.waitFor();
    return dialog;
  }
}
