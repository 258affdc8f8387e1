// The words of the exports, in the UI's language. Words the screens already have come from the
// renderer's dictionaries (plain data), so that a word has one translation; the few that only an
// export needs are here, French first.
import type { Language } from '#shared/contract.ts';
import enArchive from '#shared/i18n/en/archive.ts';
import enCommon from '#shared/i18n/en/common.ts';
import enDirectory from '#shared/i18n/en/directory.ts';
import enExports from '#shared/i18n/en/exports.ts';
import enInvoices from '#shared/i18n/en/invoices.ts';
import enParticipants from '#shared/i18n/en/participants.ts';
import enWebhooks from '#shared/i18n/en/webhooks.ts';
import frArchive from '#shared/i18n/fr/archive.ts';
import frCommon from '#shared/i18n/fr/common.ts';
import frDirectory from '#shared/i18n/fr/directory.ts';
import frExports from '#shared/i18n/fr/exports.ts';
import frInvoices from '#shared/i18n/fr/invoices.ts';
import frParticipants from '#shared/i18n/fr/participants.ts';
import frWebhooks from '#shared/i18n/fr/webhooks.ts';

const frExport = {
  sheets: {
    invoices: 'Factures',
    vatLines: 'Ventilation TVA',
    invoice: 'Facture',
    directory: 'Annuaire',
    participants: 'Participants',
    webhooks: 'Webhooks',
    about: 'À propos',
  },
  columns: {
    typeCode: 'Code type',
    typeLabel: 'Type',
    sellerName: 'Vendeur',
    sellerSiren: 'SIREN vendeur',
    sellerSiret: 'SIRET vendeur',
    sellerVat: 'N° TVA vendeur',
    buyerName: 'Acheteur',
    buyerSiren: 'SIREN acheteur',
    buyerSiret: 'SIRET acheteur',
    buyerVat: 'N° TVA acheteur',
    stateCode: 'Code état',
    lifecycleCode: 'Code du dernier statut',
    lifecycleDate: 'Date du dernier statut',
    vatCategoryCode: 'Code catégorie TVA',
    vatRate: 'Taux de TVA',
    entryId: 'Identifiant annuaire',
    legalUnitSiren: 'SIREN de l’unité légale',
    addressLine1: 'Adresse',
    addressLine2: 'Complément d’adresse',
    postalCode: 'Code postal',
    city: 'Ville',
    scope: 'Portée',
    name: 'Nom',
    participantId: 'Identifiant participant',
    electronicAddresses: 'Adresses électroniques',
    networks: 'Réseaux',
    webhookId: 'Identifiant',
    // Credit notes count negative, as in the VAT figures.
    htSigned: 'Total HT (avoirs en négatif)',
    tvaSigned: 'Total TVA (avoirs en négatif)',
    ttcSigned: 'Total TTC (avoirs en négatif)',
    vatBaseSigned: 'Base HT (avoirs en négatif)',
    vatAmountSigned: 'Montant de TVA (avoirs en négatif)',
    // A SIREN for a French company, the national number of its country for another one.
    legalIdentifier: 'Identifiant légal (SIREN ou n° national)',
  },
  totals: 'Total {currency}',
  about: {
    title: 'À propos de cet export',
    connection: 'Connexion',
    query: 'Requête ou filtres',
    source: 'Source',
    sourceLive: 'Opérateur, en direct',
    sourceArchive: 'Archive locale',
    dataFrom: 'Données du',
    dataTo: 'Données jusqu’au',
    coverage: 'Couverture',
    rows: 'Lignes de « {sheet} »',
    appVersion: 'Version d’Invoice Desk',
    exportedAt: 'Exporté le',
  },
} as const;

type Words<T> = { readonly [K in keyof T]: T[K] extends string ? string : Words<T[K]> };

const enExport: Words<typeof frExport> = {
  sheets: {
    invoices: 'Invoices',
    vatLines: 'VAT breakdown',
    invoice: 'Invoice',
    directory: 'Directory',
    participants: 'Participants',
    webhooks: 'Webhooks',
    about: 'About',
  },
  columns: {
    typeCode: 'Type code',
    typeLabel: 'Type',
    sellerName: 'Seller',
    sellerSiren: 'Seller SIREN',
    sellerSiret: 'Seller SIRET',
    sellerVat: 'Seller VAT number',
    buyerName: 'Buyer',
    buyerSiren: 'Buyer SIREN',
    buyerSiret: 'Buyer SIRET',
    buyerVat: 'Buyer VAT number',
    stateCode: 'State code',
    lifecycleCode: 'Last status code',
    lifecycleDate: 'Last status date',
    vatCategoryCode: 'VAT category code',
    vatRate: 'VAT rate',
    entryId: 'Directory id',
    legalUnitSiren: 'Legal unit SIREN',
    addressLine1: 'Address',
    addressLine2: 'Address line 2',
    postalCode: 'Postal code',
    city: 'City',
    scope: 'Scope',
    name: 'Name',
    participantId: 'Participant id',
    electronicAddresses: 'Electronic addresses',
    networks: 'Networks',
    webhookId: 'Id',
    htSigned: 'Total excl. VAT (credit notes negative)',
    tvaSigned: 'Total VAT (credit notes negative)',
    ttcSigned: 'Total incl. VAT (credit notes negative)',
    vatBaseSigned: 'Taxable amount (credit notes negative)',
    vatAmountSigned: 'VAT amount (credit notes negative)',
    legalIdentifier: 'Legal identifier (SIREN or national number)',
  },
  totals: 'Total {currency}',
  about: {
    title: 'About this export',
    connection: 'Connection',
    query: 'Query or filters',
    source: 'Source',
    sourceLive: 'Operator, live',
    sourceArchive: 'Local archive',
    dataFrom: 'Data from',
    dataTo: 'Data up to',
    coverage: 'Coverage',
    rows: 'Rows of “{sheet}”',
    appVersion: 'Invoice Desk version',
    exportedAt: 'Exported on',
  },
};

const WORDS = {
  fr: {
    export: frExport,
    exports: frExports,
    common: frCommon,
    invoices: frInvoices,
    archive: frArchive,
    directory: frDirectory,
    participants: frParticipants,
    webhooks: frWebhooks,
  },
  en: {
    export: enExport,
    exports: enExports,
    common: enCommon,
    invoices: enInvoices,
    archive: enArchive,
    directory: enDirectory,
    participants: enParticipants,
    webhooks: enWebhooks,
  },
} as const;

export interface ExportWords {
  export: Words<typeof frExport>;
  /** The words the screens and the workbooks share: file names, the About sheet's notes. */
  exports: Words<typeof frExports>;
  common: Words<typeof frCommon>;
  invoices: Words<typeof frInvoices>;
  /** The archive screen's filter and column names, which the About sheet repeats. */
  archive: Words<typeof frArchive>;
  directory: Words<typeof frDirectory>;
  participants: Words<typeof frParticipants>;
  webhooks: Words<typeof frWebhooks>;
}

export function wordsFor(language: Language): ExportWords {
  return WORDS[language];
}

/** A label from a dictionary map (states, lifecycle codes, types), or undefined when unknown. */
export function labelOf(map: Readonly<Record<string, string>>, code: unknown): string | undefined {
  if (code === undefined || code === null || code === '') return undefined;
  return Object.hasOwn(map, String(code)) ? map[String(code)] : undefined;
}
