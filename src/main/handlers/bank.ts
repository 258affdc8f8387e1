// Banque (issue 29, item 5): the active connection's bank file and its matches.
import { AppFailure } from '../services/app-failure.ts';
import {
  bankView,
  confirmBankLine,
  importBankStatement,
  saveBankAccount,
  undoBankLine,
  type BankScreenDeps,
} from '../services/bank/bank-screen.ts';
import type { Shared } from './shared.ts';
import type { HandlerServices, HandlersOf } from './types.ts';

export function bankHandlers(
  services: Pick<HandlerServices, 'dataDir' | 'readArchive' | 'bank'>,
  shared: Pick<Shared, 'activeForUserData' | 'now'>,
) {
  const { activeForUserData, now } = shared;
  return {
    // Banque (issue 29, item 5): the active connection's bank file beside its archive; the
    // invoices are the archive's (offline too). Only the active connection, as the marks.
    'bank:view': async ({ connectionId }) => {
      await activeForUserData(connectionId);
      return bankView(bankDeps(), connectionId);
    },
    'bank:import': async ({ connectionId, fileName, base64 }) => {
      await activeForUserData(connectionId);
      const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
      return importBankStatement(bankDeps(), connectionId, { name: fileName, bytes }, now());
    },
    'bank:confirm': async ({ connectionId, lineId, invoiceNumbers }) => {
      await activeForUserData(connectionId);
      return confirmBankLine(bankDeps(), connectionId, lineId, now(), invoiceNumbers);
    },
    'bank:undo': async ({ connectionId, lineId }) => {
      await activeForUserData(connectionId);
      return undoBankLine(bankDeps(), connectionId, lineId);
    },
    'bank:saveAccount': async ({ connectionId, ...change }) => {
      await activeForUserData(connectionId);
      return saveBankAccount(bankDeps(), connectionId, change);
    },
  } satisfies HandlersOf<'bank'>;

  function bankDeps(): BankScreenDeps {
    const dataDir = services.dataDir;
    if (!dataDir) throw new AppFailure('file', 'The bank files have no data directory.');
    return {
      dataDir,
      // The store chosen (the firm's archive when connected to one: issue 30).
      ...(services.bank ? { bank: services.bank } : {}),
      bankInvoices: (connectionId) =>
        services.readArchive(connectionId, async (archive) => {
          const all = [];
          for await (const batch of archive.bankInvoices()) all.push(...batch);
          return all;
        }),
    };
  }
}
