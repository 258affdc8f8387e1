// Who decided each bank match and who set each third party's accounts, on the firm's archive
// (issue 30, item 4), as marks-by.ts does for paid marks: the firm's store records every row's
// writer; a thing another workstation's user wrote last carries their name, one this user wrote
// does not, so that no screen says "vous" of another's work. The embedded store (one
// workstation, whose writer is always "vous") is handed back unchanged.
import type { ThirdParty, ThirdPartyRole } from '#shared/accounting.ts';
import type { BankMatchRow, BankPort } from './bank-port.ts';
import type { UserDataPort } from './user-data-port.ts';

/** A bank store that knows who decided each line, and when (postgres/bank.ts). */
interface DecisionWriters {
  decisionWriters(): Promise<Map<string, { by: string; at: string }>>;
}

/** A user data store that knows who last wrote each third party (postgres/user-data.ts). */
interface ThirdPartyWriters {
  thirdPartyWriters(): Promise<Map<string, string>>;
}

/** The key of a third party in thirdPartyWriters' answer. */
export const partyKey = (key: string, role: ThirdPartyRole): string => `${role}\u0000${key}`;

const has = <T extends object>(port: object, method: keyof T & string): port is T =>
  typeof (port as Record<string, unknown>)[method] === 'function';

/** `port` with some of its methods answered otherwise, the rest its own. */
function answering<P extends object>(port: P, own: Partial<P>): P {
  return new Proxy(port, {
    get: (target, key) => {
      if (Object.hasOwn(own, key)) return own[key as keyof P];
      const value: unknown = Reflect.get(target, key, target);
      // Bound to the port itself: a class's private fields refuse the proxy as `this`.
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** `port` whose decided lines say when they were decided, and by whom when not `who()`. */
export function decisionsSayingWho<P extends BankPort>(port: P, who: () => string): P {
  if (!has<DecisionWriters>(port, 'decisionWriters')) return port;
  const named = async (rows: BankMatchRow[]): Promise<BankMatchRow[]> => {
    if (!rows.some((r) => r.decided)) return rows;
    const writers = await port.decisionWriters();
    const me = who();
    return rows.map((row) => {
      const writer = row.decided ? writers.get(row.id) : undefined;
      if (!writer) return row;
      return {
        ...row,
        decidedAt: writer.at,
        ...(writer.by !== me ? { decidedBy: writer.by } : {}),
      };
    });
  };
  const one = async (row: BankMatchRow | null) => (row ? ((await named([row]))[0] ?? null) : null);
  return answering<P>(port, {
    matches: async (ids) => named(await port.matches(ids)),
    decide: async (...args) => one(await port.decide(...args)),
    undecide: async (...args) => one(await port.undecide(...args)),
  } as Partial<P>);
}

/** `port` whose third parties name who set them last when not `who()`. */
export function partiesSayingWho<P extends UserDataPort>(port: P, who: () => string): P {
  if (!has<ThirdPartyWriters>(port, 'thirdPartyWriters')) return port;
  const named = async (parties: ThirdParty[]): Promise<ThirdParty[]> => {
    if (parties.length === 0) return parties;
    const writers = await port.thirdPartyWriters();
    const me = who();
    return parties.map((party) => {
      const writer = writers.get(partyKey(party.key, party.role));
      return writer && writer !== me ? { ...party, updatedBy: writer } : party;
    });
  };
  return answering<P>(port, {
    thirdParties: async () => named(await port.thirdParties()),
    thirdParty: async (key: string, role: ThirdPartyRole) => {
      const party = await port.thirdParty(key, role);
      return party ? ((await named([party]))[0] ?? null) : null;
    },
  } as Partial<P>);
}
