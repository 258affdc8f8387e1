// What the accountants write while the firm's server cannot be reached (issue 30, item 5): it is
// refused, with a clear message, rather than kept in the workstation's local copy, where no other
// workstation would ever see it and nothing would send it later (a mark lost silently). Reads
// still answer from the local copy. A queue sent when the server is back was the other way; it
// would need its own conflict rule for what another workstation changed meanwhile, so this one
// says no and loses nothing.
import { AppFailure } from '../app-failure.ts';
import type { BankPort } from './bank-port.ts';
import type { UserDataPort } from './user-data-port.ts';

/** The user data port's calls that write. */
export const USER_DATA_WRITES: ReadonlySet<keyof UserDataPort> = new Set<keyof UserDataPort>([
  'markPaid',
  'unmarkPaid',
  'markExceptionsHandled',
  'reopenExceptions',
  'saveAccountingSettings',
  'saveThirdParties',
  'saveCarriedCredit',
  'saveDeclaredReturn',
  'removeDeclaredReturn',
  'saveInvoiceRate',
]);

/** The bank port's calls that write. */
export const BANK_WRITES: ReadonlySet<keyof BankPort> = new Set<keyof BankPort>([
  'updateAccount',
  'saveSettings',
  'importLines',
  'decide',
  'undecide',
  'rematch',
]);

/** The refusal of a write while the firm's archive is out of reach. */
export function firmUnreachableWrite(): AppFailure {
  return new AppFailure(
    'offline',
    "The firm's archive cannot be reached: nothing was saved. Try again once its server answers.",
    undefined,
    'firm_unreachable',
  );
}

/** `port` whose writes are refused (the server is out of reach: reads answer from the copy). */
export function refusingWrites<P extends object>(port: P, writes: ReadonlySet<keyof P>): P {
  return new Proxy(port, {
    get: (target, key) => {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      // Bound to the port itself: a class's private fields refuse the proxy as `this`.
      if (!writes.has(key as keyof P)) return (value as (...a: unknown[]) => unknown).bind(target);
      return () => Promise.reject(firmUnreachableWrite());
    },
  });
}

/** `port` on the firm's server whose writes, should the server stop answering, are refused
 * (`lost` told) instead of failing with the driver's words; `unreachable` tells such errors. */
export function writesOrRefusal<P extends object>(
  port: P,
  writes: ReadonlySet<keyof P>,
  unreachable: (error: unknown) => boolean,
  lost: (error: unknown) => void,
): P {
  return new Proxy(port, {
    get: (target, key) => {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (!writes.has(key as keyof P)) return (value as (...a: unknown[]) => unknown).bind(target);
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          if (!unreachable(error)) throw error;
          lost(error);
          throw firmUnreachableWrite();
        }
      };
    },
  });
}
