// Helpers of the "Déclaration de TVA" view (Ca3ReportView.svelte), kept apart for node:test.
export { CA3_INVOICE_BOXES, CA3_SECTIONS, boxOfReport } from '#shared/ca3-layout.ts';

/** An amount in euros as typed, "1 250,50" (fr), "1,250.50" (en), "1250.5", "1 250 €", to cents;
 * null when it is not one. The last mark followed by one or two digits is the decimal one; any
 * other mark or space groups thousands. */
export function parseEuros(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (cleaned === '') return 0;
  const match = /^(\d{1,3}(?:([.,]?)\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole, group, decimal, cents] = match;
  // One mark cannot both group thousands and separate the cents ("12,345,6").
  if (group && decimal && group === decimal) return null;
  if (group && new Set(whole!.match(/[.,]/g)).size > 1) return null;
  return Number(whole!.replace(/[.,]/g, '')) * 100 + Number((cents ?? '0').padEnd(2, '0'));
}
