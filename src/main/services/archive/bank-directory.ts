// The bank port (bank-port.ts) over the embedded store: one SQLite file per connection
// (bank-store.ts), opened for each call and closed after, as the Banque screen does; each
// composite call in one of its transactions.
import { existsSync } from 'node:fs';
import type { BankDirectory, BankPort, BankSnapshot, BankToDecide, Propose } from './bank-port.ts';
import { bankDataPath, openBankData, type BankStore } from './bank-store.ts';

function snapshotOf(store: BankStore): BankSnapshot {
  return {
    accounts: store.accounts(),
    settings: store.settings(),
    undecided: store.undecidedLines(),
    settled: store.settled(),
  };
}

function rematch(store: BankStore, propose: Propose): void {
  store.saveProposals(propose(snapshotOf(store)));
}

const rowOf = (store: BankStore, lineId: string) => store.matches(new Set([lineId]))[0] ?? null;

export function bankPortOf(dataDir: string, connectionId: string): BankPort {
  const use = async <T>(work: (store: BankStore) => T): Promise<T> => {
    const store = openBankData(dataDir, connectionId);
    try {
      return work(store);
    } finally {
      store.close();
    }
  };
  const write = <T>(work: (store: BankStore) => T): Promise<T> =>
    use((store) => store.transaction(() => work(store)));
  return {
    connectionId,
    accounts: () => use((s) => s.accounts()),
    updateAccount: (account, change) => use((s) => s.updateAccount(account, change)),
    settings: () => use((s) => s.settings()),
    saveSettings: (settings) => use((s) => s.saveSettings(settings)),
    matches: (ids) => use((s) => s.matches(ids)),
    hasLine: (lineId) => use((s) => s.hasLine(lineId)),
    toDecide: () => use((s) => s.toDecide()),
    journalFacts: () => use((s) => s.journalFacts()),
    importLines: (file, newAccounts, lines, at, propose) =>
      write((s) => {
        const accountsAdded = newAccounts(s.accounts());
        for (const account of accountsAdded) s.addAccount(account, at);
        const added = s.addLines(file, lines, at);
        rematch(s, propose);
        return { added, accountsAdded };
      }),
    decide: (lineId, choose, at, propose) =>
      write((s) => {
        const row = rowOf(s, lineId);
        if (!row) return null;
        const { allocations, rule } = choose(row, s.settled());
        s.decide(lineId, allocations, rule, at);
        rematch(s, propose);
        return rowOf(s, lineId);
      }),
    undecide: (lineId, propose) =>
      write((s) => {
        if (!s.hasLine(lineId)) return null;
        s.undecide(lineId);
        rematch(s, propose);
        return rowOf(s, lineId);
      }),
    rematch: (propose) => write((s) => rematch(s, propose)),
  };
}

export function bankDirectory(dataDir: string): BankDirectory {
  const existing = (connectionId: string): BankPort | null =>
    existsSync(bankDataPath(dataDir, connectionId)) ? bankPortOf(dataDir, connectionId) : null;
  return {
    of: async (connectionId) => bankPortOf(dataDir, connectionId),
    existing: async (connectionId) => existing(connectionId),
    // One file a connection, each opened for one query and closed (a firm's server answers
    // them all in one).
    toDecideOf: async (connectionIds) => {
      const found = new Map<string, BankToDecide | Error>();
      for (const id of connectionIds) {
        const bank = existing(id);
        if (bank) found.set(id, await bank.toDecide().catch((error: Error) => error));
      }
      return found;
    },
  };
}
