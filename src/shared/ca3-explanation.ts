// One explanation of the CA3's check against the entries, in the user's words: the same sentence
// on screen (renderer, t()) and in the workbook (main, the dictionary of the workbook's language),
// from the `ca3.check` words of src/shared/i18n/{fr,en}/ca3.ts.
import type { Ca3Explanation } from './ca3.ts';

/** A word of `ca3.check` by its path under it ("why.due_outside"), with its values. */
export type Ca3CheckWord = (path: string, params?: Record<string, string>) => string;

export interface Ca3Format {
  /** A day "YYYY-MM-DD" as the user reads it. */
  day: (day: string) => string;
  /** Cents as an amount in euros, in the user's locale. */
  money: (cents: number) => string;
}

export function explanationText(e: Ca3Explanation, word: Ca3CheckWord, format: Ca3Format): string {
  const invoice = word('invoice', {
    number: e.number ?? e.invoiceId,
    party: e.counterpartyName ? word('party', { name: e.counterpartyName }) : '',
    date: e.invoiceDate ? format.day(e.invoiceDate) : '',
  });
  const why = word(`why.${e.reason}`, {
    dueDay: e.dueDay ? format.day(e.dueDay) : '',
    basis: e.basis ? word(`basis.${e.basis}`) : '',
  });
  const sides: string[] = [];
  for (const side of ['collected', 'deductible'] as const) {
    const amounts = e[side];
    if (amounts)
      sides.push(
        word(`side.${side}`, {
          inReturn: format.money(amounts.returnCents),
          inEntries: format.money(amounts.entriesCents),
        }),
      );
  }
  return word('sentence', { invoice, why, sides: sides.join(word('sideSeparator')) });
}
