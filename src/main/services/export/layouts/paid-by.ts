// Where a VAT-on-payment day came from, in a workbook's words (issue 26, item 2): the operator's
// 212, the accountant's mark and when it was set (with the 212's own day when they disagree), or
// a bank statement's match. The TVA report's, the CA3's and the Contrôle TVA's sheets say it.
import type { Language } from '#shared/contract.ts';
import type { VatPayment } from '#shared/reports.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';
import { localDate } from '../local-dates.ts';
import { reportWords } from './archive-about.ts';

export function paidByWords(p: VatPayment, language: Language): string {
  const s = reportWords(language).vat.paidSources;
  if (p.source === 'status_212') return s.status_212;
  if (p.source === 'bank') return interpolate(s.bank, { at: localDate(p.day, language) });
  const at = p.markedAt ? localDate(p.markedAt.slice(0, 10), language) : '';
  return p.statusDay
    ? interpolate(s.markedOther, { at, status: localDate(p.statusDay, language) })
    : interpolate(s.marked, { at });
}
