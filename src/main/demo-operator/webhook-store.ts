// Webhooks of one demo operator, in memory: at most one per stream direction, where no direction means
// both and so clashes with any other webhook.
import { randomUUID } from 'node:crypto';
import { DEFAULT_WEBHOOK_ADAPTER } from '#shared/operator/enums.ts';
import type { WebhookAnswer, WebhookCreate } from '#shared/operator/schemas.ts';

export type StoredWebhook = WebhookAnswer & {
  webhookId: string;
};

export class WebhookStore {
  private readonly webhooks = new Map<string, StoredWebhook>();

  list(): StoredWebhook[] {
    return [...this.webhooks.values()].map((w) => structuredClone(w));
  }

  /** The existing webhook a new one with this direction would clash with. */
  conflictFor(direction: WebhookCreate['filterStreamDirection']): StoredWebhook | undefined {
    for (const existing of this.webhooks.values()) {
      const other = existing.filterStreamDirection ?? undefined;
      if (direction === undefined || other === undefined || other === direction) return existing;
    }
    return undefined;
  }

  create(input: WebhookCreate): StoredWebhook {
    const webhook: StoredWebhook = {
      webhookId: randomUUID(),
      filterStreamDirection: input.filterStreamDirection ?? null,
      status: input.status ?? 'ACTIVE',
      adapterCode: input.adapterCode ?? DEFAULT_WEBHOOK_ADAPTER,
      label: input.label ?? null,
      interopData: input.interopData ? structuredClone(input.interopData) : null,
    };
    this.webhooks.set(webhook.webhookId, webhook);
    return structuredClone(webhook);
  }

  delete(id: string): boolean {
    return this.webhooks.delete(id);
  }
}
