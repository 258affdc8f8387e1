// What a failed payment mark says, in the user's words: a switch of the active connection since
// the screen was drawn has its own sentence (nothing was written under the wrong client).
import type { AppError } from '#shared/contract.ts';
import { t } from '../../i18n/index.ts';

export function paymentFailureText(error: AppError): string {
  return error.kind === 'conflict'
    ? t('invoices.payment.notActive')
    : t('invoices.payment.failed', { message: t(`common.errors.${error.kind}.title`) });
}
