// The user data port (user-data-port.ts) over the embedded store: one SQLite file per connection
// (user-data-store.ts), found by connection id through the archives, which keep it open.
import type { Archives } from './archives.ts';
import type { UserDataStore } from './user-data-store.ts';
import type { UserDataDirectory, UserDataPort } from './user-data-port.ts';

export function userDataPortOf(store: UserDataStore): UserDataPort {
  const run = async <T>(read: () => T): Promise<T> => read();
  return {
    connectionId: store.connectionId,
    paymentMarks: (ids) => run(() => store.paymentMarks(ids)),
    markPaid: (ids, paidOn, note, at) => run(() => store.markPaid(ids, paidOn, note, at)),
    unmarkPaid: (ids) => run(() => store.unmarkPaid(ids)),
    handledExceptions: () => run(() => store.exceptionMarks()),
    markExceptionsHandled: (marks, note, by, at) =>
      run(() => store.markExceptionsHandled(marks, note, by, at)),
    reopenExceptions: (ids) => run(() => store.reopenExceptions(ids)),
    accountingSettings: () => run(() => store.readAccountingSettings()),
    saveAccountingSettings: (settings, at) => run(() => store.saveAccountingSettings(settings, at)),
    thirdParties: () => run(() => store.thirdParties()),
    thirdParty: (key, role) => run(() => store.thirdParty(key, role)),
    saveThirdParties: (list) => run(() => store.saveThirdParties(list)),
    auxiliaryCodes: () => run(() => store.auxiliaryCodes()),
    carriedCredit: (period) => run(() => store.carriedCredit(period)),
    saveCarriedCredit: (period, cents, at) => run(() => store.saveCarriedCredit(period, cents, at)),
    declaredReturn: (period) => run(() => store.declaredReturn(period)),
    declaredReturns: () => run(() => store.declaredReturns()),
    saveDeclaredReturn: (record) => run(() => store.saveDeclaredReturn(record)),
    removeDeclaredReturn: (period) => run(() => store.removeDeclaredReturn(period)),
    invoiceRates: () => run(() => store.invoiceRates()),
    saveInvoiceRate: (invoiceId, rate, at) => run(() => store.saveInvoiceRate(invoiceId, rate, at)),
  };
}

export function userDataDirectory(
  archives: Pick<Archives, 'userData' | 'existingUserData'>,
): UserDataDirectory {
  return {
    of: async (connectionId) => userDataPortOf(archives.userData(connectionId)),
    existing: async (connectionId) => {
      const store = archives.existingUserData(connectionId);
      return store ? userDataPortOf(store) : null;
    },
  };
}
