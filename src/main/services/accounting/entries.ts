// One archived invoice → its journal entries (issue 17, item 3): the invoice's entry and, when its
// VAT is due on payment and it was collected (212) in the period, the entry moving that VAT; or
// why it has none (held for the accountant, or left out). Pure: the rules of docs/accounting.md
// (PCG; art. A47 A-1 LPF), each line saying which one it follows. Amounts in integer cents, from
// the invoice's own VAT breakdown (BG-23) and totals; never a negative amount (sides reversed).
import type {
  AccountingSettings,
  Entry,
  EntryLine,
  HeldReason,
  InvoiceAside,
  LeftOutReason,
  ThirdPartyRole,
} from '#shared/accounting.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { inPeriod } from '#shared/report-period.ts';
import type { AccountingFacts, AccountingRow } from '../archive/ports.ts';
import { checkTotals, countryOf, isSelfAssessed, roundHalf } from '../tax/categories.ts';
import { checkedInEuros, type ConversionInputs } from '../tax/conversion.ts';
import type { RateLine } from '../tax/categories.ts';
import { directionOf, invoiceDay } from '../tax/invoice.ts';
import { isCreditNote, taxPointRule } from '../tax/rules.ts';
import { paymentOf, vatStanding } from '../tax/vat-due.ts';
import { accountLabel } from './account-labels.ts';
import type { AccountChoice, AccountChooser } from './accounting.ts';
import { thirdPartyKey } from './third-parties.ts';

export interface EntryContext {
  period: ReportPeriod;
  settings: AccountingSettings;
  chooser: AccountChooser;
  /** CompteLib of an account (default: account-labels.ts, computed each time). */
  label?: (account: string) => string;
  /** Issue 26, item 3: the rates an invoice in another currency is booked at, the CA3's own
   * (tax/conversion.ts: its BT-111, the ECB's of the day its VAT became due, the typed one);
   * without it only BT-111 converts. */
  currency?: ConversionInputs;
}

/** The third party an invoice's entry used, for the queue of parties to map. */
export interface PartyUse {
  key: string;
  role: ThirdPartyRole;
  name: string;
  choice: AccountChoice;
  /** The invoice's HT in euros, in cents (a credit note negative). */
  htCents: number;
}

export type InvoiceOutcome =
  | { kind: 'outside' }
  | { kind: 'held'; aside: InvoiceAside<HeldReason> }
  | { kind: 'left_out'; aside: InvoiceAside<LeftOutReason> }
  /** `entries`: the invoice's entry when dated in the period, the VAT-on-payment move when
   * collected in it (numbered 0: the ledger numbers them). `party` counts for the queue only
   * when the invoice's own entry is there. */
  | { kind: 'posted'; entries: Entry[]; party: PartyUse };

/** exclusionReason()'s state or code → the reason the screen words. */
function leftOutReason(reason: string): LeftOutReason {
  if (reason === '210') return 'refused';
  if (reason === '213') return 'rejected';
  if (reason === 'DUPLICATED') return 'duplicated';
  return 'invalid'; // INVALID, WRONG_ROUTING, CONVERSION_FAILED, NOT_DELIVERED
}

/** BT-19 when it looks like a PCG expense or fixed-asset account (a purchase's own reference:
 * on a sale BT-19 is the customer's account, not ours). */
export function invoiceAccount(facts: AccountingFacts, purchase: boolean): string | null {
  const cost = facts.accountingCostId?.trim() ?? '';
  return purchase && /^[26]\d{2,19}$/.test(cost) ? cost : null;
}

/** Lines of one entry: `signed` > 0 is a debit, < 0 a credit (never a negative amount). */
function lineBuilder(label: string, accountLabelOf: (account: string) => string) {
  const lines: EntryLine[] = [];
  let balance = 0;
  return {
    lines,
    balance: () => balance,
    add(account: string, signed: number, aux: { code: string; name: string } | null = null) {
      if (signed === 0) return;
      balance += signed;
      lines.push({
        account,
        accountLabel: accountLabelOf(account),
        auxiliary: aux?.code ?? null,
        auxiliaryLabel: aux ? aux.name : null,
        label,
        debitCents: signed > 0 ? signed : 0,
        creditCents: signed < 0 ? -signed : 0,
      });
    },
  };
}

/** The third party of an invoice's 411 / 401 line: the supplier of a purchase, the customer of a
 * sale, keyed for the memory by SIREN, else VAT number, else the name (third-parties.ts). The
 * bank journal (bank-journal.ts) credits the same auxiliary account. */
export function invoiceParty(row: AccountingRow['row']): {
  role: ThirdPartyRole;
  name: string;
  key: string;
} {
  const purchase = directionOf(row) === 'INBOUND';
  const party = purchase
    ? {
        name: row.sellerName,
        siren: row.sellerSiren,
        siret: row.sellerSiret,
        vatNumber: row.sellerVat,
      }
    : {
        name: row.buyerName,
        siren: row.buyerSiren,
        siret: row.buyerSiret,
        vatNumber: row.buyerVat,
      };
  return {
    role: purchase ? 'supplier' : 'customer',
    name: party.name ?? row.counterpartyName ?? '',
    key: thirdPartyKey(party),
  };
}

/** What an invoice's own entry posts on its 411 / 401 line: its TTC in euro cents (a credit
 * note's too), or null when it has no entry (left out, held, without details, totals that do
 * not add up). The bank journal letters an invoice only when the bank paid exactly this. */
export function thirdPartyCents({ row, facts }: AccountingRow): number | null {
  if (vatStanding(row).kind !== 'counts' || facts === null) return null;
  // Another currency's entry posts a converted amount (checkedInEuros): a bank line in euros
  // is not compared with it, so such an invoice is never lettered.
  if (facts.currency !== null && facts.currency !== 'EUR') return null;
  const checked = checkTotals(facts);
  return checked.ok ? checked.ttc : null;
}

/** What one archived invoice gives the ledger of `context.period`. */
export function invoiceOutcome(invoice: AccountingRow, context: EntryContext): InvoiceOutcome {
  const { row, facts } = invoice;
  const { period, settings } = context;
  const accounts = settings.accounts;
  const dated = row.invoiceDate;
  const datedIn = dated !== null && inPeriod(dated, period);
  // VAT on payment moves on the day it was paid: the accountant's mark's, else the 212
  // "Encaissée" day in Paris (tax/vat-due.ts, as the TVA report and the CA3).
  const payment = paymentOf(invoice);
  const collected = payment?.day ?? null;
  const collectedIn = collected !== null && inPeriod(collected, period);
  if (!datedIn && !collectedIn) return { kind: 'outside' };

  const aside = <R extends string>(reason: R, detail: string | null): InvoiceAside<R> => ({
    invoiceId: row.invoiceId,
    number: row.invoiceNumber,
    invoiceDate: dated,
    direction: directionOf(row),
    counterpartyName: row.counterpartyName,
    ttcCents: row.ttcCents,
    reason,
    detail,
  });
  // Each reason is listed in the period of the invoice's date, once.
  const leftOut = (reason: LeftOutReason, detail: string | null): InvoiceOutcome =>
    datedIn ? { kind: 'left_out', aside: aside(reason, detail) } : { kind: 'outside' };

  // Refused (210), rejected (213), invalid or duplicated on the platform: no entry, listed.
  const standing = vatStanding(row);
  if (standing.kind === 'left_out') return leftOut(leftOutReason(standing.reason), standing.reason);
  // Disputed (207) or suspended (208): held for the accountant's decision, listed.
  if (standing.kind === 'held')
    return datedIn ? { kind: 'held', aside: aside(standing.reason, null) } : { kind: 'outside' };
  // Without its details the invoice's VAT breakdown is unknown: never posted from guesses.
  if (facts === null) return leftOut('no_details', null);
  // In euros at the CA3's rate (the same source, the same day: its invoice date).
  const checked = checkedInEuros(
    facts,
    { invoiceId: row.invoiceId, dueDay: invoiceDay(row) },
    context.currency,
  );
  if (!checked.ok) return leftOut(checked.reason, checked.detail);

  const purchase = directionOf(row) === 'INBOUND';
  const credit = isCreditNote(row.typeCode);
  // A credit note (UNTDID 1001: 381…): the same accounts, sides reversed.
  const sign = credit ? -1 : 1;
  const { role, name, key } = invoiceParty(row);
  const process = facts.processType ?? '';
  const services = process.startsWith('S') || process === '';
  const categories = new Set(checked.lines.map((l) => l.category));
  const only = (code: string): boolean => categories.size === 1 && categories.has(code);
  // The default account: goods (B*, M*) or services (S*) by processType; a sale all K goes to
  // intra-EU deliveries, all G to exports; a reverse-charge (AE) sale to services.
  const defaultAccount = purchase
    ? services
      ? accounts.expenseServices
      : accounts.expenseGoods
    : only('K')
      ? accounts.revenueIntraEu
      : only('G')
        ? accounts.revenueExport
        : only('AE') || services
          ? accounts.revenueServices
          : accounts.revenueGoods;
  const choice = context.chooser.choose({
    key,
    role,
    name,
    invoiceAccount: invoiceAccount(facts, purchase),
    defaultAccount,
  });
  const partyLabel = (choice.label ?? name).trim() || name;
  const number = row.invoiceNumber ?? row.invoiceId;
  const labelOf = context.label ?? ((account: string) => accountLabel(account, accounts));
  const aux = { code: choice.auxiliary, name };
  // A 2xx account makes the purchase a fixed asset: its VAT is deductible on 44562.
  const fixedAsset = purchase && choice.account.startsWith('2');
  const deductible = fixedAsset ? accounts.vatDeductibleAssets : accounts.vatDeductible;
  // VAT due on payment (BT-8 code 72 / 432 or PAYMENT_DATE: tax/rules.ts taxPointRule).
  const onPayment = taxPointRule(facts) === 'payment_date';
  const sellerForeign = countryOf(facts.sellerCountry, row.sellerVat) !== 'FR';
  /** A purchase line whose VAT the buyer self-assesses (autoliquidation): AE or K, or a foreign
   * seller's untaxed line that is not exempt. */
  const selfAssessed = (l: RateLine): boolean => purchase && isSelfAssessed(l, sellerForeign);

  const entries: Entry[] = [];
  const base = {
    invoiceId: row.invoiceId,
    pieceRef: number,
    pieceDate: dated ?? '',
    direction: directionOf(row),
    creditNote: credit,
    provisional: !choice.confirmed,
  };
  let htCents = 0;
  if (datedIn) {
    const label = `${credit ? 'Avoir' : 'Facture'} ${number} ${partyLabel}`;
    const lines = lineBuilder(label, labelOf);
    if (!purchase) {
      // Sale (VT): debit 411 (auxiliary) TTC.
      lines.add(accounts.customers, sign * checked.ttc, aux);
      for (const l of checked.lines) {
        // Credit 706 / 707 (the party's account) HT per rate; K → intra-EU, G → export.
        const revenue =
          l.category === 'K'
            ? accounts.revenueIntraEu
            : l.category === 'G'
              ? accounts.revenueExport
              : choice.account;
        lines.add(revenue, -sign * l.taxable);
        // Credit 44571 VAT per rate; VAT due on payment waits in 44574 until collected.
        lines.add(
          onPayment ? accounts.vatCollectedOnPayment : accounts.vatCollected,
          -sign * l.tax,
        );
      }
    } else {
      for (const l of checked.lines) {
        // Purchase (HA): debit 6xx (or the party's 2xx) HT per rate.
        lines.add(choice.account, sign * l.taxable);
        if (selfAssessed(l)) {
          // Reverse charge: the buyer owes the VAT at the French rate and deducts it at once:
          // debit 445662, credit 4452 (the line's rate when given, else the setting).
          const bp = l.bp !== null && l.bp > 0 ? l.bp : settings.reverseChargeRateBp;
          const due = roundHalf((l.taxable * bp) / 10_000);
          lines.add(accounts.vatReverseChargeDeductible, sign * due);
          lines.add(accounts.vatReverseChargeDue, -sign * due);
        } else {
          // Debit 44566 (44562 for a fixed asset) VAT per rate; on payment: 44564 until paid.
          lines.add(onPayment ? accounts.vatDeductibleOnPayment : deductible, sign * l.tax);
        }
      }
      // Credit 401 (auxiliary) TTC.
      lines.add(accounts.suppliers, -sign * checked.ttc, aux);
    }
    // Balanced to the cent: a difference within the tolerance checkTotals allowed goes to the
    // rounding account (a debit balance needs a credit: the gain account; else the loss one).
    const gap = lines.balance();
    if (gap !== 0) lines.add(gap > 0 ? accounts.roundingGain : accounts.roundingLoss, -gap);
    htCents = sign * checked.lines.reduce((s, l) => s + l.taxable, 0);
    entries.push({
      ...base,
      journal: purchase ? 'purchases' : 'sales',
      number: 0,
      date: dated as string,
      kind: 'invoice',
      label,
      lines: lines.lines,
      roundingCents: Math.abs(gap),
    });
  }
  if (onPayment && collectedIn) {
    // VAT on payment (OD), on the 212 day: 44574 → 44571 for a sale, 44564 → 44566 (44562)
    // for a purchase, per rate; a credit note reversed.
    // The label says where the payment day came from: the accountant's mark, or the 212.
    const label = `TVA sur encaissement ${number} ${partyLabel}${payment?.source === 'marked' ? ' (marquée payée)' : payment?.source === 'bank' ? ' (relevé bancaire)' : ''}`;
    const lines = lineBuilder(label, labelOf);
    for (const l of checked.lines) {
      if (selfAssessed(l)) continue;
      if (purchase) {
        lines.add(deductible, sign * l.tax);
        lines.add(accounts.vatDeductibleOnPayment, -sign * l.tax);
      } else {
        lines.add(accounts.vatCollectedOnPayment, sign * l.tax);
        lines.add(accounts.vatCollected, -sign * l.tax);
      }
    }
    if (lines.lines.length > 0)
      entries.push({
        ...base,
        journal: 'misc',
        number: 0,
        date: collected as string,
        kind: 'vat_on_payment',
        label,
        lines: lines.lines,
        roundingCents: 0,
      });
  }
  if (entries.length === 0) return { kind: 'outside' };
  return { kind: 'posted', entries, party: { key, role, name, choice, htCents } };
}
