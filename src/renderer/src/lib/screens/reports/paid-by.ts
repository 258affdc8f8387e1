// Where a VAT-on-payment day came from, in words (issue 26, item 2): the operator's 212, or the
// accountant's mark and when it was set, with the 212's own day when the two disagree, or a bank
// statement's match (issue 29, item 3).
import type { VatPayment } from '#shared/reports.ts';

export function paidByText(
  p: VatPayment,
  words: {
    t: (
      key:
        | 'reports.vat.paidSources.status_212'
        | 'reports.vat.paidSources.marked'
        | 'reports.vat.paidSources.markedOther'
        | 'reports.vat.paidSources.bank',
      params?: Record<string, string>,
    ) => string;
    day: (d: string) => string;
    at: (iso: string) => string;
  },
): string {
  if (p.source === 'status_212') return words.t('reports.vat.paidSources.status_212');
  if (p.source === 'bank') return words.t('reports.vat.paidSources.bank', { at: words.day(p.day) });
  const at = p.markedAt ? words.at(p.markedAt) : '';
  return p.statusDay
    ? words.t('reports.vat.paidSources.markedOther', { at, status: words.day(p.statusDay) })
    : words.t('reports.vat.paidSources.marked', { at });
}
