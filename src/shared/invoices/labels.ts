// An invoice's codes in words, for the detail panel and the Excel exports alike. The words live
// in the invoices dictionaries (src/shared/i18n/<lang>/invoices.ts); these functions pick them
// and fall back to the raw code for anything the dictionaries do not name.
import type { BusinessData, PostalAddress, ReferenceData } from '../operator/schemas.ts';

type Words = Readonly<Record<string, string>>;

/** "380 · Facture", "S · Taux normal"; the bare code when the words do not name it. */
export function codeLabel(code: string | number, words: Words): string {
  const key = String(code);
  return Object.hasOwn(words, key) ? `${key} · ${words[key]}` : key;
}

export type TaxPaymentOption = NonNullable<BusinessData['taxPaymentOption']>;
export type TaxPaymentKey = 'onInvoice' | 'onDelivery' | 'onPayment' | 'unknown';

// When the VAT falls due (BT-8): the UNTDID 2005 code first, the interoperability code else.
const TAX_PAYMENT_BY_CODE: Record<number, TaxPaymentKey> = {
  5: 'onInvoice',
  3: 'onInvoice',
  29: 'onDelivery',
  35: 'onDelivery',
  72: 'onPayment',
  432: 'onPayment',
};
const TAX_PAYMENT_BY_IOP: Record<string, TaxPaymentKey> = {
  INVOICE_DATE: 'onInvoice',
  DELIVERY_DATE: 'onDelivery',
  PAYMENT_DATE: 'onPayment',
  UNKNOWN: 'unknown',
};

export function taxPaymentKey(option: Pick<TaxPaymentOption, 'code' | 'iopCode'>): TaxPaymentKey {
  return (
    (option.code !== undefined ? TAX_PAYMENT_BY_CODE[option.code] : undefined) ??
    (option.iopCode ? TAX_PAYMENT_BY_IOP[option.iopCode] : undefined) ??
    'unknown'
  );
}

/** "À l’encaissement (72)": when the VAT falls due, with the code when there is one. */
export function taxPaymentLabel(
  option: Pick<TaxPaymentOption, 'code' | 'iopCode'>,
  words: Readonly<Record<TaxPaymentKey, string>>,
): string {
  const text = words[taxPaymentKey(option)];
  return option.code !== undefined ? `${text} (${option.code})` : text;
}

/** "30 · Virement · Virement SEPA fournisseur": the code, its name, and the invoice's own label
 * when it says something else. */
export function paymentMeansLabel(
  typeCode: string,
  label: string | undefined,
  words: Words,
): string {
  const known = Object.hasOwn(words, typeCode) ? words[typeCode] : undefined;
  return [typeCode, known, label && label !== known ? label : ''].filter(Boolean).join(' · ');
}

/** The document references (BT-10 to BT-19, BT-89, BT-90) in the order of the standard. */
export const REFERENCE_FIELDS = [
  'buyerReferenceId',
  'projectReferenceId',
  'contractReferenceId',
  'buyerOrderReferenceId',
  'sellerOrderReferenceId',
  'receiptDocumentReferenceId',
  'despatchDocumentReferenceId',
  'originatorDocumentReferenceId',
  'accountingCostId',
  'directDebitMandateId',
  'creditorReferenceId',
  'contractReferenceTypeId',
] as const satisfies readonly (keyof ReferenceData)[];

export type ReferenceField = (typeof REFERENCE_FIELDS)[number];

/** The references the invoice has, each with its name in words; none when it has none. */
export function referenceList(
  data: ReferenceData | undefined,
  words: Readonly<Record<ReferenceField, string>>,
): { field: ReferenceField; label: string; value: string }[] {
  return REFERENCE_FIELDS.flatMap((field) => {
    const value = data?.[field];
    return value ? [{ field, label: words[field], value }] : [];
  });
}

/** A postal address as the lines of an envelope: street lines, "postcode city", "region,
 * country"; empty lines left out. */
export function postalAddressLines(address: PostalAddress | undefined | null): string[] {
  if (!address) return [];
  return [
    address.addressLineOne,
    address.addressLineTwo,
    address.addressLineThree,
    [address.postalCode, address.cityName].filter(Boolean).join(' '),
    [address.countrySubDivision, address.country].filter(Boolean).join(', '),
  ].filter((line): line is string => Boolean(line));
}
