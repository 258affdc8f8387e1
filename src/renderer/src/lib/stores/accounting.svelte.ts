// What the Comptabilité screen shows, kept while the user visits other screens: the period (by
// default the last full month), the part shown, the journal and page of entries, the FEC's
// options, and the answers of main (each a Search: shown only under the connection it was asked
// for, session.owner).
import { untrack } from 'svelte';
import type { LedgerJournal } from '#shared/accounting.ts';
import type { FecEncoding, FecSeparator } from '#shared/accounting.ts';
import type { ArgsOf } from '#shared/contract.ts';
import type { ReportPeriod } from '#shared/reports.ts';
import { periodOf, shiftPeriod } from '#shared/report-period.ts';
import { today } from '../screens/reports/labels.ts';
import { Search } from './search.svelte.ts';
import { Owned } from './owned.svelte.ts';
import { session } from './session.svelte.ts';

export const ACCOUNTING_TABS = ['entries', 'queue', 'aside', 'memory', 'settings'] as const;
export type AccountingTab = (typeof ACCOUNTING_TABS)[number];

class AccountingChoice {
  period = $state<ReportPeriod>(shiftPeriod(periodOf('month', today()), -1));
  tab = $state<AccountingTab>('entries');
  /** null: every journal. */
  journal = $state<LedgerJournal | null>('sales');
  offset = $state(0);
  limit = $state(50);
  separator = $state<FecSeparator>('tab');
  encoding = $state<FecEncoding>('utf-8');
}

export const accountingChoice = new AccountingChoice();

/** What the accountant typed in the queue ("Tiers à affecter"), by row (`role:key`), not yet
 * confirmed: kept while they visit another tab or screen, gone with a switch of connection. */
export type QueueDrafts = Record<string, { auxiliary?: string; account?: string }>;
export const queueDrafts = new Owned<QueueDrafts>();

/** The active connection's id, or null before the settings are read. */
export function activeConnectionId(): string | null {
  return session.settings?.activeConnectionId ?? null;
}

/** `search` asked for the active connection now and again after each switch of connection
 * (session.generation); called while a component is set up. Returns the load, for a retry. */
export function loadForConnection(search: {
  run(args: { connectionId: string }): Promise<boolean>;
}): () => void {
  const load = (): void => {
    const connectionId = activeConnectionId();
    if (connectionId) void search.run({ connectionId });
  };
  $effect(() => {
    void session.generation;
    untrack(load);
  });
  return load;
}

class LedgerSearch extends Search<'accounting:ledger'> {
  #generationShown: number | null = null;

  constructor() {
    super('accounting:ledger');
  }

  /** The page asked, for the active connection `generation`: the last page stays on screen,
   * dimmed, meanwhile, unless it is another connection's. */
  load(args: ArgsOf<'accounting:ledger'>, generation: number): Promise<boolean> {
    if (generation !== this.#generationShown) this.clear();
    this.#generationShown = generation;
    return this.run(args);
  }
}

/** The period's ledger: summary and one page of entries. */
export const ledger = new LedgerSearch();
/** The company's settings and the SIREN found in its invoices. */
export const profile = new Search('accounting:profile');
/** The remembered third parties. */
export const thirdParties = new Search('accounting:thirdParties');
