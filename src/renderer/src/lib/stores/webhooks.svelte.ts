// The webhooks screen's state: the list (see search.svelte.ts), the webhook whose details are
// open, and the creation form while it is being filled in, with what the operator last answered.
import type { AppError } from '#shared/contract.ts';
import type { Webhook } from '#shared/operator/schemas.ts';
import { emptyWebhookForm, type WebhookForm } from '#shared/webhooks/webhook-form.ts';
import { Search } from './search.svelte.ts';
import { Owned } from './owned.svelte.ts';

/** What the operator answered to a creation: the webhook already holding that direction, or a failure. */
export type CreateOutcome =
  | { kind: 'conflict'; id: string | undefined; webhook: Webhook | undefined }
  | { kind: 'error'; error: AppError };

class WebhookList extends Search<'webhooks:list'> {
  selectedId = $state<string | null>(null);
  formOpen = $state(false);
  /** What the user typed in the creation form, kept until it is sent, cancelled or closed. */
  draft = $state<WebhookForm>(emptyWebhookForm());
  /** What the operator answered to the last creation, under the connection it was sent to. */
  readonly #outcome = new Owned<CreateOutcome>();
  get outcome(): CreateOutcome | null {
    return this.#outcome.value;
  }
  set outcome(value: CreateOutcome | null) {
    this.#outcome.value = value;
  }

  constructor() {
    super('webhooks:list');
  }

  /** Loaded on the first visit, and again for each new active connection. */
  protected override whenConnectionChanges(): void {
    this.selectedId = null;
    this.outcome = null;
  }

  load(): Promise<boolean> {
    return this.run();
  }

  clearDraft(): void {
    this.draft = emptyWebhookForm();
  }
}

export const webhooks = new WebhookList();
