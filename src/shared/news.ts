// "Nouveautés" (issue 19, item 3): the lifecycle changes the syncs found in a connection's
// archive, kept until the accountant reads them, and told as one desktop notification per
// connection and sync. Shapes shared by main (the archive, the Electron notification) and the
// renderer (the Nouveautés view, the browser's notification), and the one wording of the counts.
import type { Language } from './contract.ts';
import { countText } from './i18n/plural.ts';

/** What a change is: a new last status of these codes (Rejetée, Refusée, En litige, Suspendue,
 * Encaissée), or an invoice new to the archive; most pressing first (the order they are told). */
export const NEWS_KINDS = ['213', '210', '207', '208', '212', 'new'] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];
/** The lifecycle codes recorded when an invoice reaches them. */
export const NEWS_CODES = ['213', '210', '207', '208', '212'] as const;

export type NewsCounts = Record<NewsKind, number>;

export function emptyNewsCounts(): NewsCounts {
  return { '213': 0, '210': 0, '207': 0, '208': 0, '212': 0, new: 0 };
}

export function newsTotal(counts: NewsCounts): number {
  return NEWS_KINDS.reduce((n, kind) => n + counts[kind], 0);
}

/** One invoice of a group, with every change found for it in that group (a new invoice may
 * arrive rejected already: "new" and "213"). */
export interface NewsInvoice {
  invoiceId: string;
  number: string | null;
  direction: string;
  /** The other party's name (the buyer of an issued invoice, the seller of a received one). */
  party: string | null;
  /** Its date and amount (TTC, cents), so that a line says which invoice it is at a glance
   * (issue 27, item 7). */
  invoiceDate: string | null;
  ttcCents: number | null;
  currency: string | null;
  kinds: NewsKind[];
  /** The news rows behind it (what "Marquer comme lu" names). */
  ids: number[];
}

/** What one sync found (or what live searches met, `runId` null), newest first. */
export interface NewsGroup {
  /** 'run-<id>' for a sync run, 'live' for the changes met by the live searches. */
  key: string;
  runId: number | null;
  /** When the newest change of the group was found (ISO). */
  foundAt: string;
  counts: NewsCounts;
  invoices: NewsInvoice[];
}

/** A connection's unread changes: the newest `NEWS_PAGE` at most, grouped. */
export interface NewsList {
  connectionId: string;
  /** Every unread change of the connection (may be more than the groups hold). */
  unread: number;
  /** Changes in the groups (unread, newest first, at most NEWS_PAGE). */
  shown: number;
  /** The newest change's id: "Tout marquer comme lu" marks it and every older one. */
  newestId: number | null;
  groups: NewsGroup[];
}

/** Unread changes sent at most at once. */
export const NEWS_PAGE = 500;
/** Change ids one "Marquer comme lu" names at most (a group of the page). */
export const MAX_NEWS_IDS = NEWS_PAGE;

/** Marks some changes read: those of a group (their ids), or every one up to the newest shown. */
export type NewsMarkReadArgs =
  { connectionId: string; ids: number[] } | { connectionId: string; upToId: number };

/** Told by main after a sync (Synchroniser, a background round, a rebuild) that found changes. */
export interface NewsFound {
  connectionId: string;
  /** The connection's name as the user gave it (the client company). */
  connectionName: string;
  counts: NewsCounts;
}

/** The words of the counts, from a dictionary (i18n/<lang>/follow-up.ts, news.counts). */
export type NewsCountWords = Record<NewsKind, { one: string; other: string }>;

/** "1 facture rejetée, 3 nouvelles factures": the kinds found, most pressing first. */
export function newsCountsText(
  counts: NewsCounts,
  words: NewsCountWords,
  language: Language,
): string {
  return NEWS_KINDS.filter((kind) => counts[kind] > 0)
    .map((kind) => countText(words[kind], counts[kind], language))
    .join(', ');
}
