// A screen's intro naming where its figures come from (issue 30, item 3): the workstation's own
// archive (the screen's `intro`), the firm's archive, or, its server out of reach, the active
// client's local copy with its date, as the banner says it.
import { t } from '../i18n/index.ts';
import { formatDateTime } from '../format.ts';
import { firm } from '../stores/firm.svelte.ts';

export function sourceIntro(screen: 'reports' | 'accounting'): string {
  const copy = firm.unreachableCopy;
  if (copy) return t(`${screen}.introFirmCopy`, { date: formatDateTime(copy) });
  if (copy === null) return t(`${screen}.introFirmNoCopy`);
  return firm.state?.store === 'firm' ? t(`${screen}.introFirm`) : t(`${screen}.intro`);
}
