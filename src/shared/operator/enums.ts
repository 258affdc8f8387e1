// Enumerations of the operator interface (docs/operator-api.md, sections 2 and 3).

export const INVOICE_STATES = [
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
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const DIRECTIONS = ['INBOUND', 'OUTBOUND'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const LAST_STATUS_STATES = ['DELIVERED', 'NOT_DELIVERED', 'DELIVERY_PENDING'] as const;

export const EXPAND_VALUES = ['businessData', 'lastStatusData'] as const;
export type ExpandValue = (typeof EXPAND_VALUES)[number];

export const ORIGINAL_FORMATS = ['FACTURX', 'CII', 'UBL'] as const;
export const ORIGINAL_FLAVORS = [
  'MINIMUM',
  'BASICWL',
  'BASIC',
  'EN16931',
  'EXTENDED',
  'XRECHNUNG',
  'PEPPOL_BIS_3',
  'PEPPOL_BE',
  'PEPPOL_SI_UBL_2_0_NL',
] as const;
export const NETWORKS = ['DOMESTIC_FR', 'PEPPOL_INTERNATIONAL'] as const;
export const WAYS = ['RECEIVED', 'EMITTED'] as const;

export const PROCESS_TYPES = [
  'B1',
  'S1',
  'M1',
  'B2',
  'S2',
  'M2',
  'B4',
  'S4',
  'M4',
  'S5',
  'S6',
  'B7',
  'S7',
] as const;

export const TAX_PAYMENT_CODES = [5, 29, 72, 3, 35, 432] as const;
export const TAX_PAYMENT_IOP_CODES = [
  'UNKNOWN',
  'INVOICE_DATE',
  'DELIVERY_DATE',
  'PAYMENT_DATE',
] as const;

export const PARTY_IDENTIFIER_TYPES = [
  'ELECTRONIC_ADDRESS',
  'PARTY_IDENTIFIER',
  'PARTY_LEGAL_IDENTIFIER',
] as const;

export const DIRECTORY_ENTRY_TYPES = ['LEGAL_UNIT', 'OFFICE'] as const;
export const DIRECTORY_IDENTIFIER_TYPES = [
  'LEGAL_IDENTIFIER',
  'OFFICE_IDENTIFIER',
  'ROUTING_CODE',
] as const;

/** Schemes of directory identifiers: SIREN, SIRET, routing code. */
export const DIRECTORY_SCHEMES = { siren: '0002', siret: '0009', routingCode: '0224' } as const;

export const WEBHOOK_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
/** The spec does not list the allowed values; the demo operator accepts the two directions. */
export const WEBHOOK_DIRECTIONS = DIRECTIONS;
export const DEFAULT_WEBHOOK_ADAPTER = 'standardAdapter';

/** Bounds of section 8. */
export const INVOICE_SEARCH_LIMITS = {
  offsetMax: 1000,
  limitMin: 1,
  limitMax: 200,
  defaultOffset: 0,
  defaultLimit: 50,
} as const;
export const PARTICIPANT_SEARCH_DEFAULTS = { defaultOffset: 0, defaultLimit: 50 } as const;

/**
 * Lifecycle status codes of the French e-invoicing reform (cycle de vie), carried in
 * lastStatusData.code. Labels are the reform's official French names.
 */
export const LIFECYCLE_CODES = {
  '200': 'Déposée',
  '201': 'Émise par la plateforme',
  '202': 'Reçue par la plateforme',
  '203': 'Mise à disposition',
  '204': 'Prise en charge',
  '205': 'Approuvée',
  '206': 'Approuvée partiellement',
  '207': 'En litige',
  '208': 'Suspendue',
  '209': 'Complétée',
  '210': 'Refusée',
  '211': 'Paiement transmis',
  '212': 'Encaissée',
  '213': 'Rejetée',
} as const;
export type LifecycleCode = keyof typeof LIFECYCLE_CODES;
