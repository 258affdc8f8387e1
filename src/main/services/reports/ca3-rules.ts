// The VAT return's rules for one archived invoice (issue 18; docs: /work/accounting.md, "The CA3
// return", and the 3310-CA3 notice): which boxes each line of its VAT breakdown fills, on which
// day its VAT is due, or why it is not counted. Pure. Amounts are the entries' own (checkTotals:
// euro cents, a foreign currency converted by the invoice's BT-111) so that the return and the
// entries of the same period agree.
import type { Ca3Aside, Ca3BoxCode, Ca3RateBox, Ca3Rule } from '#shared/ca3.ts';
import type { AccountingSettings } from '#shared/accounting.ts';
import type { ReportInvoice, ReportPeriod } from '#shared/reports.ts';
import { addDays, inPeriod } from '#shared/report-period.ts';
import type { Ca3Row } from '../archive/ports.ts';
import type { AccountChooser } from '../accounting/accounting.ts';
import { invoiceAccount } from '../accounting/entries.ts';
import { checkTotals, countryOf, isSelfAssessed, roundHalf } from '../tax/categories.ts';
import type { RateLine } from '../tax/categories.ts';
import { isFixedAssetAccount, thirdPartyKey } from '../accounting/third-parties.ts';
import { checkedInEuros, type Conversion, type ConversionInputs } from '../tax/conversion.ts';
import { directionOf, invoiceDay, reportInvoice } from '../tax/invoice.ts';
import { EU_COUNTRIES, intraEuDay, isCreditNote, taxPointRule } from '../tax/rules.ts';
import { paymentOf, vatStanding } from '../tax/vat-due.ts';
import type { VatPayment } from '#shared/reports.ts';

/** The form's mainland rate lines by rate in basis points: 2.1 % is T6, never the overseas
 * departments' lines 10 and 11. */
export const RATE_BOX_OF_BP: ReadonlyMap<number, Ca3RateBox> = new Map([
  [2000, '08'],
  [1000, '9B'],
  [550, '09'],
  [210, 'T6'],
]);

/** Sale categories with no VAT (UNTDID 5305) and their line: K intra-EU delivery → F2, G export
 * → E1, the other exempt or reverse-charged sales (E, O, Z, AE) → E2. */
const UNTAXED_SALE: Record<string, { box: Ca3BoxCode; rule: Ca3Rule }> = {
  K: { box: 'F2', rule: 'sale_intra_eu' },
  G: { box: 'E1', rule: 'sale_export' },
  E: { box: 'E2', rule: 'sale_exempt' },
  O: { box: 'E2', rule: 'sale_exempt' },
  Z: { box: 'E2', rule: 'sale_exempt' },
  AE: { box: 'E2', rule: 'sale_exempt' },
};
/** Purchase categories with no VAT to deduct and none to self-assess. */
const NO_VAT_PURCHASE = new Set(['E', 'O', 'Z']);

/** Why a part is due on its day: the invoice's BT-8 (invoice, delivery, payment), or the
 * intra-EU rule (the 15th of the month after the delivery, or the invoice's date if earlier). */
export type { Ca3DueBasis } from '#shared/ca3.ts';
import type { Ca3DueBasis } from '#shared/ca3.ts';

/** One line's part of one box (signed: a credit note negative). */
export interface Ca3Part {
  code: Ca3BoxCode;
  rule: Ca3Rule;
  /** The day its VAT is due (invoice, delivery, 212 or intra-EU day), and why. */
  dueDay: string;
  basis: Ca3DueBasis;
  baseCents: number;
  taxCents: number;
  /** VAT on payment: the payment its day comes from (212 or the accountant's mark). */
  payment: VatPayment | null;
}

export interface Ca3RuleContext {
  period: ReportPeriod;
  settings: AccountingSettings;
  chooser: AccountChooser;
  /** Issue 26, item 3: the rates a foreign currency is converted at (the ECB's imported, the
   * accountant's typed), and who hears each conversion made; without it only BT-111 converts. */
  currency?: ConversionInputs & { converted?: (invoiceId: string, conversion: Conversion) => void };
}

export type Ca3Outcome =
  | { kind: 'outside' }
  | { kind: 'left_out'; invoice: ReportInvoice & { reason: string } }
  | { kind: 'held' | 'lacking'; aside: Ca3Aside }
  /** `due`: the parts due in the period; `notDue`: those due in another one (or not yet). */
  | { kind: 'counted'; due: Ca3Part[]; notDue: Ca3Part[] };

/** What an invoice without usable details would change: its search totals, rate unknown (a
 * sale: A1 and 16; a purchase: 20). */
function roughChange(row: Ca3Row['row']): Ca3Aside['wouldChange'] {
  const sign = isCreditNote(row.typeCode) ? -1 : 1;
  const ht = sign * (row.htCents ?? 0) || 0;
  const tva = sign * (row.tvaCents ?? 0) || 0;
  return directionOf(row) === 'OUTBOUND'
    ? [
        { code: 'A1', cents: ht },
        { code: '16', cents: tva },
      ]
    : [{ code: '20', cents: tva }];
}

/** The amount a part puts in its box: the tax for the rate lines and 17, 19, 20; else the base. */
export function partAmount(part: Pick<Ca3Part, 'code' | 'baseCents' | 'taxCents'>): number {
  return /^(08|9B|09|T6|17|19|20)$/.test(part.code) ? part.taxCents : part.baseCents;
}

/** Parts summed per box, with the lines no box takes (for "what it would change"). */
function byBox(
  parts: readonly Ca3Part[],
  unplaced: { code: Ca3BoxCode; cents: number }[] = [],
): Ca3Aside['wouldChange'] {
  const sums = new Map<Ca3BoxCode, number>();
  for (const p of parts) sums.set(p.code, (sums.get(p.code) ?? 0) + partAmount(p));
  for (const u of unplaced) sums.set(u.code, (sums.get(u.code) ?? 0) + u.cents);
  return [...sums].map(([code, cents]) => ({ code, cents }));
}

/** The boxes each line of a checked invoice fills, and the day each is due; `unplaced`: what
 * the taxed lines at a rate with no mainland line on the form would add (A1 and 16, or 20).
 * `asIfDue`: VAT on payment not collected yet counted on the invoice's date (what a held
 * invoice would change). */
export function invoiceParts(
  invoice: Ca3Row,
  lines: readonly RateLine[],
  context: Ca3RuleContext,
  asIfDue = false,
): { parts: Ca3Part[]; unplaced: { code: Ca3BoxCode; cents: number }[] } {
  const { row, facts } = invoice;
  const { settings } = context;
  const purchase = directionOf(row) === 'INBOUND';
  const credit = isCreditNote(row.typeCode);
  const sign = credit ? -1 : 1;
  const dated = invoiceDay(row) as string;
  // BT-8 (tax/rules.ts): the invoice date, the delivery date (its invoice date when it gives
  // none), or the 212 "Encaissée" day in Paris (null while not collected).
  const point = taxPointRule(facts!);
  const onPayment = point === 'payment_date';
  const delivered =
    invoice.deliveryDate && /^\d{4}-\d{2}-\d{2}$/.test(invoice.deliveryDate)
      ? invoice.deliveryDate
      : null;
  // Paid on its 212 day or the accountant's mark's (tax/vat-due.ts; a held invoice has none).
  const payment = onPayment && !asIfDue ? paymentOf(invoice) : null;
  const dueDay =
    point === 'delivery_date'
      ? (delivered ?? dated)
      : onPayment
        ? (payment?.day ?? (asIfDue ? dated : null))
        : dated;
  const basis: Ca3DueBasis =
    point === 'delivery_date' ? 'delivery_date' : onPayment ? 'payment_date' : 'invoice_date';
  const intraEu = intraEuDay(dated, delivered);
  const parts: Ca3Part[] = [];
  const unplaced: { code: Ca3BoxCode; cents: number }[] = [];
  const add = (
    code: Ca3BoxCode,
    rule: Ca3Rule,
    day: string,
    why: Ca3DueBasis,
    base: number,
    tax: number,
  ) =>
    parts.push({
      code,
      rule: credit ? 'credit_note' : rule,
      dueDay: day,
      basis: why,
      baseCents: sign * base || 0,
      taxCents: sign * tax || 0,
      payment: why === 'payment_date' ? payment : null,
    });

  if (!purchase) {
    for (const l of lines) {
      if (l.tax !== 0 || (l.category === 'S' && (l.bp ?? 0) > 0)) {
        // A taxed sale: A1 and the line of its rate, when its VAT is due.
        if (dueDay === null) continue; // VAT on payment, not collected yet: not due
        const rule: Ca3Rule = onPayment ? 'sale_vat_on_payment' : 'sale_taxable';
        const box = l.bp !== null ? RATE_BOX_OF_BP.get(l.bp) : undefined;
        if (!box) {
          unplaced.push(
            { code: 'A1', cents: sign * l.taxable || 0 },
            { code: '16', cents: sign * l.tax || 0 },
          );
          continue;
        }
        add('A1', rule, dueDay, basis, l.taxable, 0);
        add(box, rule, dueDay, basis, l.taxable, l.tax);
        continue;
      }
      // An intra-EU delivery (K) on the intra-EU day; an export (G) and the other untaxed sales
      // (E, O, Z, AE, a 0 % line) when the invoice's VAT would be due by its own rule.
      const untaxed = UNTAXED_SALE[l.category] ?? UNTAXED_SALE.E!;
      if (l.category === 'K') add('F2', 'sale_intra_eu', intraEu, 'intra_eu', l.taxable, 0);
      else if (dueDay !== null) add(untaxed.box, untaxed.rule, dueDay, basis, l.taxable, 0);
    }
    return { parts, unplaced };
  }

  // A purchase: the party's account (the entries' chooser, with the entries' default account)
  // says whether it is a fixed asset.
  const process = facts!.processType ?? '';
  const name = row.sellerName ?? row.counterpartyName ?? '';
  const choice = context.chooser.choose({
    key: thirdPartyKey({
      name: row.sellerName,
      siren: row.sellerSiren,
      siret: row.sellerSiret,
      vatNumber: row.sellerVat,
    }),
    role: 'supplier',
    name,
    invoiceAccount: invoiceAccount(facts!, true),
    defaultAccount:
      process.startsWith('S') || process === ''
        ? settings.accounts.expenseServices
        : settings.accounts.expenseGoods,
  });
  const fixedAsset = isFixedAssetAccount(choice.account);
  const deductibleBox: Ca3BoxCode = fixedAsset ? '19' : '20';
  const sellerCountry = countryOf(facts!.sellerCountry, row.sellerVat);
  const sellerForeign = sellerCountry !== 'FR';
  const services = process.startsWith('S');
  for (const l of lines) {
    if (isSelfAssessed(l, sellerForeign)) {
      // Reverse charge: the buyer owes the VAT at the French rate (the line's rate when given,
      // else the settings') and deducts it in the same return: both sides declared.
      // A2: a supplier established in France (BTP subcontracting, art. 283-2 nonies: "autres
      // opérations imposables"); B2: an intra-EU acquisition (K, or goods from an EU supplier),
      // also in 17; A3: services from a supplier not established in France (art. 283-2); B4:
      // the others (goods from outside the EU, art. 283-1).
      const [baseBox, rule]: [Ca3BoxCode, Ca3Rule] = !sellerForeign
        ? ['A2', 'reverse_charge_domestic']
        : l.category === 'K' || (!services && EU_COUNTRIES.has(sellerCountry))
          ? ['B2', 'reverse_charge_intra_eu_goods']
          : services
            ? ['A3', 'reverse_charge_services']
            : ['B4', 'reverse_charge_other'];
      // Its day: a French supplier's BT-8, as any French VAT; an intra-EU acquisition's intra-EU
      // day; from abroad never the payment (directive 2006/112 art. 66: no payment basis when
      // the customer owes the VAT): the invoice's date stands for the supply's.
      const [day, why]: [string | null, Ca3DueBasis] =
        baseBox === 'A2'
          ? [dueDay, basis]
          : baseBox === 'B2'
            ? [intraEu, 'intra_eu']
            : onPayment
              ? [dated, 'invoice_date']
              : [dueDay, basis];
      if (day === null) continue;
      const bp = l.bp !== null && l.bp > 0 ? l.bp : settings.reverseChargeRateBp;
      const box = RATE_BOX_OF_BP.get(bp);
      const tax = roundHalf((l.taxable * bp) / 10_000);
      if (!box) {
        unplaced.push(
          { code: '16', cents: sign * tax || 0 },
          { code: '20', cents: sign * tax || 0 },
        );
        continue;
      }
      add(baseBox, rule, day, why, l.taxable, 0);
      add(box, rule, day, why, l.taxable, tax);
      if (baseBox === 'B2') add('17', rule, day, why, l.taxable, tax);
      add(deductibleBox, rule, day, why, l.taxable, tax);
      continue;
    }
    if (NO_VAT_PURCHASE.has(l.category) || l.tax === 0 || dueDay === null) continue;
    // Deductible VAT: 19 on fixed assets (the party's 2xx account), else 20; when it is due
    // (art. 271 I-2 CGI: the right to deduct arises when the tax becomes chargeable), on
    // payment in the period of its 212 status.
    const rule: Ca3Rule = fixedAsset
      ? 'purchase_fixed_asset'
      : onPayment
        ? 'purchase_deductible_on_payment'
        : 'purchase_deductible';
    add(deductibleBox, rule, dueDay, basis, l.taxable, l.tax);
  }
  return { parts, unplaced };
}

/** What one archived invoice gives the return of `context.period`. */
/** The invoice's totals in euros: converted at a rate with its source when the context has
 * rates (tax/conversion.ts), else as the entries read them (BT-111 only). */
function totalsOf(
  facts: Parameters<typeof checkTotals>[0],
  invoiceId: string,
  dueDay: string | null,
  context: Ca3RuleContext,
): ReturnType<typeof checkTotals> {
  return checkedInEuros(facts, { invoiceId, dueDay }, context.currency);
}

export function ca3Outcome(invoice: Ca3Row, context: Ca3RuleContext): Ca3Outcome {
  const { row, facts } = invoice;
  const { period } = context;
  const dated = invoiceDay(row);
  if (dated === null) return { kind: 'outside' };
  const datedIn = inPeriod(dated, period);
  const collected = paymentOf(invoice)?.day ?? null;
  const delivered = invoice.deliveryDate;
  // Delivered up to a month before: goods between member states are due on the 15th of the
  // month after their delivery (intraEuDay).
  const deliveredNear = inPeriod(delivered, { ...period, from: addDays(period.from, -31) });
  const maybeIn = datedIn || inPeriod(collected, period) || deliveredNear;
  if (!maybeIn) return { kind: 'outside' };

  // Refused (210), rejected (213), invalid or duplicated: count nowhere, listed in the period of
  // their date.
  const standing = vatStanding(row);
  if (standing.kind === 'left_out')
    return datedIn
      ? { kind: 'left_out', invoice: { ...reportInvoice(row), reason: standing.reason } }
      : { kind: 'outside' };
  const aside = (
    kind: 'held' | 'lacking',
    reason: Ca3Aside['reason'],
    wouldChange: Ca3Aside['wouldChange'],
  ): Ca3Outcome => ({ kind, aside: { ...reportInvoice(row), reason, wouldChange } });

  // Disputed (207) or suspended (208) comes first, as in the TVA report and the entries
  // (tax/vat-due.ts): held even when its details are missing or do not add up (then with its
  // search totals, in the period of its date).
  const held = standing.kind === 'held' ? standing.reason : undefined;
  if (held && (facts === null || !checkTotals(facts).ok))
    return datedIn ? aside('held', held, roughChange(row)) : { kind: 'outside' };
  // Without details (or with totals the entries cannot post) the breakdown is unknown: named in
  // the period of its date with its search totals, never counted from guesses.
  if (facts === null)
    return datedIn ? aside('lacking', 'no_details', roughChange(row)) : { kind: 'outside' };
  const checked = totalsOf(facts, row.invoiceId, dated, context);
  if (!checked.ok) {
    const reason =
      checked.reason === 'foreign_currency'
        ? 'foreign_currency'
        : checked.reason === 'totals_mismatch'
          ? 'totals_mismatch'
          : 'no_details'; // no VAT breakdown at all
    // Named in the period of its date, or of its VAT's day by its BT-8 (its delivery, its 212).
    const point = taxPointRule(facts);
    const due = point === 'delivery_date' ? delivered : point === 'payment_date' ? collected : null;
    return datedIn || inPeriod(due, period)
      ? aside('lacking', reason, roughChange(row))
      : { kind: 'outside' };
  }
  // Disputed (207) or suspended (208): held for the accountant, with what it would change. A
  // held invoice has no 212 status: VAT on payment is placed by its date.
  const { parts, unplaced } = invoiceParts(invoice, checked.lines, context, held !== undefined);
  const due = parts.filter((p) => inPeriod(p.dueDay, period));
  const placedIn = due.length > 0 || (parts.length === 0 && datedIn);
  if (held) return placedIn ? aside('held', held, byBox(due, unplaced)) : { kind: 'outside' };
  // A taxed line at a rate the form has no mainland line for: named, with what it would change.
  if (unplaced.length > 0)
    return placedIn || datedIn
      ? aside('lacking', 'other_rate', byBox(due, unplaced))
      : { kind: 'outside' };
  return { kind: 'counted', due, notDue: parts.filter((p) => !inPeriod(p.dueDay, period)) };
}
