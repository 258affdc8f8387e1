// What Badge.svelte shows for the states the app knows: an invoice's state (common.states) and
// a webhook's status. Call in the template (the words follow the language).
import type { InvoiceState, WebhookStatus } from '#shared/operator/enums.ts';
import { t } from '../i18n/index.ts';

export type BadgeTone = 'ok' | 'bad' | 'wait' | 'info' | 'off';
export type BadgeMark = 'check' | 'cross' | 'clock' | 'info' | 'dot' | 'ring' | 'none';

export interface BadgeProps {
  tone: BadgeTone;
  label: string;
  title?: string;
  mark?: BadgeMark;
}

const INVOICE_STATE_TONES: Record<InvoiceState, BadgeTone> = {
  PENDING: 'wait',
  VALID: 'ok',
  INVALID: 'bad',
  DUPLICATED: 'bad',
  WRONG_ROUTING: 'bad',
  NOT_DELIVERED: 'bad',
  DELIVERED: 'ok',
  DELIVERY_PENDING: 'wait',
  PROCESSING: 'wait',
  CONVERTED: 'info',
  CONVERSION_FAILED: 'bad',
};

/** The state's name, its meaning in the tooltip. */
export function invoiceStateBadge(state: InvoiceState): BadgeProps {
  return {
    tone: INVOICE_STATE_TONES[state] ?? 'info',
    label: t(`common.states.${state}`),
    title: t(`common.stateHints.${state}`),
  };
}

/** ACTIVE: a filled dot; INACTIVE: an empty one; anything else: the word alone. */
export function webhookStatusBadge(status: WebhookStatus | undefined): BadgeProps {
  if (status === 'ACTIVE') return { tone: 'ok', label: t('webhooks.statuses.ACTIVE'), mark: 'dot' };
  if (status === 'INACTIVE')
    return { tone: 'off', label: t('webhooks.statuses.INACTIVE'), mark: 'ring' };
  return { tone: 'off', label: t('webhooks.statuses.unknown') };
}

/** Lifecycle codes that say the invoice went wrong (Refusée, Rejetée, En litige, Suspendue), and
 * those that close it well (Approuvée, Paiement transmis, Encaissée). */
const LIFECYCLE_TONES: Record<string, BadgeTone> = {
  '207': 'bad',
  '208': 'wait',
  '210': 'bad',
  '213': 'bad',
  '205': 'ok',
  '211': 'ok',
  '212': 'ok',
};

/** "213 · Rejetée, le 12/10/2026", red for a problem, green for approved or paid. */
export function lifecycleBadge(code: string, label: string, date: string): BadgeProps {
  const named = label ? `${code} · ${label}` : code;
  return {
    tone: LIFECYCLE_TONES[code] ?? 'info',
    label: date ? t('invoices.status.onDate', { status: named, date }) : named,
  };
}
