// Pre-accounting (issue 17): the company's profile and settings, the ledger a page at a time,
// the third parties' accounts and their CSV.
import type { Language } from '#shared/contract.ts';
import { localDay } from '../services/export/file-names.ts';
import { fileOwnerFrom, ownedFileName, type FileOwner } from '../services/export/output-name.ts';
import { wordsFor } from '../services/export/words.ts';
import { resolveLanguage } from './language.ts';
import { accountingCall, type Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function accountingHandlers(
  services: Pick<
    HandlerServices,
    'connections' | 'archives' | 'accounting' | 'env' | 'osLocale' | 'userData'
  >,
  shared: Pick<Shared, 'activeForUserData' | 'ledgers' | 'now'>,
) {
  const { connections, archives } = services;
  const { activeForUserData, ledgers, now } = shared;
  return {
    // Pre-accounting (issue 17): entries computed from the archive only (offline and working
    // offline alike: nothing is sent), settings and third parties in the user-data file. Only
    // for the active connection: a screen left over from before a switch is refused, never
    // answered or written under another client.
    'accounting:profile': async ({ connectionId }) => {
      await activeForUserData(connectionId);
      return accountingCall(() => services.accounting.profile(connectionId));
    },
    'accounting:saveSettings': async ({ connectionId, settings }) => {
      await activeForUserData(connectionId);
      const profile = await accountingCall(() =>
        services.accounting.saveSettings(connectionId, settings),
      );
      ledgers.pages.forget(connectionId);
      return profile;
    },
    'accounting:ledger': async ({ connectionId, period, journal, offset, limit }) => {
      await activeForUserData(connectionId);
      const stamp = await ledgers.stamp(connectionId);
      const data = await accountingCall(() =>
        ledgers.pages.page(
          connectionId,
          { period, ...(journal ? { journal } : {}), offset, limit },
          stamp,
          () => services.accounting.ledger(connectionId, period),
        ),
      );
      return {
        data,
        source: 'archive',
        fetchedAt: data.coverage.lastSyncAt ?? data.computedAt,
      };
    },
    'accounting:thirdParties': async ({ connectionId }) => {
      await activeForUserData(connectionId);
      return accountingCall(() => services.accounting.thirdParties(connectionId));
    },
    'accounting:mapThirdParties': async ({ connectionId, choices }) => {
      await activeForUserData(connectionId);
      const parties = await accountingCall(() =>
        services.accounting.mapThirdParties(connectionId, choices),
      );
      ledgers.pages.forget(connectionId); // the next page shows the accounts chosen
      return parties;
    },
    'accounting:exportThirdParties': async ({ connectionId }) => {
      await activeForUserData(connectionId);
      const connection = await connections.get(connectionId);
      const csv = await accountingCall(() =>
        services.accounting.exportThirdPartiesCsv(connectionId),
      );
      const count = (await services.accounting.thirdParties(connectionId)).length;
      const owner = await fileOwnerFrom(
        connection.name,
        await archives.ports.existing(connectionId),
        await services.userData.existing(connectionId),
      );
      const { language } = resolveLanguage(
        services.env,
        connections.getSettings(),
        services.osLocale(),
      );
      return { fileName: thirdPartiesFileName(owner, language, now()), csv, count };
    },
    'accounting:importThirdParties': async ({ connectionId, csv }) => {
      await activeForUserData(connectionId);
      const result = await accountingCall(() =>
        services.accounting.importThirdPartiesCsv(connectionId, csv),
      );
      if (result.added + result.updated > 0) ledgers.pages.forget(connectionId);
      return result;
    },
  } satisfies HandlersOf<'accounting'>;
}

/** "ATELIERS DUVAL 552100554 Tiers 2026-11-24.csv": whose third parties, and when, named as
 * every file the app writes (export/output-name.ts; a firm keeps one plan per client). */
export function thirdPartiesFileName(owner: FileOwner, language: Language, now: Date): string {
  return ownedFileName(
    owner,
    wordsFor(language).exports.fileNames.thirdParties,
    localDay(now),
    'csv',
  );
}
