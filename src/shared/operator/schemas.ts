// Response and request schemas of the operator interface (docs/operator-api.md, section 2).
// Used three ways: the client validates every response with them, the demo operator validates
// request bodies with them, and tests check that the demo data conforms to them.
// Objects strip unknown keys (the spec says extra fields are tolerated); required fields are
// required. Real operators send `null` for an absent optional field as often as they omit it:
// every optional field of a response reads null as absent (`opt`). An optional field the app only
// shows also reads a value it cannot understand (an unknown code, a malformed block) as absent
// (`shown`), so that one odd field never hides a whole page. Request schemas stay strict. Field length bounds are enforced on what we send (webhook creation), not on what we
// receive: an over-long reference from a real operator must not hide a whole page of invoices.
import { z } from 'zod';
import { INSECURE_HTTP_MESSAGE, isAbsoluteHttpUrl, isSecureOperatorUrl } from '../http-url.ts';
import {
  DIRECTIONS,
  DIRECTORY_ENTRY_TYPES,
  DIRECTORY_IDENTIFIER_TYPES,
  INVOICE_STATES,
  LAST_STATUS_STATES,
  NETWORKS,
  ORIGINAL_FLAVORS,
  ORIGINAL_FORMATS,
  PARTY_IDENTIFIER_TYPES,
  PROCESS_TYPES,
  TAX_PAYMENT_CODES,
  TAX_PAYMENT_IOP_CODES,
  WAYS,
  WEBHOOK_DIRECTIONS,
  WEBHOOK_STATUSES,
} from './enums.ts';

const uuid = z.uuid();

const nullAsAbsent = (value: unknown): unknown => (value === null ? undefined : value);

/** An optional field of a response: absent or null reads as undefined. */
export function opt<S extends z.ZodType>(schema: S) {
  return z.preprocess(nullAsAbsent, schema.optional());
}

/** An optional field the app only displays: absent, null or unreadable reads as undefined. */
export function shown<S extends z.ZodType>(schema: S) {
  return z.preprocess(nullAsAbsent, schema.optional().catch(undefined));
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');

// ---- Amounts and parties (2.2) ----
export const amountSchema = z.object({ amount: z.number(), currency: opt(z.string()) });
export const amountRequiredCurrencySchema = z.object({ amount: z.number(), currency: z.string() });
export const bareAmountSchema = z.object({ amount: z.number() });

export const postalAddressSchema = z.object({
  addressLineOne: opt(z.string()),
  addressLineTwo: opt(z.string()),
  addressLineThree: opt(z.string()),
  cityName: opt(z.string()),
  postalCode: opt(z.string()),
  countrySubDivision: opt(z.string()),
  country: z.string(),
});

export const contactSchema = z.object({
  personName: opt(z.string()),
  departmentName: opt(z.string()),
  phoneNumber: opt(z.string()),
  email: opt(z.string()),
});

export const partyIdentifierSchema = z.object({
  type: shown(z.enum(PARTY_IDENTIFIER_TYPES)),
  scheme: z.string(),
  value: z.string(),
});

const partyFields = {
  tradingBusinessName: opt(z.string()),
  siren: opt(z.string()),
  siret: opt(z.string()),
  vatNumber: opt(z.string()),
  postalAddress: shown(postalAddressSchema),
  contact: shown(contactSchema),
  identifiers: shown(z.array(partyIdentifierSchema)),
};
export const sellerSchema = z.object({
  name: z.string(),
  electronicAddress: opt(z.string()),
  ...partyFields,
});
export const buyerSchema = z.object({
  name: z.string(),
  electronicAddress: z.string(),
  ...partyFields,
});
export const payeeSchema = z.object({
  name: opt(z.string()),
  electronicAddress: opt(z.string()),
  ...partyFields,
});

// ---- Payment means, referenced documents, shipping (2.3) ----
export const paymentMeansSchema = z.object({
  typeCode: z.string(),
  label: opt(z.string()),
  paymentReference: opt(z.string()),
  bankTransfer: shown(
    z.object({
      iban: z.string(),
      accountName: opt(z.string()),
      bic: opt(z.string()),
      proprietaryId: opt(z.string()),
    }),
  ),
  creditCard: shown(z.object({ cardId: z.string(), cardHolderName: z.string() })),
  bankDirectDebit: shown(z.object({ iban: z.string() })),
});

export const referencedDocumentSchema = z.object({
  invoiceId: z.string(),
  date: opt(isoDate),
  type: opt(z.string()),
});

export const shippingSchema = z.object({
  deliveryDate: z.string(),
  tradeParty: z.object({
    name: z.string(),
    postalAddress: postalAddressSchema,
    identifiers: z.array(partyIdentifierSchema),
  }),
});

// ---- Invoice business data (2.2) ----
export const taxPaymentOptionSchema = z
  .object({
    code: shown(z.union(TAX_PAYMENT_CODES.map((c) => z.literal(c)))),
    iopCode: shown(z.enum(TAX_PAYMENT_IOP_CODES)),
    debitTaxPaymentActive: opt(z.boolean()),
  })
  .refine((o) => o.code !== undefined || o.iopCode !== undefined, {
    message: 'taxPaymentOption needs code or iopCode',
  });

export const referenceDataSchema = z.object({
  buyerReferenceId: opt(z.string()),
  projectReferenceId: opt(z.string()),
  contractReferenceId: opt(z.string()),
  buyerOrderReferenceId: opt(z.string()),
  sellerOrderReferenceId: opt(z.string()),
  receiptDocumentReferenceId: opt(z.string()),
  despatchDocumentReferenceId: opt(z.string()),
  originatorDocumentReferenceId: opt(z.string()),
  accountingCostId: opt(z.string()),
  directDebitMandateId: opt(z.string()),
  creditorReferenceId: opt(z.string()),
  contractReferenceTypeId: opt(z.string()),
  additionalReferenceIds: shown(z.array(z.object({ id: z.string(), typeCode: z.string() }))),
});

export const monetarySchema = z.object({
  invoiceCurrency: z.string(),
  taxCurrency: opt(z.string()),
  invoiceAmount: amountSchema,
  taxBasisTotalAmount: amountSchema,
  taxTotalAmount: amountRequiredCurrencySchema,
  payableAmount: amountSchema,
  taxTotalAmountAccounting: opt(amountSchema),
  prepaidTotalAmount: opt(bareAmountSchema),
  lineTotalAmount: opt(amountSchema),
  chargeTotalAmount: opt(amountSchema),
  allowanceTotalAmount: opt(amountSchema),
  roundingAmount: opt(bareAmountSchema),
});

export const taxDetailSchema = z.object({
  taxableAmount: bareAmountSchema,
  taxAmount: bareAmountSchema,
  taxType: opt(z.string()),
  categoryCode: z.string(),
  percent: opt(z.number()),
  exemptionReason: opt(z.string()),
  exemptionReasonCode: opt(z.string()),
});

export const businessDataSchema = z.object({
  invoiceId: z.string(),
  invoiceDate: isoDate,
  type: z.union([z.string(), z.number()]),
  processType: shown(z.enum(PROCESS_TYPES)),
  invoiceDueDate: opt(isoDate),
  taxPaymentOption: shown(taxPaymentOptionSchema),
  referenceData: shown(referenceDataSchema),
  monetary: monetarySchema,
  taxDetails: z.array(taxDetailSchema),
  buyer: buyerSchema,
  seller: sellerSchema,
  payee: shown(payeeSchema),
  // The spec's search result names these as parts of business data too (2.1, 2.3).
  paymentMeans: shown(z.array(paymentMeansSchema)),
  referencedDocuments: shown(z.array(referencedDocumentSchema)),
  shipping: shown(shippingSchema),
});

export const invoiceSchema = z.object({
  streamId: uuid,
  invoiceId: uuid,
  date: isoDate,
  originalFormat: z.enum(ORIGINAL_FORMATS),
  originalFlavor: z.enum(ORIGINAL_FLAVORS),
  originalNetwork: z.enum(NETWORKS),
  way: z.enum(WAYS),
  businessData: businessDataSchema,
});

// ---- Invoice search (2.1) ----
export const invoiceMetadataSchema = z.object({
  invoiceId: uuid,
  state: z.enum(INVOICE_STATES),
  direction: z.enum(DIRECTIONS),
  createDate: z.string().nullable(),
});

export const lastStatusDataSchema = z.object({
  code: z.string(),
  state: z.enum(LAST_STATUS_STATES),
  date: z.string().nullable(),
});

const searchPartySchema = z.object({
  name: opt(z.string()),
  electronicAddress: opt(z.string()),
  country: opt(z.string()),
  siren: opt(z.string()),
  siret: opt(z.string()),
  vatNumber: opt(z.string()),
});

/** The search result's business data: the spec only guarantees a few fields of it. */
export const searchBusinessDataSchema = z.object({
  invoiceId: opt(z.string()),
  invoiceDate: opt(z.string()),
  invoiceDueDate: opt(z.string()),
  type: opt(z.union([z.string(), z.number()])),
  monetary: shown(
    z.object({
      invoiceCurrency: opt(z.string()),
      invoiceAmount: amountSchema,
      taxBasisTotalAmount: shown(amountSchema),
      taxTotalAmount: shown(amountSchema),
      payableAmount: shown(amountSchema),
    }),
  ),
  seller: shown(searchPartySchema),
  buyer: shown(searchPartySchema),
  paymentMeans: shown(z.array(paymentMeansSchema)),
  referencedDocuments: shown(z.array(referencedDocumentSchema)),
  shipping: shown(shippingSchema),
});

export const pageMetaSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  count: z.number().int(),
});

export const invoiceSearchItemSchema = z.object({
  metadata: invoiceMetadataSchema,
  lastStatusData: shown(lastStatusDataSchema),
  businessData: opt(searchBusinessDataSchema),
});

export const invoiceSearchResponseSchema = z.object({
  data: z.array(invoiceSearchItemSchema),
  meta: pageMetaSchema,
});

// ---- Directory (2.4) ----
export const networkRegistrationSchema = z.object({
  directoryId: uuid,
  networkId: uuid,
  networkIdentifier: z.string(),
});

export const directoryIdentifierSchema = z.object({
  businessEntityIdentifierId: uuid,
  type: z.enum(DIRECTORY_IDENTIFIER_TYPES),
  scheme: z.string(),
  value: z.string(),
  networkRegistered: shown(z.array(networkRegistrationSchema)),
});

export const directoryEntrySchema = z.object({
  businessEntityId: uuid,
  name: z.string(),
  type: z.enum(DIRECTORY_ENTRY_TYPES),
  scope: opt(z.string()),
  siren: opt(z.string()),
  siret: opt(z.string()),
  postalAddress: shown(
    z.object({
      city: opt(z.string()),
      postalCode: opt(z.string()),
      addressLine1: opt(z.string()),
      addressLine2: opt(z.string()),
    }),
  ),
  legalUnit: shown(
    z.object({
      businessEntityId: shown(uuid),
      name: opt(z.string()),
      siren: opt(z.string()),
    }),
  ),
  identifiers: shown(z.array(directoryIdentifierSchema)),
});

export const directorySearchResponseSchema = z.object({
  data: z.array(directoryEntrySchema),
  meta: pageMetaSchema,
});

// ---- Participants (2.5) ----
export const participantNetworkIdentifierSchema = z.object({
  data: shown(z.object({ clientId: opt(z.string()) })),
  electronicAddress: shown(
    z.object({
      value: opt(z.string()),
      scheme: opt(z.string()),
      address: opt(z.string()),
    }),
  ),
  networkIdentifier: opt(z.string()),
  participantNetworkIdentifierId: shown(uuid),
});

export const participantSchema = z.object({
  participantId: uuid,
  name: z.string(),
  country: opt(z.string()),
  vatNumber: opt(z.string()),
  legalIdentifier: opt(z.string()),
  partyIdentifier: opt(z.string()),
  participantNetworkIdentifiers: shown(z.array(participantNetworkIdentifierSchema)),
});

export const participantSearchResponseSchema = z.array(participantSchema);

// ---- Webhooks (2.6) ----
export const httpUrlSchema = z
  .string()
  .max(2048)
  .refine(isAbsoluteHttpUrl, 'expected an absolute http(s) URL');

/** An operator's base URL or token URL as a user enters it: https, or http to this machine. */
export const operatorUrlSchema = httpUrlSchema.refine(
  (value) => !isAbsoluteHttpUrl(value) || isSecureOperatorUrl(value),
  INSECURE_HTTP_MESSAGE,
);

export const webhookEndpointsSchema = z.object({
  status: z.object({ callbackUrl: httpUrlSchema }).optional(),
  invoice: z.object({ callbackUrl: httpUrlSchema }).optional(),
});

/** What a client sends to create a webhook (4.5). Bounds are ours: the spec gives none. */
export const webhookCreateSchema = z.strictObject({
  filterStreamDirection: z.enum(WEBHOOK_DIRECTIONS).optional(),
  status: z.enum(WEBHOOK_STATUSES).optional(),
  adapterCode: z.string().min(1).max(100).optional(),
  label: z.string().max(200).optional(),
  interopData: z.looseObject({ endpoints: webhookEndpointsSchema.optional() }).optional(),
});

export const webhookSchema = z.object({
  webhookId: z.string(),
  filterStreamDirection: shown(z.enum(WEBHOOK_DIRECTIONS)),
  status: shown(z.enum(WEBHOOK_STATUSES)),
  adapterCode: opt(z.string()),
  label: opt(z.string()),
  interopData: shown(
    z.looseObject({
      endpoints: shown(
        z.object({
          status: shown(z.object({ callbackUrl: z.string() })),
          invoice: shown(z.object({ callbackUrl: z.string() })),
        }),
      ),
    }),
  ),
});

export const webhookListResponseSchema = z.array(webhookSchema);

export const webhookRefSchema = z.object({ type: z.literal('WEBHOOK'), id: z.string() });

// ---- Token endpoint (RFC 6749 §5.1) ----
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'expected a Bearer token'),
  expires_in: opt(z.number().positive()),
});

// ---- Operator error body (what the real operator sends on 400/409) ----
export const operatorErrorBodySchema = z.looseObject({
  statusMessage: opt(z.string()),
  code: opt(z.string()),
  details: opt(z.unknown()),
});

export type PostalAddress = z.infer<typeof postalAddressSchema>;
export type PartyIdentifier = z.infer<typeof partyIdentifierSchema>;
export type Seller = z.infer<typeof sellerSchema>;
export type Buyer = z.infer<typeof buyerSchema>;
export type Payee = z.infer<typeof payeeSchema>;
export type PaymentMeans = z.infer<typeof paymentMeansSchema>;
export type Shipping = z.infer<typeof shippingSchema>;
export type TaxDetail = z.infer<typeof taxDetailSchema>;
export type ReferenceData = z.infer<typeof referenceDataSchema>;
export type BusinessData = z.infer<typeof businessDataSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type LastStatusData = z.infer<typeof lastStatusDataSchema>;
export type SearchBusinessData = z.infer<typeof searchBusinessDataSchema>;
export type InvoiceSearchItem = z.infer<typeof invoiceSearchItemSchema>;
export type InvoiceSearchResponse = z.infer<typeof invoiceSearchResponseSchema>;
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;
export type DirectoryIdentifier = z.infer<typeof directoryIdentifierSchema>;
export type DirectorySearchResponse = z.infer<typeof directorySearchResponseSchema>;
export type Participant = z.infer<typeof participantSchema>;
export type Webhook = z.infer<typeof webhookSchema>;
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export type WebhookRef = z.infer<typeof webhookRefSchema>;

/** A webhook as the spec shows it on the wire (absent fields as null), for the demo operator
 * that answers it; the client reads it as `Webhook` (null read as absent). */
export type WebhookAnswer = Omit<Webhook, 'filterStreamDirection' | 'label' | 'interopData'> & {
  filterStreamDirection?: Webhook['filterStreamDirection'] | null;
  label?: string | null;
  interopData?: Webhook['interopData'] | null;
};
