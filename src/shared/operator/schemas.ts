// Response and request schemas of the operator interface (docs/operator-api.md, section 2).
// Used three ways: the client validates every response with them, the demo operator validates
// request bodies with them, and tests check that the demo data conforms to them.
// Objects strip unknown keys (the spec says extra fields are tolerated); required fields are
// required. Field length bounds are enforced on what we send (webhook creation), not on what we
// receive: an over-long reference from a real operator must not hide a whole page of invoices.
import { z } from 'zod';
import { isAbsoluteHttpUrl } from '../http-url.ts';
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
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD');

// ---- Amounts and parties (2.2) ----
export const amountSchema = z.object({ amount: z.number(), currency: z.string().optional() });
export const amountRequiredCurrencySchema = z.object({ amount: z.number(), currency: z.string() });
export const bareAmountSchema = z.object({ amount: z.number() });

export const postalAddressSchema = z.object({
  addressLineOne: z.string().optional(),
  addressLineTwo: z.string().optional(),
  addressLineThree: z.string().optional(),
  cityName: z.string().optional(),
  postalCode: z.string().optional(),
  countrySubDivision: z.string().optional(),
  country: z.string(),
});

export const contactSchema = z.object({
  personName: z.string().optional(),
  departmentName: z.string().optional(),
  phoneNumber: z.string().optional(),
  email: z.string().optional(),
});

export const partyIdentifierSchema = z.object({
  type: z.enum(PARTY_IDENTIFIER_TYPES).optional(),
  scheme: z.string(),
  value: z.string(),
});

const partyFields = {
  tradingBusinessName: z.string().optional(),
  siren: z.string().optional(),
  siret: z.string().optional(),
  vatNumber: z.string().optional(),
  postalAddress: postalAddressSchema.optional(),
  contact: contactSchema.optional(),
  identifiers: z.array(partyIdentifierSchema).optional(),
};
export const sellerSchema = z.object({
  name: z.string(),
  electronicAddress: z.string().optional(),
  ...partyFields,
});
export const buyerSchema = z.object({
  name: z.string(),
  electronicAddress: z.string(),
  ...partyFields,
});
export const payeeSchema = z.object({
  name: z.string().optional(),
  electronicAddress: z.string().optional(),
  ...partyFields,
});

// ---- Payment means, referenced documents, shipping (2.3) ----
export const paymentMeansSchema = z.object({
  typeCode: z.string(),
  label: z.string().optional(),
  paymentReference: z.string().optional(),
  bankTransfer: z
    .object({
      iban: z.string(),
      accountName: z.string().optional(),
      bic: z.string().optional(),
      proprietaryId: z.string().optional(),
    })
    .optional(),
  creditCard: z.object({ cardId: z.string(), cardHolderName: z.string() }).optional(),
  bankDirectDebit: z.object({ iban: z.string() }).optional(),
});

export const referencedDocumentSchema = z.object({
  invoiceId: z.string(),
  date: isoDate.optional(),
  type: z.string().optional(),
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
    code: z.union(TAX_PAYMENT_CODES.map((c) => z.literal(c))).optional(),
    iopCode: z.enum(TAX_PAYMENT_IOP_CODES).optional(),
    debitTaxPaymentActive: z.boolean().optional(),
  })
  .refine((o) => o.code !== undefined || o.iopCode !== undefined, {
    message: 'taxPaymentOption needs code or iopCode',
  });

export const referenceDataSchema = z.object({
  buyerReferenceId: z.string().optional(),
  projectReferenceId: z.string().optional(),
  contractReferenceId: z.string().optional(),
  buyerOrderReferenceId: z.string().optional(),
  sellerOrderReferenceId: z.string().optional(),
  receiptDocumentReferenceId: z.string().optional(),
  despatchDocumentReferenceId: z.string().optional(),
  originatorDocumentReferenceId: z.string().optional(),
  accountingCostId: z.string().optional(),
  directDebitMandateId: z.string().optional(),
  creditorReferenceId: z.string().optional(),
  contractReferenceTypeId: z.string().optional(),
  additionalReferenceIds: z.array(z.object({ id: z.string(), typeCode: z.string() })).optional(),
});

export const monetarySchema = z.object({
  invoiceCurrency: z.string(),
  taxCurrency: z.string().optional(),
  invoiceAmount: amountSchema,
  taxBasisTotalAmount: amountSchema,
  taxTotalAmount: amountRequiredCurrencySchema,
  payableAmount: amountSchema,
  taxTotalAmountAccounting: amountSchema.optional(),
  prepaidTotalAmount: bareAmountSchema.optional(),
  lineTotalAmount: amountSchema.optional(),
  chargeTotalAmount: amountSchema.optional(),
  allowanceTotalAmount: amountSchema.optional(),
  roundingAmount: bareAmountSchema.optional(),
});

export const taxDetailSchema = z.object({
  taxableAmount: bareAmountSchema,
  taxAmount: bareAmountSchema,
  taxType: z.string().optional(),
  categoryCode: z.string(),
  percent: z.number().optional(),
  exemptionReason: z.string().optional(),
  exemptionReasonCode: z.string().optional(),
});

export const businessDataSchema = z.object({
  invoiceId: z.string(),
  invoiceDate: isoDate,
  type: z.union([z.string(), z.number()]),
  processType: z.enum(PROCESS_TYPES).optional(),
  invoiceDueDate: isoDate.optional(),
  taxPaymentOption: taxPaymentOptionSchema.optional(),
  referenceData: referenceDataSchema.optional(),
  monetary: monetarySchema,
  taxDetails: z.array(taxDetailSchema),
  buyer: buyerSchema,
  seller: sellerSchema,
  payee: payeeSchema.optional(),
  // The spec's search result names these as parts of business data too (2.1, 2.3).
  paymentMeans: z.array(paymentMeansSchema).optional(),
  referencedDocuments: z.array(referencedDocumentSchema).optional(),
  shipping: shippingSchema.optional(),
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
  name: z.string().optional(),
  electronicAddress: z.string().optional(),
  country: z.string().optional(),
  siren: z.string().optional(),
  siret: z.string().optional(),
  vatNumber: z.string().optional(),
});

/** The search result's business data: the spec only guarantees a few fields of it. */
export const searchBusinessDataSchema = z.object({
  invoiceId: z.string().optional(),
  invoiceDate: z.string().optional(),
  invoiceDueDate: z.string().optional(),
  type: z.union([z.string(), z.number()]).optional(),
  monetary: z
    .object({
      invoiceCurrency: z.string().optional(),
      invoiceAmount: amountSchema,
      taxBasisTotalAmount: amountSchema.optional(),
      taxTotalAmount: amountSchema.optional(),
      payableAmount: amountSchema.optional(),
    })
    .optional(),
  seller: searchPartySchema.optional(),
  buyer: searchPartySchema.optional(),
  paymentMeans: z.array(paymentMeansSchema).optional(),
  referencedDocuments: z.array(referencedDocumentSchema).optional(),
  shipping: shippingSchema.optional(),
});

export const pageMetaSchema = z.object({
  offset: z.number().int(),
  limit: z.number().int(),
  count: z.number().int(),
});

export const invoiceSearchItemSchema = z.object({
  metadata: invoiceMetadataSchema,
  lastStatusData: lastStatusDataSchema.optional(),
  businessData: searchBusinessDataSchema.optional(),
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
  networkRegistered: z.array(networkRegistrationSchema).optional(),
});

export const directoryEntrySchema = z.object({
  businessEntityId: uuid,
  name: z.string(),
  type: z.enum(DIRECTORY_ENTRY_TYPES),
  scope: z.string().optional(),
  siren: z.string().optional(),
  siret: z.string().optional(),
  postalAddress: z
    .object({
      city: z.string().optional(),
      postalCode: z.string().optional(),
      addressLine1: z.string().optional(),
      addressLine2: z.string().optional(),
    })
    .optional(),
  legalUnit: z
    .object({
      businessEntityId: uuid.optional(),
      name: z.string().optional(),
      siren: z.string().optional(),
    })
    .optional(),
  identifiers: z.array(directoryIdentifierSchema).optional(),
});

export const directorySearchResponseSchema = z.object({
  data: z.array(directoryEntrySchema),
  meta: pageMetaSchema,
});

// ---- Participants (2.5) ----
export const participantNetworkIdentifierSchema = z.object({
  data: z.object({ clientId: z.string().optional() }).optional(),
  electronicAddress: z
    .object({
      value: z.string().optional(),
      scheme: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  networkIdentifier: z.string().optional(),
  participantNetworkIdentifierId: uuid.optional(),
});

export const participantSchema = z.object({
  participantId: uuid,
  name: z.string(),
  country: z.string().optional(),
  vatNumber: z.string().optional(),
  legalIdentifier: z.string().optional(),
  partyIdentifier: z.string().optional(),
  participantNetworkIdentifiers: z.array(participantNetworkIdentifierSchema).optional(),
});

export const participantSearchResponseSchema = z.array(participantSchema);

// ---- Webhooks (2.6) ----
export const httpUrlSchema = z
  .string()
  .max(2048)
  .refine(isAbsoluteHttpUrl, 'expected an absolute http(s) URL');

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
  filterStreamDirection: z.enum(WEBHOOK_DIRECTIONS).nullable().optional(),
  status: z.enum(WEBHOOK_STATUSES).optional(),
  adapterCode: z.string().optional(),
  label: z.string().nullable().optional(),
  interopData: z
    .looseObject({
      endpoints: z
        .object({
          status: z.object({ callbackUrl: z.string() }).optional(),
          invoice: z.object({ callbackUrl: z.string() }).optional(),
        })
        .optional(),
    })
    .nullable()
    .optional(),
});

export const webhookListResponseSchema = z.array(webhookSchema);

export const webhookRefSchema = z.object({ type: z.literal('WEBHOOK'), id: z.string() });

// ---- Token endpoint (RFC 6749 §5.1) ----
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer', 'expected a Bearer token'),
  expires_in: z.number().positive().optional(),
});

// ---- Operator error body (what the real operator sends on 400/409) ----
export const operatorErrorBodySchema = z.looseObject({
  statusMessage: z.string().optional(),
  code: z.string().optional(),
  details: z.unknown().optional(),
});

export type Amount = z.infer<typeof amountSchema>;
export type PostalAddress = z.infer<typeof postalAddressSchema>;
export type PartyIdentifier = z.infer<typeof partyIdentifierSchema>;
export type Seller = z.infer<typeof sellerSchema>;
export type Buyer = z.infer<typeof buyerSchema>;
export type Payee = z.infer<typeof payeeSchema>;
export type PaymentMeans = z.infer<typeof paymentMeansSchema>;
export type ReferencedDocument = z.infer<typeof referencedDocumentSchema>;
export type Shipping = z.infer<typeof shippingSchema>;
export type TaxDetail = z.infer<typeof taxDetailSchema>;
export type Monetary = z.infer<typeof monetarySchema>;
export type ReferenceData = z.infer<typeof referenceDataSchema>;
export type BusinessData = z.infer<typeof businessDataSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoiceMetadata = z.infer<typeof invoiceMetadataSchema>;
export type LastStatusData = z.infer<typeof lastStatusDataSchema>;
export type SearchBusinessData = z.infer<typeof searchBusinessDataSchema>;
export type InvoiceSearchItem = z.infer<typeof invoiceSearchItemSchema>;
export type InvoiceSearchResponse = z.infer<typeof invoiceSearchResponseSchema>;
export type PageMeta = z.infer<typeof pageMetaSchema>;
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;
export type DirectoryIdentifier = z.infer<typeof directoryIdentifierSchema>;
export type DirectorySearchResponse = z.infer<typeof directorySearchResponseSchema>;
export type Participant = z.infer<typeof participantSchema>;
export type Webhook = z.infer<typeof webhookSchema>;
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export type WebhookRef = z.infer<typeof webhookRefSchema>;
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
