// The CA3 check's explanations as the French screen and workbook word them (the app's own
// wording function over the French dictionary), for tests that read the sentences.
import type { Ca3Explanation } from '#shared/ca3.ts';
import { explanationText } from '#shared/ca3-explanation.ts';
import frCa3 from '#shared/i18n/fr/ca3.ts';
import { interpolate } from '#shared/i18n/interpolate.ts';

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

export function frenchExplanation(e: Ca3Explanation): string {
  return explanationText(
    e,
    (path, params) => {
      let node: unknown = frCa3.check;
      for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
      return interpolate(String(node), params);
    },
    {
      day: (d) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`,
      money: (cents) => money.format(cents / 100).replace(/\s/g, ' '),
    },
  );
}
