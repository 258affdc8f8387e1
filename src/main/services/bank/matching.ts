// Statement lines matched to invoices (issue 29; rules in docs/bank-statements.md), pure and in
// memory: the caller gives the lines, the invoices still to be paid and what is already settled
// (confirmed matches), and gets, line by line, an automatic match, suggestions or nothing.
// Tiers, in order: (a) an invoice number or payment reference in the label or remittance;
// (b) the exact amount and the counterparty within the date window, one candidate only;
// (c) one transfer for several invoices of one counterparty, or a part of one invoice;
// (d) the firm's tolerance, when set. Two or more candidates that fit are never matched
// automatically: they are suggested, the closest date first. "Lettre peu, mais lettre juste."
import type { Allocation, LineToMatch, MatchRule, Proposal, StatementLine } from '#shared/bank.ts';
import type { Direction } from '#shared/operator/enums.ts';
import type { PayableInvoice } from '#shared/payable.ts';
import { compact, nameWords, referenceTokens, searchableReference, words } from './match-text.ts';

export interface MatchOptions {
  /** Days between an invoice and its payment (LDCompta's 90 by default). */
  windowDays: number;
  /** An amount this far from the invoice's still matches (tier d); 0: exact amounts only. */
  toleranceCents: number;
}

export const DEFAULT_MATCH_OPTIONS: MatchOptions = { windowDays: 90, toleranceCents: 0 };

/** A payment may come a few days before its invoice's day (a transfer on order). */
const EARLY_DAYS = 3;
/** Most invoices of one counterparty tried together for one transfer (tier c). */
const GROUP_POOL = 16;
const GROUP_MAX = 5;
/** Most suggestions kept for one line. */
const MAX_SUGGESTIONS = 5;

export type { Allocation, LineToMatch, Proposal };

interface Party {
  key: string;
  words: string[];
  invoices: PayableInvoice[];
}

const DAY = 86_400_000;
/** Days since the epoch of YYYY-MM-DD, remembered: every line compares many invoices' days. */
const dayNumbers = new Map<string, number>();
function dayNumber(day: string): number {
  let n = dayNumbers.get(day);
  if (n === undefined) {
    n = Date.parse(`${day}T00:00:00Z`) / DAY;
    if (dayNumbers.size > 20_000) dayNumbers.clear();
    dayNumbers.set(day, n);
  }
  return n;
}

function partyKey(invoice: PayableInvoice): string {
  return invoice.counterpartySiren ?? `NAME:${nameWords(invoice.counterpartyName).join(' ')}`;
}

/** The invoices indexed every way a line can point at them. */
class InvoiceIndex {
  readonly byReference = new Map<string, PayableInvoice[]>();
  readonly byIban = new Map<string, Set<Party>>();
  readonly bySiren = new Map<string, Party>();
  /** Parties by the longest word of their name: a label is checked only against those. */
  readonly byNameWord = new Map<string, { party: Party; words: string[] }[]>();
  readonly byAmount = new Map<string, PayableInvoice[]>();

  constructor(invoices: readonly PayableInvoice[]) {
    const parties = new Map<string, Party>();
    for (const invoice of invoices) {
      for (const ref of [invoice.number, invoice.paymentReference]) {
        const key = ref ? compact(ref) : '';
        if (!searchableReference(key)) continue;
        const list = this.byReference.get(key) ?? [];
        if (!list.includes(invoice)) list.push(invoice);
        this.byReference.set(key, list);
      }
      const key = partyKey(invoice);
      let party = parties.get(key);
      if (!party) {
        party = { key, words: nameWords(invoice.counterpartyName), invoices: [] };
        parties.set(key, party);
        for (const name of [invoice.counterpartyName, invoice.tradingName]) {
          const w = name ? nameWords(name) : [];
          if (w.length === 0) continue;
          const longest = w.reduce((a, b) => (b.length > a.length ? b : a));
          const list = this.byNameWord.get(longest) ?? [];
          list.push({ party, words: w });
          this.byNameWord.set(longest, list);
        }
        if (invoice.counterpartySiren) this.bySiren.set(invoice.counterpartySiren, party);
      }
      party.invoices.push(invoice);
      for (const iban of invoice.counterpartyIbans) {
        const set = this.byIban.get(iban) ?? new Set();
        set.add(party);
        this.byIban.set(iban, set);
      }
      const amountKey = `${invoice.direction}:${invoice.cents}`;
      const same = this.byAmount.get(amountKey) ?? [];
      same.push(invoice);
      this.byAmount.set(amountKey, same);
    }
  }

  /** The parties a line names: by IBAN, else by SIREN, else by every word of a name. */
  partiesOf(line: StatementLine, lineWords: Set<string>): Party[] {
    if (line.counterpartyIban) {
      const byIban = this.byIban.get(line.counterpartyIban.replace(/\s+/g, ''));
      if (byIban) return [...byIban];
    }
    const found = new Set<Party>();
    for (const w of lineWords) {
      if (/^\d{9}$/.test(w)) {
        const party = this.bySiren.get(w);
        if (party) found.add(party);
      }
    }
    if (found.size) return [...found];
    for (const w of lineWords) {
      for (const entry of this.byNameWord.get(w) ?? []) {
        if (entry.words.every((x) => lineWords.has(x))) found.add(entry.party);
      }
    }
    return [...found];
  }
}

export function matchLines(
  lines: readonly LineToMatch[],
  invoices: readonly PayableInvoice[],
  options: MatchOptions = DEFAULT_MATCH_OPTIONS,
  settled: ReadonlyMap<string, number> = new Map(),
): Proposal[] {
  const index = new InvoiceIndex(invoices);
  const open = new Map<string, number>();
  for (const invoice of invoices)
    open.set(invoice.id, invoice.cents - (settled.get(invoice.id) ?? 0));
  const openOf = (invoice: PayableInvoice): number => open.get(invoice.id) ?? 0;

  // Oldest first: a first partial payment is allocated before the rest is looked for.
  const ordered = [...lines].sort((a, b) =>
    a.bookingDay < b.bookingDay
      ? -1
      : a.bookingDay > b.bookingDay
        ? 1
        : a.id < b.id
          ? -1
          : a.id > b.id
            ? 1
            : 0,
  );
  const proposals = new Map<string, Proposal>();
  for (const line of ordered) {
    const proposal = matchOne(line, index, options, openOf);
    if (proposal.state === 'auto') {
      for (const a of proposal.allocations)
        open.set(a.invoiceId, (open.get(a.invoiceId) ?? 0) - a.cents);
    }
    proposals.set(line.id, proposal);
  }
  return lines.map((l) => proposals.get(l.id)!);
}

function matchOne(
  line: LineToMatch,
  index: InvoiceIndex,
  options: MatchOptions,
  openOf: (invoice: PayableInvoice) => number,
): Proposal {
  const lineId = line.id;
  const amount = Math.abs(line.cents);
  if (amount === 0) return { lineId, state: 'unmatched' };
  const direction: Direction = line.cents > 0 ? 'OUTBOUND' : 'INBOUND';
  const lineDay = dayNumber(line.bookingDay);
  const inWindow = (invoice: PayableInvoice): boolean => {
    const d = dayNumber(invoice.day);
    return d <= lineDay + EARLY_DAYS && d >= lineDay - options.windowDays;
  };
  const closestFirst = (a: PayableInvoice, b: PayableInvoice): number =>
    Math.abs(dayNumber(a.day) - lineDay) - Math.abs(dayNumber(b.day) - lineDay) ||
    (a.id < b.id ? -1 : 1);
  const usable = (invoice: PayableInvoice): boolean =>
    invoice.direction === direction && openOf(invoice) > 0;
  const full = (list: readonly PayableInvoice[]): Allocation[] =>
    list.map((i) => ({ invoiceId: i.id, cents: openOf(i) }));
  const suggest = (rule: MatchRule, candidates: Allocation[][]): Proposal =>
    candidates.length
      ? { lineId, state: 'suggested', rule, candidates: candidates.slice(0, MAX_SUGGESTIONS) }
      : { lineId, state: 'unmatched' };

  const text = [line.label, line.remittance, line.counterpartyName, line.endToEndId]
    .filter(Boolean)
    .join(' ');
  const lineWords = new Set(words(text));
  const parties = index.partiesOf(line, lineWords);
  const ofParties = (invoice: PayableInvoice): boolean =>
    parties.some((p) => p.key === partyKey(invoice));

  // (a) A reference in the label or the remittance information.
  let refs: PayableInvoice[] = [];
  for (const token of referenceTokens(text)) {
    for (const invoice of index.byReference.get(token) ?? []) {
      if (usable(invoice) && !refs.includes(invoice)) refs.push(invoice);
    }
  }
  if (refs.length > 1 && parties.length) {
    // Numbers repeat across suppliers: the named counterparty's invoices, when it has some.
    const theirs = refs.filter(ofParties);
    if (theirs.length) refs = theirs;
  }
  if (refs.length) {
    const total = refs.reduce((sum, i) => sum + openOf(i), 0);
    if (total === amount)
      return { lineId, state: 'auto', rule: 'reference', allocations: full(refs) };
    // Within the firm's tolerance (a foreign bank's fees kept): settled, not a part.
    if (options.toleranceCents > 0 && Math.abs(total - amount) <= options.toleranceCents) {
      return { lineId, state: 'auto', rule: 'tolerance', allocations: full(refs) };
    }
    if (refs.length === 1 && amount < total) {
      return {
        lineId,
        state: 'auto',
        rule: 'partial',
        allocations: [{ invoiceId: refs[0]!.id, cents: amount }],
      };
    }
    const exact = refs.filter((i) => openOf(i) === amount);
    if (exact.length === 1)
      return { lineId, state: 'auto', rule: 'reference', allocations: full(exact) };
    const sets = exact.length ? exact.sort(closestFirst).map((i) => full([i])) : [full(refs)];
    return suggest('reference', sets);
  }

  // (b) The exact amount and the counterparty, within the window.
  const sameAmount = (index.byAmount.get(`${direction}:${amount}`) ?? []).filter(
    (i) => openOf(i) === amount && inWindow(i),
  );
  const theirs = parties.flatMap((p) => p.invoices).filter((i) => usable(i) && inWindow(i));
  const exact = theirs.filter((i) => openOf(i) === amount).sort(closestFirst);
  if (exact.length === 1)
    return { lineId, state: 'auto', rule: 'amount-counterparty', allocations: full(exact) };
  if (exact.length > 1)
    return suggest(
      'amount-counterparty',
      exact.map((i) => full([i])),
    );

  // (d) The firm's tolerance, when set.
  if (options.toleranceCents > 0) {
    const near = theirs
      .filter((i) => Math.abs(openOf(i) - amount) <= options.toleranceCents)
      .sort(closestFirst);
    if (near.length === 1)
      return { lineId, state: 'auto', rule: 'tolerance', allocations: full(near) };
    if (near.length > 1)
      return suggest(
        'tolerance',
        near.map((i) => full([i])),
      );
  }

  // (c) Several invoices of one counterparty paid by one transfer.
  if (theirs.length > 1) {
    const groups = parties
      .map((p) =>
        p.invoices
          .filter((i) => usable(i) && inWindow(i))
          .sort(closestFirst)
          .slice(0, GROUP_POOL),
      )
      .flatMap((pool) => subsetsSumming(pool, amount, openOf));
    if (groups.length === 1)
      return { lineId, state: 'auto', rule: 'grouped', allocations: full(groups[0]!) };
    if (groups.length > 1) return suggest('grouped', groups.map(full));
  }

  // (c) A part of one invoice: its counterparty's only invoice left open for more than paid.
  const larger = theirs.filter((i) => openOf(i) > amount).sort(closestFirst);
  if (larger.length)
    return suggest(
      'partial',
      larger.map((i) => [{ invoiceId: i.id, cents: amount }]),
    );

  // No counterparty known: the same amount is only a suggestion, and only when rare.
  if (parties.length === 0 && sameAmount.length > 0 && sameAmount.length <= 3) {
    return suggest(
      'amount-counterparty',
      sameAmount.sort(closestFirst).map((i) => full([i])),
    );
  }
  return { lineId, state: 'unmatched' };
}

/** The sets of 2 to GROUP_MAX invoices whose open amounts add up to `amount` (at most 3 found). */
function subsetsSumming(
  pool: readonly PayableInvoice[],
  amount: number,
  openOf: (i: PayableInvoice) => number,
): PayableInvoice[][] {
  const items = [...pool].sort((a, b) => openOf(b) - openOf(a));
  const found: PayableInvoice[][] = [];
  const chosen: PayableInvoice[] = [];
  const walk = (start: number, rest: number): void => {
    if (found.length >= 3) return;
    if (rest === 0) {
      if (chosen.length >= 2) found.push([...chosen]);
      return;
    }
    if (chosen.length === GROUP_MAX) return;
    for (let i = start; i < items.length; i++) {
      const cents = openOf(items[i]!);
      if (cents > rest) continue;
      chosen.push(items[i]!);
      walk(i + 1, rest - cents);
      chosen.pop();
    }
  };
  walk(0, amount);
  return found;
}
