// The English words, merged as index.ts merges the French ones: a chunk of its own, evaluated
// only when English is shown (index.ts, loadDictionary; issue 27, item 7).
import type { Reference, Translation } from './index.ts';
import enCommon from '#shared/i18n/en/common.ts';
import enInvoices from '#shared/i18n/en/invoices.ts';
import enSettings from '#shared/i18n/en/settings.ts';
import enDirectory from '#shared/i18n/en/directory.ts';
import enParticipants from '#shared/i18n/en/participants.ts';
import enWebhooks from '#shared/i18n/en/webhooks.ts';
import enExports from '#shared/i18n/en/exports.ts';
import enArchive from '#shared/i18n/en/archive.ts';
import enReports from '#shared/i18n/en/reports.ts';
import enAccounting from '#shared/i18n/en/accounting.ts';
import enCa3 from '#shared/i18n/en/ca3.ts';
import enSyncRound from '#shared/i18n/en/sync-round.ts';
import enPortfolio from '#shared/i18n/en/portfolio.ts';
import enFollowUp from '#shared/i18n/en/follow-up.ts';
import enBank from '#shared/i18n/en/bank.ts';
import enCa12 from '#shared/i18n/en/ca12.ts';
import enRates from '#shared/i18n/en/rates.ts';
import enFirm from '#shared/i18n/en/firm.ts';
import enD441 from '#shared/i18n/en/d441.ts';

// The English merge must match the French one too (each area file already checks itself).
export const english: Translation<Reference> = {
  common: enCommon,
  invoices: enInvoices,
  settings: enSettings,
  directory: enDirectory,
  participants: enParticipants,
  webhooks: enWebhooks,
  exports: enExports,
  archive: enArchive,
  reports: enReports,
  accounting: enAccounting,
  ca3: enCa3,
  syncRound: enSyncRound,
  portfolio: enPortfolio,
  followUp: enFollowUp,
  bank: enBank,
  ca12: enCa12,
  rates: enRates,
  firm: enFirm,
  d441: enD441,
};
