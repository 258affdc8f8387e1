// Webhook fields in words, shared by the list, the details and the dialogs.
import type { Webhook } from '#shared/operator/schemas.ts';
import { t } from '#renderer/i18n/index.ts';

export function webhookLabel(webhook: Pick<Webhook, 'label'>): string {
  return webhook.label?.trim() || t('webhooks.list.noLabel');
}

export function directionText(webhook: Pick<Webhook, 'filterStreamDirection'>): string {
  return t(`webhooks.directions.${webhook.filterStreamDirection ?? 'both'}`);
}

export function directionPhrase(webhook: Pick<Webhook, 'filterStreamDirection'>): string {
  return t(`webhooks.directionPhrase.${webhook.filterStreamDirection ?? 'both'}`);
}

export function statusUrl(webhook: Webhook): string | undefined {
  return webhook.interopData?.endpoints?.status?.callbackUrl;
}

export function invoiceUrl(webhook: Webhook): string | undefined {
  return webhook.interopData?.endpoints?.invoice?.callbackUrl;
}
