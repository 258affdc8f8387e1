// An independent CA3 (3310-CA3) of a period, computed from the operator's OWN invoices: the search
// (lastStatusData: the 212 "Encaissée" day) and GET /v1/invoice/{id} over real HTTP, as
// docs/operator-api.md describes them, and the rules of /work/accounting.md (the CA3 section) and
// the 3310-CA3 notice. It shares no code with the app's reports or accounting
// (src/main/services/reports, src/main/services/accounting) nor with its archive: a rule the app
// gets wrong cannot pass by sharing the mistake. Amounts in integer cents, credit notes negative.
//
// The rules, each line saying which one it follows:
// - refused (210) and rejected (213) invoices, and those the platform rejected (INVALID,
//   DUPLICATED, WRONG_ROUTING: "rejected" in the spec; NOT_DELIVERED, CONVERSION_FAILED: never
//   reached their recipient) count nowhere;
// - disputed (207) and suspended (208) invoices are held: listed with what they would change;
// - an invoice without details, in another currency with no euro VAT to convert it by (BT-111),
//   or whose breakdown does not add up to its totals, is lacking: listed, not counted;
// - its VAT counts in the period of the day it became due, by its BT-8: the invoice date (3, 5,
//   INVOICE_DATE), the delivery date (29, 35, DELIVERY_DATE; the invoice date when none is
//   given), the Paris day of its 212 status (72, 432, PAYMENT_DATE; not due before). Deductible
//   VAT follows the same day (art. 271 I-2 CGI: the right to deduct arises when the tax becomes
//   chargeable);
// - sales: a taxed line → A1 and its rate line (08 20 %, 9B 10 %, 09 5.5 %, T6 2.1 % in mainland
//   France, never 10/11); K → F2 (its day: the invoice's, or the 15th of the month after the
//   delivery when later: directive art. 67); G → E1; every other untaxed line (E, AE, O…) → E2;
// - purchases: VAT invoiced → 20, or 19 when the purchase is a fixed asset (booked to a 2xx
//   account); a reverse-charge line (AE, or K: an intra-EU acquisition) is self-assessed at the
//   French rate (the line's percent when > 0, else the company's rate) and declared twice: its
//   base in A3 (services from a supplier not established in France, art. 283-2), B2 (goods from an
//   EU supplier, with its VAT in 17 too), B4 (other goods from a supplier not established in
//   France, art. 283-1) or A2 (a supplier established in France: BTP subcontracting, art. 283-2
//   nonies, "autres opérations imposables"), its VAT in the rate line and in 20 (or 19). Its day:
//   a French supplier's BT-8 as any French VAT; from abroad never the payment (directive
//   2006/112 art. 66: no payment basis for services whose customer owes the VAT, art. 196) but
//   the invoice date, and for an intra-EU acquisition the 15th of the month after the delivery
//   when the invoice is later (art. 69; CGI art. 269-2 d);
// - a credit note (UNTDID 1001: 381…) reduces the boxes its invoice would fill;
// - 16 = the rate lines' VAT; 23 = 19 + 20 + 21 + 22; TD = 16 − 23 when positive, else 25 =
//   23 − 16; 27 = 25 (no refund asked); 28 = TD.

// ---- The operator's invoices (docs/operator-api.md 2.1, 2.2), as much as the oracle reads ----

export interface OperatorTaxDetail {
  taxableAmount: { amount: number };
  taxAmount: { amount: number };
  categoryCode: string;
  percent?: number;
}

export interface OperatorParty {
  name: string;
  vatNumber?: string;
  postalAddress?: { country: string };
}

export interface OperatorInvoice {
  invoiceId: string;
  businessData: {
    invoiceId: string;
    invoiceDate: string;
    type: string | number;
    processType?: string;
    taxPaymentOption?: { code?: number; iopCode?: string };
    referenceData?: { accountingCostId?: string };
    monetary: {
      invoiceCurrency: string;
      invoiceAmount: { amount: number };
      taxBasisTotalAmount: { amount: number };
      taxTotalAmount: { amount: number };
      taxTotalAmountAccounting?: { amount: number };
    };
    taxDetails?: OperatorTaxDetail[];
    seller: OperatorParty;
    buyer: OperatorParty;
    shipping?: { deliveryDate?: string };
  };
}

/** One invoice as the operator gives it: its search metadata and last status, its details. */
export interface OracleInvoice {
  invoiceId: string;
  state: string;
  direction: 'INBOUND' | 'OUTBOUND';
  lastStatus: { code: string; date: string | null } | null;
  /** BT-2 as the search gives it (to place an invoice whose details are missing). */
  invoiceDate: string | null;
  /** GET /v1/invoice/{id}; null when the operator would not give it. */
  detail: OperatorInvoice | null;
}

// ---- The return ----

export const ORACLE_BASE_BOXES = ['A1', 'A2', 'A3', 'A4', 'B2', 'B4', 'E1', 'E2', 'F2'] as const;
export const ORACLE_RATE_BOXES = ['08', '9B', '09', 'T6'] as const;
export const ORACLE_TOTAL_BOXES = [
  '16',
  '17',
  '19',
  '20',
  '21',
  '22',
  '23',
  'TD',
  '25',
  '27',
  '28',
] as const;
export type OracleBox =
  | (typeof ORACLE_BASE_BOXES)[number]
  | (typeof ORACLE_RATE_BOXES)[number]
  | (typeof ORACLE_TOTAL_BOXES)[number];

/** Rate lines of mainland France, by rate in basis points (the notice: 2.1 % is T6). */
const RATE_BOX: Record<number, (typeof ORACLE_RATE_BOXES)[number]> = {
  2000: '08',
  1000: '9B',
  550: '09',
  210: 'T6',
};

/** Why an amount is in a box, in the oracle's own words. */
export type OracleRule =
  | 'sale_taxed'
  | 'sale_intra_eu'
  | 'sale_export'
  | 'sale_not_taxed'
  | 'purchase_vat'
  | 'purchase_fixed_asset_vat'
  | 'reverse_charge_services_abroad' // A3
  | 'reverse_charge_eu_goods' // B2
  | 'reverse_charge_other_abroad' // B4
  | 'reverse_charge_in_france'; // A2

export interface OracleContribution {
  invoiceId: string;
  number: string;
  dueDay: string;
  rule: OracleRule;
  /** The base box or the rate line's base; the tax for tax boxes. */
  cents: number;
}

export type OracleAsideReason =
  'disputed' | 'suspended' | 'no_details' | 'foreign_currency' | 'totals_mismatch' | 'unknown_rate';

export interface OracleAside {
  invoiceId: string;
  reason: OracleAsideReason;
  /** What counting it would change, box by box (empty when it cannot be read). */
  wouldChange: Partial<Record<OracleBox, number>>;
}

export interface OracleReturn {
  period: { from: string; to: string };
  /** Every box's amount in cents (rate lines: their tax). */
  boxes: Record<OracleBox, number>;
  /** The VAT to the cent, before the form's rounding: the rate lines' (collected) and 19 + 20 +
   * 21 (deductible), as the entries carry it. */
  exact: { collectedCents: number; deductibleCents: number };
  /** The rate lines' bases. */
  rateBases: Record<(typeof ORACLE_RATE_BOXES)[number], number>;
  /** The invoices behind each box. */
  contributions: Partial<Record<OracleBox, OracleContribution[]>>;
  /** Held (207, 208) or lacking, whose VAT would be due in the period (or dated in it when
   * its due day cannot be told). */
  aside: OracleAside[];
  /** Refused, rejected or rejected by the platform, dated in the period: the reason. */
  leftOut: { invoiceId: string; reason: string }[];
  /** VAT on payment not collected (no 212) and dated in the period: not due yet. */
  notDueYet: string[];
  /** Self-assessed VAT in the period (reverse charge): in 16 and in 19/20 alike. */
  selfAssessedCents: number;
}

export interface OracleOptions {
  /** The French rate a reverse-charge line without a rate is self-assessed at (bp). */
  reverseChargeRateBp?: number;
  /** Line 22, the credit carried from the previous return. */
  carriedCreditCents?: number;
  /** The account the company books a supplier's purchases to, when it chose one (a 2xx account
   * makes them fixed assets); default: the invoice's own accounting reference (BT-19). */
  supplierAccount?: (invoice: OperatorInvoice) => string | null;
}

// ---- Rules ----

/** The spec's states for invoices that never became an invoice for anyone (2.1). */
const PLATFORM_REJECTED = new Set([
  'INVALID',
  'DUPLICATED',
  'WRONG_ROUTING',
  'NOT_DELIVERED',
  'CONVERSION_FAILED',
]);
/** UNTDID 1001 credit notes (the EN 16931 list of BT-3 credit-note codes). */
const CREDIT_NOTE_TYPES = new Set([
  '81',
  '83',
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '532',
]);
/** The EU member states (VAT territory). */
const EU = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** Cents of an amount in euros given with (at most) 2 decimals. */
export function cents(amount: number): number {
  return Math.round(amount * 100);
}

/** Half away from zero. */
function roundHalf(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** The day in Paris of an ISO date-time (23:30 UTC on 30 September is 1 October there). */
export function parisCalendarDay(iso: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

type TaxPoint = 'invoice' | 'delivery' | 'payment';

/** BT-8: the code (the invoice's own field) first, else iopCode; the invoice date otherwise. */
function taxPoint(option: OperatorInvoice['businessData']['taxPaymentOption']): TaxPoint {
  const byCode: Record<number, TaxPoint> = {
    3: 'invoice',
    5: 'invoice',
    29: 'delivery',
    35: 'delivery',
    72: 'payment',
    432: 'payment',
  };
  const byIop: Record<string, TaxPoint> = {
    INVOICE_DATE: 'invoice',
    DELIVERY_DATE: 'delivery',
    PAYMENT_DATE: 'payment',
  };
  if (option?.code !== undefined && byCode[option.code]) return byCode[option.code]!;
  if (option?.iopCode !== undefined && byIop[option.iopCode]) return byIop[option.iopCode]!;
  return 'invoice';
}

/** The day the invoice's VAT became due, or null when due on payment and not collected. */
export function dueDayOf(invoice: OracleInvoice): string | null {
  const data = invoice.detail!.businessData;
  switch (taxPoint(data.taxPaymentOption)) {
    case 'invoice':
      return data.invoiceDate;
    case 'delivery': {
      const delivered = data.shipping?.deliveryDate;
      return delivered && /^\d{4}-\d{2}-\d{2}$/.test(delivered) ? delivered : data.invoiceDate;
    }
    case 'payment':
      return invoice.lastStatus?.code === '212' && invoice.lastStatus.date
        ? parisCalendarDay(invoice.lastStatus.date)
        : null;
  }
}

function countryOf(party: OperatorParty): string {
  const country = party.postalAddress?.country;
  if (country) return country.toUpperCase();
  if (party.vatNumber && /^[A-Z]{2}/i.test(party.vatNumber))
    return party.vatNumber.slice(0, 2).toUpperCase();
  return 'FR';
}

interface Line {
  category: string;
  bp: number;
  base: number;
  tax: number;
}

/** The breakdown in euro cents, or why it cannot be read. */
function linesOf(data: OperatorInvoice['businessData']): Line[] | OracleAsideReason {
  const details = data.taxDetails ?? [];
  if (details.length === 0) return 'totals_mismatch';
  let lines: Line[] = details.map((d) => ({
    category: d.categoryCode.toUpperCase(),
    bp: Math.round((d.percent ?? 0) * 100),
    base: cents(d.taxableAmount.amount),
    tax: cents(d.taxAmount.amount),
  }));
  const m = data.monetary;
  const base = lines.reduce((s, l) => s + l.base, 0);
  const tax = lines.reduce((s, l) => s + l.tax, 0);
  // The breakdown adds up to BT-109 and BT-110, and HT + TVA = TTC (a cent a line of rounding).
  if (base !== cents(m.taxBasisTotalAmount.amount) || tax !== cents(m.taxTotalAmount.amount))
    return 'totals_mismatch';
  if (Math.abs(base + tax - cents(m.invoiceAmount.amount)) > lines.length) return 'totals_mismatch';
  if (m.invoiceCurrency.toUpperCase() !== 'EUR') {
    // Converted by the rate its own euro VAT (BT-111) gives; with no VAT there is no rate.
    const eur = m.taxTotalAmountAccounting ? cents(m.taxTotalAmountAccounting.amount) : null;
    if (eur === null || tax === 0) return 'foreign_currency';
    const rate = eur / tax;
    lines = lines.map((l) => ({
      ...l,
      base: roundHalf(l.base * rate),
      tax: roundHalf(l.tax * rate),
    }));
    // The euro VAT is the invoice's own: a conversion cent goes to the largest line.
    const largest = lines.reduce((a, b) => (Math.abs(b.tax) > Math.abs(a.tax) ? b : a));
    largest.tax += eur - lines.reduce((s, l) => s + l.tax, 0);
  }
  return lines;
}

/** A PCG account of class 2 (fixed assets), 3 to 20 digits. */
function isFixedAssetAccount(account: string | null | undefined): boolean {
  const digits = (account ?? '').replace(/\s/g, '');
  return /^2\d{2,19}$/.test(digits);
}

/** The 15th of the month after `day`. */
function fifteenthAfter(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return `${next}-15`;
}

/** Goods moving between member states (an intra-EU delivery, F2, or acquisition, B2): the
 * invoice's date, or the 15th of the month after the delivery when the invoice comes later
 * (directive 2006/112 art. 67 and 69; CGI art. 269-2 d for acquisitions). */
function intraEuDay(invoice: OracleInvoice): string {
  const data = invoice.detail!.businessData;
  const delivered = data.shipping?.deliveryDate;
  const delivery =
    delivered && /^\d{4}-\d{2}-\d{2}$/.test(delivered) ? delivered : data.invoiceDate;
  const fifteenth = fifteenthAfter(delivery);
  return data.invoiceDate < fifteenth ? data.invoiceDate : fifteenth;
}

/**
 * The day self-assessed VAT becomes due. A supplier established in France (domestic reverse
 * charge, art. 283-2 nonies): the invoice's own BT-8, as any French VAT. A supplier not
 * established in France: never on payment (directive 2006/112 art. 66, last paragraph: the
 * payment basis does not apply to services whose VAT the customer owes under art. 196); the
 * invoice date stands for the day of the supply, which the invoice does not give otherwise; an
 * intra-EU acquisition of goods (B2): the 15th of the month after the delivery, or the invoice's
 * date when it is earlier (directive art. 69, CGI art. 269-2 d).
 */
function selfAssessedDueDay(invoice: OracleInvoice, baseBox: OracleBox): string | null {
  const data = invoice.detail!.businessData;
  if (baseBox === 'A2') return dueDayOf(invoice);
  if (baseBox === 'B2') return intraEuDay(invoice);
  return taxPoint(data.taxPaymentOption) === 'payment' ? data.invoiceDate : dueDayOf(invoice);
}

/** One counted invoice's part of one box (signed), the day it is due (null: not yet). */
interface Part {
  box: OracleBox;
  rule: OracleRule;
  cents: number;
  /** Rate lines: their base. */
  base?: number;
  /** Self-assessed VAT (reverse charge), on either side. */
  selfAssessed: boolean;
  day: string | null;
}

/** What one readable invoice puts in each box, with its rules and due days. */
function partsOf(
  invoice: OracleInvoice,
  lines: Line[],
  options: Required<Pick<OracleOptions, 'reverseChargeRateBp'>> & OracleOptions,
): Part[] | 'unknown_rate' {
  const data = invoice.detail!.businessData;
  const sign = CREDIT_NOTE_TYPES.has(String(data.type)) ? -1 : 1;
  const due = dueDayOf(invoice);
  const out: Part[] = [];
  const add = (box: OracleBox, rule: OracleRule, amount: number, extra: Partial<Part> = {}) =>
    out.push({ box, rule, cents: sign * amount, selfAssessed: false, day: due, ...extra });
  if (invoice.direction === 'OUTBOUND') {
    for (const l of lines) {
      if (l.tax !== 0 || (l.category === 'S' && l.bp > 0)) {
        const box = RATE_BOX[l.bp];
        if (!box) return 'unknown_rate';
        add('A1', 'sale_taxed', l.base);
        add(box, 'sale_taxed', l.tax, { base: sign * l.base });
      } else if (l.category === 'K')
        add('F2', 'sale_intra_eu', l.base, { day: intraEuDay(invoice) });
      else if (l.category === 'G') add('E1', 'sale_export', l.base);
      else add('E2', 'sale_not_taxed', l.base);
    }
    return out;
  }
  const account = options.supplierAccount
    ? options.supplierAccount(invoice.detail!)
    : (data.referenceData?.accountingCostId ?? null);
  const fixedAsset = isFixedAssetAccount(account);
  const deductibleBox: OracleBox = fixedAsset ? '19' : '20';
  const sellerCountry = countryOf(data.seller);
  const services = (data.processType ?? '').startsWith('S');
  for (const l of lines) {
    if (l.category === 'AE' || l.category === 'K') {
      // Reverse charge: the buyer owes the VAT at the French rate and deducts it at once.
      const bp = l.bp > 0 ? l.bp : options.reverseChargeRateBp;
      const box = RATE_BOX[bp];
      if (!box) return 'unknown_rate';
      const tax = roundHalf((l.base * bp) / 10_000);
      const [baseBox, rule]: [OracleBox, OracleRule] =
        sellerCountry === 'FR'
          ? ['A2', 'reverse_charge_in_france']
          : l.category === 'K' || (!services && EU.has(sellerCountry))
            ? ['B2', 'reverse_charge_eu_goods']
            : services
              ? ['A3', 'reverse_charge_services_abroad']
              : ['B4', 'reverse_charge_other_abroad'];
      const self = { selfAssessed: true, day: selfAssessedDueDay(invoice, baseBox) };
      add(baseBox, rule, l.base, self);
      add(box, rule, tax, { ...self, base: sign * l.base });
      if (baseBox === 'B2') add('17', rule, tax, self);
      add(deductibleBox, rule, tax, self);
    } else if (l.tax !== 0) {
      add(deductibleBox, fixedAsset ? 'purchase_fixed_asset_vat' : 'purchase_vat', l.tax);
    }
    // Exempt, zero-rated or out-of-scope purchases (E, Z, O, G): no VAT anyone owes here.
  }
  return out;
}

const inPeriod = (day: string | null, period: { from: string; to: string }): boolean =>
  day !== null && day >= period.from && day <= period.to;

/** Why an invoice counts nowhere (the state or the code), or null. */
function exclusion(invoice: OracleInvoice): string | null {
  const code = invoice.lastStatus?.code ?? null;
  if (code === '210' || code === '213') return code;
  return PLATFORM_REJECTED.has(invoice.state) ? invoice.state : null;
}

/** The CA3 of `period` (days, both ends included) from the operator's invoices. */
export function oracleCa3(
  invoices: readonly OracleInvoice[],
  period: { from: string; to: string },
  options: OracleOptions = {},
): OracleReturn {
  const opts = { reverseChargeRateBp: 2000, ...options };
  const boxes = Object.fromEntries(
    [...ORACLE_BASE_BOXES, ...ORACLE_RATE_BOXES, ...ORACLE_TOTAL_BOXES].map((b) => [b, 0]),
  ) as Record<OracleBox, number>;
  const rateBases = { '08': 0, '9B': 0, '09': 0, T6: 0 };
  const exact = { collectedCents: 0, deductibleCents: 0 };
  const contributions: Partial<Record<OracleBox, OracleContribution[]>> = {};
  const aside: OracleAside[] = [];
  const leftOut: { invoiceId: string; reason: string }[] = [];
  const notDueYet: string[] = [];
  let selfAssessedCents = 0;

  for (const invoice of invoices) {
    const dated = invoice.detail?.businessData.invoiceDate ?? invoice.invoiceDate;
    const code = invoice.lastStatus?.code ?? null;
    const excluded = exclusion(invoice);
    if (excluded !== null) {
      if (inPeriod(dated, period)) leftOut.push({ invoiceId: invoice.invoiceId, reason: excluded });
      continue;
    }
    if (invoice.detail === null) {
      if (inPeriod(dated, period))
        aside.push({ invoiceId: invoice.invoiceId, reason: 'no_details', wouldChange: {} });
      continue;
    }
    const lines = linesOf(invoice.detail.businessData);
    if (typeof lines === 'string') {
      if (inPeriod(dueDayOf(invoice) ?? dated, period))
        aside.push({ invoiceId: invoice.invoiceId, reason: lines, wouldChange: {} });
      continue;
    }
    const parts = partsOf(invoice, lines, opts);
    if (parts === 'unknown_rate') {
      if (inPeriod(dated, period))
        aside.push({ invoiceId: invoice.invoiceId, reason: 'unknown_rate', wouldChange: {} });
      continue;
    }
    if (parts.some((p) => p.day === null) && inPeriod(dated, period))
      notDueYet.push(invoice.invoiceId);
    const due = parts.filter((p) => inPeriod(p.day, period));
    if (due.length === 0) continue;
    const held = code === '207' ? 'disputed' : code === '208' ? 'suspended' : null;
    if (held) {
      const wouldChange: Partial<Record<OracleBox, number>> = {};
      for (const p of due) wouldChange[p.box] = (wouldChange[p.box] ?? 0) + p.cents;
      aside.push({ invoiceId: invoice.invoiceId, reason: held, wouldChange });
      continue;
    }
    for (const p of due) {
      boxes[p.box] += p.cents;
      if (p.base !== undefined) rateBases[p.box as keyof typeof rateBases] += p.base;
      (contributions[p.box] ??= []).push({
        invoiceId: invoice.invoiceId,
        number: invoice.detail.businessData.invoiceId,
        dueDay: p.day!,
        rule: p.rule,
        cents: p.cents,
      });
      if (p.selfAssessed && p.base !== undefined) selfAssessedCents += p.cents;
    }
  }

  // Totals (the form's own arithmetic: the notice asks for whole euros, and the online form
  // adds the boxes as rounded, half away from zero).
  const whole = (cents: number): number =>
    Math.sign(cents) * Math.round(Math.abs(cents) / 100) * 100;
  exact.collectedCents = ORACLE_RATE_BOXES.reduce((s, b) => s + boxes[b], 0);
  exact.deductibleCents = boxes['19'] + boxes['20'] + boxes['21'];
  boxes['16'] = ORACLE_RATE_BOXES.reduce((s, b) => s + whole(boxes[b]), 0);
  boxes['22'] = opts.carriedCreditCents ?? 0;
  boxes['23'] = whole(boxes['19']) + whole(boxes['20']) + whole(boxes['21']) + whole(boxes['22']);
  const net = boxes['16'] - boxes['23'];
  boxes.TD = Math.max(net, 0);
  boxes['25'] = Math.max(-net, 0);
  boxes['27'] = boxes['25'];
  boxes['28'] = boxes.TD;
  return {
    period,
    boxes,
    exact,
    rateBases,
    contributions,
    aside,
    leftOut,
    notDueYet,
    selfAssessedCents,
  };
}

// ---- The same VAT as the entries carry it (accounting.md, journal entries from invoices) ----

/** Why an invoice's VAT is in the entries of a period and not in its return, or the reverse. */
export type TimingReason =
  | 'delivery_day' // due on delivery, posted on the invoice date
  | 'intra_eu_acquisition_day' // due by art. 69 (15th of the next month), posted on the invoice date
  | 'self_assessed_on_payment' // domestic reverse charge due on its 212 day, posted with its invoice
  | 'other';

export interface TimingDifference {
  invoiceId: string;
  number: string;
  why: TimingReason;
  /** Entries minus return, for this invoice. */
  collectedCents: number;
  deductibleCents: number;
}

export interface EntriesVat {
  /** Credit − debit of 44571 and 4452 in the entries dated in the period. */
  collectedCents: number;
  /** Debit − credit of 44566, 44562 and 445662. */
  deductibleCents: number;
  /** Every invoice counted differently by the entries and the return, with why. */
  differences: TimingDifference[];
}

/**
 * The VAT accounts' movements the entries of `period` must carry (accounting.md): an invoice's
 * entry on its invoice date (44571 for a sale's VAT, 44566 or 44562 for a purchase's, 4452 and
 * 445662 for self-assessed VAT), VAT due on payment held on 44574 / 44564 and moved to 44571 /
 * 44566 on its 212 day; refused, rejected, held and unreadable invoices have no entry. And what
 * sets them apart from the return (`oracleCa3`), invoice by invoice.
 */
export function oracleEntriesVat(
  invoices: readonly OracleInvoice[],
  period: { from: string; to: string },
  options: OracleOptions = {},
): EntriesVat {
  const opts = { reverseChargeRateBp: 2000, ...options };
  let collected = 0;
  let deductible = 0;
  const differences: TimingDifference[] = [];
  for (const invoice of invoices) {
    const code = invoice.lastStatus?.code ?? null;
    if (exclusion(invoice) !== null) continue;
    if (code === '207' || code === '208' || invoice.detail === null) continue;
    const lines = linesOf(invoice.detail.businessData);
    if (typeof lines === 'string') continue;
    const parts = partsOf(invoice, lines, opts);
    if (parts === 'unknown_rate') continue;
    const data = invoice.detail.businessData;
    const onPayment = taxPoint(data.taxPaymentOption) === 'payment';
    const paidDay =
      code === '212' && invoice.lastStatus?.date ? parisCalendarDay(invoice.lastStatus.date) : null;
    // A sale's VAT in a rate line; a purchase's in 19 / 20 (self-assessed: both, once each).
    const collectedPart = (p: Part) =>
      p.base !== undefined && (invoice.direction === 'OUTBOUND' || p.selfAssessed);
    const deductiblePart = (p: Part) => p.box === '19' || p.box === '20';
    let entriesC = 0;
    let entriesD = 0;
    let returnC = 0;
    let returnD = 0;
    for (const p of parts) {
      const isC = collectedPart(p);
      const isD = deductiblePart(p);
      if (!isC && !isD) continue;
      // Posted with the invoice; VAT on payment (not self-assessed) moved on its 212 day.
      const posted = onPayment && !p.selfAssessed ? paidDay : data.invoiceDate;
      if (inPeriod(posted, period)) {
        if (isC) entriesC += p.cents;
        if (isD) entriesD += p.cents;
      }
      if (inPeriod(p.day, period)) {
        if (isC) returnC += p.cents;
        if (isD) returnD += p.cents;
      }
    }
    collected += entriesC;
    deductible += entriesD;
    if (entriesC !== returnC || entriesD !== returnD) {
      const self = parts.some((p) => p.selfAssessed);
      const why: TimingReason =
        self && onPayment && countryOf(data.seller) === 'FR'
          ? 'self_assessed_on_payment'
          : self && parts.some((p) => p.box === 'B2')
            ? 'intra_eu_acquisition_day'
            : taxPoint(data.taxPaymentOption) === 'delivery'
              ? 'delivery_day'
              : 'other';
      differences.push({
        invoiceId: invoice.invoiceId,
        number: data.invoiceId,
        why,
        collectedCents: entriesC - returnC,
        deductibleCents: entriesD - returnD,
      });
    }
  }
  return { collectedCents: collected, deductibleCents: deductible, differences };
}

// ---- Comparing another return with the oracle's ----

export type OracleRateBox = (typeof ORACLE_RATE_BOXES)[number];

export interface BoxDifference {
  /** The box code, or "base 08" for a rate line's base. */
  box: string;
  /** Null when the other return does not give the box. */
  app: number | null;
  oracle: number;
}

/** Every box (in the form's order, then the rate lines' bases) whose cents differ. */
export function boxDifferences(
  other: {
    boxes: Partial<Record<OracleBox, number>>;
    rateBases: Partial<Record<OracleRateBox, number>>;
  },
  oracle: Pick<OracleReturn, 'boxes' | 'rateBases'>,
): BoxDifference[] {
  const out: BoxDifference[] = [];
  for (const box of [...ORACLE_BASE_BOXES, ...ORACLE_RATE_BOXES, ...ORACLE_TOTAL_BOXES]) {
    const app = other.boxes[box];
    if (app !== oracle.boxes[box]) out.push({ box, app: app ?? null, oracle: oracle.boxes[box] });
  }
  for (const box of ORACLE_RATE_BOXES) {
    const app = other.rateBases[box];
    if (app !== oracle.rateBases[box])
      out.push({ box: `base ${box}`, app: app ?? null, oracle: oracle.rateBases[box] });
  }
  return out;
}

// ---- Reading the operator over HTTP (docs/operator-api.md 4.1, 4.2, 5) ----

export interface OperatorAccess {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

const SPEC_STATES = [
  'PENDING',
  'VALID',
  'INVALID',
  'DUPLICATED',
  'WRONG_ROUTING',
  'NOT_DELIVERED',
  'DELIVERED',
  'DELIVERY_PENDING',
  'PROCESSING',
  'CONVERTED',
  'CONVERSION_FAILED',
] as const;
/** The search's window (4.1, 8): offset at most 1000, limit at most 200. */
const WINDOW = 1200;
const PAGE = 200;

async function token(access: OperatorAccess): Promise<string> {
  const response = await fetch(access.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: access.clientId,
      client_secret: access.clientSecret,
    }),
  });
  if (!response.ok) throw new Error(`token: HTTP ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Every invoice the operator holds, with its last status and its full details: the search split
 * by direction × state (each part must fit the 1,200-row window, or the oracle says it cannot see
 * everything), then GET /v1/invoice/{id} for each, a few at a time. A 429 or 503 waits and tries
 * again; a token that expires is asked again.
 */
export async function readOperatorInvoices(
  access: OperatorAccess,
  concurrency = 8,
): Promise<OracleInvoice[]> {
  let bearer = await token(access);
  const get = async (path: string): Promise<unknown> => {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(`${access.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      if (response.ok) return response.json();
      await response.body?.cancel();
      if (attempt >= 5) throw new Error(`GET ${path}: HTTP ${response.status}`);
      if (response.status === 401) bearer = await token(access);
      else if (response.status === 429 || response.status === 503) {
        const wait = Number(response.headers.get('retry-after') ?? '1');
        await new Promise((r) => setTimeout(r, Math.min(wait, 5) * 1000));
      } else throw new Error(`GET ${path}: HTTP ${response.status}`);
    }
  };

  interface SearchItem {
    metadata: { invoiceId: string; state: string; direction: 'INBOUND' | 'OUTBOUND' };
    lastStatusData?: { code: string; date: string | null };
    businessData?: { invoiceDate?: string };
  }
  const found = new Map<string, OracleInvoice>();
  for (const direction of ['INBOUND', 'OUTBOUND'] as const) {
    for (const state of SPEC_STATES) {
      const q = `invoice.direction:"${direction}" AND invoice.state:"${state}"`;
      for (let offset = 0; ; offset += PAGE) {
        const params = new URLSearchParams({
          q,
          expand: 'businessData,lastStatusData',
          offset: String(offset),
          limit: String(PAGE),
        });
        const page = (await get(`/v1.1/invoice/search?${params}`)) as {
          data: SearchItem[];
          meta: { count: number };
        };
        if (page.meta.count > WINDOW)
          throw new Error(`${direction} ${state}: ${page.meta.count} invoices, past the window`);
        for (const item of page.data)
          found.set(item.metadata.invoiceId, {
            invoiceId: item.metadata.invoiceId,
            state: item.metadata.state,
            direction: item.metadata.direction,
            lastStatus: item.lastStatusData
              ? { code: item.lastStatusData.code, date: item.lastStatusData.date }
              : null,
            invoiceDate: item.businessData?.invoiceDate ?? null,
            detail: null,
          });
        if (offset + PAGE >= page.meta.count) break;
      }
    }
  }
  const queue = [...found.values()];
  const workers = Array.from({ length: concurrency }, async () => {
    for (let next = queue.pop(); next; next = queue.pop())
      next.detail = (await get(`/v1/invoice/${next.invoiceId}`)) as OperatorInvoice;
  });
  await Promise.all(workers);
  return [...found.values()];
}
