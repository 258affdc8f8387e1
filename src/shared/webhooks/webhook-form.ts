// The webhook creation form, checked before anything is sent (spec 2.6, 4.5): what the user
// typed becomes a WebhookCreate body, or a list of errors attached to the form's fields.
import {
  DEFAULT_WEBHOOK_ADAPTER,
  WEBHOOK_DIRECTIONS,
  WEBHOOK_STATUSES,
  type Direction,
  type WebhookStatus,
} from '../operator/enums.ts';
import { webhookCreateSchema, type Webhook, type WebhookCreate } from '../operator/schemas.ts';

/** '' means both directions (no filter). */
export type DirectionChoice = Direction | '';

export interface WebhookForm {
  label: string;
  direction: DirectionChoice;
  status: WebhookStatus;
  adapterCode: string;
  statusCallbackUrl: string;
  invoiceCallbackUrl: string;
}

export type WebhookField = keyof WebhookForm;

/** Why a field is refused; each code has a text in the webhooks dictionaries. */
export type WebhookFieldError =
  | 'labelRequired'
  | 'labelTooLong'
  | 'directionUnknown'
  | 'statusUnknown'
  | 'adapterRequired'
  | 'adapterTooLong'
  | 'urlRequired'
  | 'urlInvalid'
  | 'urlNotHttp'
  | 'urlTooLong';

export type WebhookFormResult =
  | { ok: true; value: WebhookCreate }
  | { ok: false; errors: Partial<Record<WebhookField, WebhookFieldError>> };

// Bounds of webhookCreateSchema (ours: the spec gives none).
export const WEBHOOK_LABEL_MAX = 200;
export const WEBHOOK_ADAPTER_MAX = 100;
export const WEBHOOK_URL_MAX = 2048;

export function emptyWebhookForm(): WebhookForm {
  return {
    label: '',
    direction: '',
    status: 'ACTIVE',
    adapterCode: DEFAULT_WEBHOOK_ADAPTER,
    statusCallbackUrl: '',
    invoiceCallbackUrl: '',
  };
}

/** Checks one callback URL: absolute, http or https, with a host. */
export function checkCallbackUrl(value: string): WebhookFieldError | undefined {
  const text = value.trim();
  if (text === '') return 'urlRequired';
  if (text.length > WEBHOOK_URL_MAX) return 'urlTooLong';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'urlInvalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'urlNotHttp';
  if (url.hostname === '') return 'urlInvalid';
  return undefined;
}

/** Validates the whole form. Both callback URLs are required: a webhook calls back to both
 * addresses (spec 6), and one without them would deliver nothing. */
export function validateWebhookForm(form: WebhookForm): WebhookFormResult {
  const errors: Partial<Record<WebhookField, WebhookFieldError>> = {};
  const label = form.label.trim();
  if (label === '') errors.label = 'labelRequired';
  else if (label.length > WEBHOOK_LABEL_MAX) errors.label = 'labelTooLong';

  if (
    form.direction !== '' &&
    !(WEBHOOK_DIRECTIONS as readonly string[]).includes(form.direction)
  ) {
    errors.direction = 'directionUnknown';
  }
  if (!(WEBHOOK_STATUSES as readonly string[]).includes(form.status))
    errors.status = 'statusUnknown';

  const adapterCode = form.adapterCode.trim();
  if (adapterCode === '') errors.adapterCode = 'adapterRequired';
  else if (adapterCode.length > WEBHOOK_ADAPTER_MAX) errors.adapterCode = 'adapterTooLong';

  const statusUrlError = checkCallbackUrl(form.statusCallbackUrl);
  if (statusUrlError) errors.statusCallbackUrl = statusUrlError;
  const invoiceUrlError = checkCallbackUrl(form.invoiceCallbackUrl);
  if (invoiceUrlError) errors.invoiceCallbackUrl = invoiceUrlError;

  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const body: WebhookCreate = {
    label,
    status: form.status,
    adapterCode,
    interopData: {
      endpoints: {
        status: { callbackUrl: form.statusCallbackUrl.trim() },
        invoice: { callbackUrl: form.invoiceCallbackUrl.trim() },
      },
    },
    ...(form.direction === '' ? {} : { filterStreamDirection: form.direction }),
  };
  // The same schema main checks the arguments with: a body it would refuse never leaves here.
  const parsed = webhookCreateSchema.safeParse(body);
  if (!parsed.success) {
    // Our checks above mirror the schema; should they ever drift, the field still gets an error.
    const path = parsed.error.issues[0]?.path ?? [];
    if (path.includes('status') && path.includes('endpoints'))
      return { ok: false, errors: { statusCallbackUrl: 'urlInvalid' } };
    if (path.includes('invoice'))
      return { ok: false, errors: { invoiceCallbackUrl: 'urlInvalid' } };
    if (path[0] === 'filterStreamDirection')
      return { ok: false, errors: { direction: 'directionUnknown' } };
    if (path[0] === 'status') return { ok: false, errors: { status: 'statusUnknown' } };
    if (path[0] === 'adapterCode') return { ok: false, errors: { adapterCode: 'adapterTooLong' } };
    return { ok: false, errors: { label: 'labelTooLong' } };
  }
  return { ok: true, value: parsed.data };
}

/** The webhooks a new one with this direction would collide with (spec 6: one per direction;
 * a webhook for both directions collides with any other). */
export function directionConflicts(
  direction: DirectionChoice,
  existing: readonly Webhook[],
): Webhook[] {
  return existing.filter((w) => {
    const other = w.filterStreamDirection ?? '';
    return direction === '' || other === '' || other === direction;
  });
}

/** The id of the existing webhook a 409 names, wherever the operator put it in its details. */
export function conflictingWebhookId(details: unknown): string | undefined {
  if (details === null || typeof details !== 'object') return undefined;
  const record = details as Record<string, unknown>;
  for (const key of ['webhookId', 'id', 'existingWebhookId']) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  for (const key of ['details', 'webhook']) {
    const nested = conflictingWebhookId(record[key]);
    if (nested) return nested;
  }
  return undefined;
}

/** The existing webhook behind a 409: the one the details name, else the only one the list
 * says collides with the requested direction. */
export function findConflictingWebhook(
  details: unknown,
  direction: DirectionChoice,
  existing: readonly Webhook[],
): { id: string | undefined; webhook: Webhook | undefined } {
  const id = conflictingWebhookId(details);
  if (id) return { id, webhook: existing.find((w) => w.webhookId === id) };
  const candidates = directionConflicts(direction, existing);
  return candidates.length === 1
    ? { id: candidates[0]!.webhookId, webhook: candidates[0] }
    : { id: undefined, webhook: undefined };
}
