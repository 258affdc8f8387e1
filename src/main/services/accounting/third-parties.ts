// The memory of a company's third parties (issue 17, item 2), as accounting tools keep it: per
// third party (by SIREN, the VAT number for a foreign party), the auxiliary account code, the
// revenue or expense account and the label. The accountant's choice is remembered and applied to
// every later invoice of that party; the newest choice wins. Until then an entry uses a
// suggestion (AccountChooser) and the party waits in the queue.
// Kept in the connection's user-data file (archive/user-data-store.ts), never in the archive: a
// rebuild of the archive does not lose it.
import type { AccountingSettings, ThirdParty, ThirdPartyRole } from '#shared/accounting.ts';
import { AppFailure } from '../app-failure.ts';
import { COMMON_LEGAL_FORMS, RARE_FRENCH_LEGAL_FORMS } from '../legal-forms.ts';
import type {
  AccountChoice,
  AccountChooser,
  ThirdPartyChoice,
  ThirdPartyProblem,
} from './accounting.ts';
import { AUXILIARY_MAX_LENGTH, accountProblem } from './settings.ts';

/** What the memory needs of its store (UserDataStore implements it). */
export interface ThirdPartyStore {
  thirdParties(): ThirdParty[];
  thirdParty(key: string, role: ThirdPartyRole): ThirdParty | null;
  saveThirdParties(list: readonly ThirdParty[]): void;
  auxiliaryCodes(): Map<string, { key: string; role: ThirdPartyRole; name: string }>;
}

// ---- Names and keys ----

/** Legal forms dropped from a name's stem and key ("SARL Dupont" and "Dupont S.A.R.L." alike). */
const LEGAL_FORMS = new Set<string>([...COMMON_LEGAL_FORMS, ...RARE_FRENCH_LEGAL_FORMS]);

/** The words of a name: capitals without accents, dots inside abbreviations joined ("S.A.R.L."
 * → SARL), every other punctuation a separator, legal forms dropped (unless nothing else is left). */
export function nameWords(name: string): string[] {
  const words = name
    .replace(/Œ/g, 'OE')
    .replace(/œ/g, 'oe')
    .replace(/Æ/g, 'AE')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\./g, '')
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== '');
  const kept = words.filter((word) => !LEGAL_FORMS.has(word));
  return kept.length > 0 ? kept : words;
}

/** A name as the memory compares names: its words, one space apart. */
export function normalizedName(name: string): string {
  return nameWords(name).join(' ');
}

/** The SIREN of a party: its own, else the one inside a French VAT number (FR + key + SIREN),
 * else the first 9 digits of its SIRET. */
function sirenOf(party: {
  siren?: string | null;
  siret?: string | null;
  vatNumber?: string | null;
}): string | null {
  const digits = (value: string | null | undefined) => (value ?? '').replace(/[\s.]/g, '');
  const siren = digits(party.siren);
  if (/^\d{9}$/.test(siren)) return siren;
  const vat = vatNumberOf(party.vatNumber);
  if (vat && /^FR[0-9A-Z]{2}\d{9}$/.test(vat)) return vat.slice(4);
  const siret = digits(party.siret);
  if (/^\d{14}$/.test(siret)) return siret.slice(0, 9);
  return null;
}

function vatNumberOf(value: string | null | undefined): string | null {
  const vat = (value ?? '').replace(/[\s.-]/g, '').toUpperCase();
  return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(vat) ? vat : null;
}

/** The memory's key of a third party: its SIREN; the VAT number for a foreign party without
 * one; "NAME:<normalized name>" when the invoice gives neither. */
export function thirdPartyKey(party: {
  siren?: string | null;
  siret?: string | null;
  vatNumber?: string | null;
  name?: string | null;
}): string {
  const siren = sirenOf(party);
  if (siren) return siren;
  const vat = vatNumberOf(party.vatNumber);
  if (vat) return vat;
  return `NAME:${normalizedName(party.name ?? '') || '?'}`;
}

/** A key as typed in a CSV or a choice, made canonical as thirdPartyKey makes an invoice's (a
 * French VAT number or a SIRET gives its SIREN, so a firm's plan keyed by them still matches);
 * null when it is none of the three kinds. Empty: the name's key. */
export function canonicalKey(key: string, name: string): string | null {
  const trimmed = key.trim();
  if (trimmed === '') return `NAME:${normalizedName(name) || '?'}`;
  if (/^NAME:/i.test(trimmed)) {
    const rest = normalizedName(trimmed.slice(5));
    if (rest !== '') return `NAME:${rest}`;
    return trimmed.slice(5).trim() === '?' ? 'NAME:?' : null; // a party whose invoices gave no name
  }
  return sirenOf({ siren: trimmed, siret: trimmed, vatNumber: trimmed }) ?? vatNumberOf(trimmed);
}

// ---- Accounts ----

/** The PCG classes a third party's own account may start with: revenue for a customer; an
 * expense, or a fixed asset (2xx), for a supplier. */
export const ROLE_ACCOUNT_CLASSES: Record<ThirdPartyRole, readonly string[]> = {
  customer: ['7'],
  supplier: ['6', '2'],
};

/** A 2xx account: the purchases of this party are fixed assets (VAT to 44562). */
export function isFixedAssetAccount(account: string): boolean {
  return account.startsWith('2');
}

/** The invoice's accounting reference (BT-19) when it is a PCG account number (3 to 20 digits,
 * spaces allowed) of the right class for this role, else null. */
export function invoiceReferenceAccount(
  reference: string | null | undefined,
  role: ThirdPartyRole,
): string | null {
  const account = (reference ?? '').replace(/\s/g, '');
  return accountProblem(account, ROLE_ACCOUNT_CLASSES[role]) === null ? account : null;
}

// ---- The auxiliary-code convention ----

/** The prefix + name stem of a party's auxiliary code before uniqueness ("C" + "DUPONTMA"). */
export function auxiliaryBase(
  name: string,
  role: ThirdPartyRole,
  convention: AccountingSettings['auxiliary'],
): string {
  const prefix = role === 'customer' ? convention.customerPrefix : convention.supplierPrefix;
  const stem = nameWords(name).join('').slice(0, convention.stemLength) || 'TIERS';
  return (prefix + stem).slice(0, AUXILIARY_MAX_LENGTH);
}

/** The convention's code for this party, unique among `taken`: the base, else the base with 2,
 * 3… at its end (the stem shortened so that the code keeps at most 17 characters). */
export function suggestAuxiliary(
  name: string,
  role: ThirdPartyRole,
  convention: AccountingSettings['auxiliary'],
  taken: (code: string) => boolean,
): string {
  const base = auxiliaryBase(name, role, convention);
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const code = base.slice(0, AUXILIARY_MAX_LENGTH - suffix.length) + suffix;
    if (!taken(code)) return code;
  }
}

// ---- Checking a choice ----

export interface ChoiceProblem {
  code: ThirdPartyProblem;
  /** Plain English, for the CLI and logs. */
  message: string;
}

const AUXILIARY = /^[A-Z0-9_.-]{1,17}$/;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A choice made canonical (key, capitals in the auxiliary code, one-line name and label), or
 * why it cannot be kept. The auxiliary code's uniqueness is checked against the memory apart. */
export function checkChoice(
  choice: ThirdPartyChoice,
): { ok: true; choice: ThirdPartyChoice } | { ok: false; problem: ChoiceProblem } {
  const refuse = (code: ThirdPartyProblem, message: string) => ({
    ok: false as const,
    problem: { code, message },
  });
  if (choice.role !== 'customer' && choice.role !== 'supplier')
    return refuse('role', 'the role is client or fournisseur (customer or supplier)');
  const name = oneLine(choice.name ?? '');
  if (name === '' || name.length > 200)
    return refuse('name', 'the name is required (at most 200 characters)');
  const key = canonicalKey(choice.key ?? '', name);
  if (key === null)
    return refuse(
      'key',
      `the key ${JSON.stringify(choice.key)} is not a SIREN (9 digits), a VAT number or NAME:<name>`,
    );
  const auxiliary = (choice.auxiliary ?? '').trim().toUpperCase();
  if (!AUXILIARY.test(auxiliary))
    return refuse(
      'auxiliary_format',
      `the auxiliary account ${JSON.stringify(choice.auxiliary)} is not 1 to 17 letters, digits, - _ or .`,
    );
  const account = (choice.account ?? '').replace(/\s/g, '');
  const classes = ROLE_ACCOUNT_CLASSES[choice.role];
  const accountIssue = accountProblem(account, classes);
  if (accountIssue === 'account_format')
    return refuse(
      accountIssue,
      `the account ${JSON.stringify(choice.account)} is not 3 to 20 digits`,
    );
  if (accountIssue === 'account_class')
    return refuse(
      accountIssue,
      choice.role === 'customer'
        ? `the account ${account} is not a revenue account (class 7) for a customer`
        : `the account ${account} is not an expense (class 6) or fixed-asset (class 2) account for a supplier`,
    );
  const label = choice.label === null ? '' : oneLine(choice.label ?? '');
  if (label.length > 200) return refuse('label', 'the label is at most 200 characters');
  return {
    ok: true,
    choice: {
      key,
      role: choice.role,
      name,
      auxiliary,
      account,
      label: label === '' ? null : label,
    },
  };
}

function describeHolder(holder: { key: string; role: ThirdPartyRole; name: string }): string {
  return `${holder.name} (${holder.role} ${holder.key})`;
}

/** Who else holds `auxiliary`, given the codes in use; null when it is free for (key, role). */
export function auxiliaryHolder(
  codes: Map<string, { key: string; role: ThirdPartyRole; name: string }>,
  auxiliary: string,
  key: string,
  role: ThirdPartyRole,
): { key: string; role: ThirdPartyRole; name: string } | null {
  const holder = codes.get(auxiliary);
  return holder && !(holder.key === key && holder.role === role) ? holder : null;
}

export function takenProblem(
  auxiliary: string,
  holder: { key: string; role: ThirdPartyRole; name: string },
): ChoiceProblem {
  return {
    code: 'auxiliary_taken',
    message: `the auxiliary account ${auxiliary} is already used by ${describeHolder(holder)}`,
  };
}

/** What is saved for a choice now: confirmed, the newest choice. */
export function confirmedParty(choice: ThirdPartyChoice, at: Date): ThirdParty {
  return { ...choice, confirmed: true, updatedAt: at.toISOString() };
}

/**
 * Remembers the accountant's choices (confirmed): all or none. When the same party is chosen
 * twice, the last choice wins. An empty auxiliary code takes the convention's. A choice that
 * cannot be kept (its reason code in `details.problems[].code`, with its index in `choices`)
 * refuses the whole call with `invalid_input`, and nothing is saved. Returns the whole memory.
 */
export function mapThirdParties(
  store: ThirdPartyStore,
  settings: AccountingSettings,
  choices: readonly ThirdPartyChoice[],
  at: Date,
): ThirdParty[] {
  const codes = store.auxiliaryCodes();
  const problems: (ChoiceProblem & { index: number; key: string; role: string })[] = [];
  const accepted = new Map<string, ThirdParty>();
  choices.forEach((raw, index) => {
    const given =
      (raw.auxiliary ?? '').trim() === ''
        ? { ...raw, auxiliary: suggestFor(store, codes, settings, raw) }
        : raw;
    const checked = checkChoice(given);
    if (!checked.ok) {
      problems.push({ index, key: raw.key, role: raw.role, ...checked.problem });
      return;
    }
    const { choice } = checked;
    const id = `${choice.key}\u0000${choice.role}`;
    // The newest choice wins: an earlier one of this batch gives its code back.
    const earlier = accepted.get(id);
    if (earlier) codes.delete(earlier.auxiliary);
    const holder = auxiliaryHolder(codes, choice.auxiliary, choice.key, choice.role);
    if (holder) {
      problems.push({
        index,
        key: raw.key,
        role: raw.role,
        ...takenProblem(choice.auxiliary, holder),
      });
      return;
    }
    releaseOwnCode(codes, choice.key, choice.role);
    codes.set(choice.auxiliary, { key: choice.key, role: choice.role, name: choice.name });
    // Kept at its first place: the rows are written in the order their codes were freed.
    accepted.set(id, confirmedParty(choice, at));
  });
  if (problems.length > 0)
    throw new AppFailure(
      'invalid_input',
      `Third parties not saved: ${problems.map((p) => `#${p.index + 1} ${p.key}: ${p.message}`).join('; ')}`,
      { problems },
    );
  store.saveThirdParties([...accepted.values()]);
  return store.thirdParties();
}

/** The code (key, role) held until now is free once it takes another. */
export function releaseOwnCode(
  codes: Map<string, { key: string; role: ThirdPartyRole; name: string }>,
  key: string,
  role: ThirdPartyRole,
): void {
  for (const [code, holder] of codes)
    if (holder.key === key && holder.role === role) codes.delete(code);
}

function suggestFor(
  store: ThirdPartyStore,
  codes: Map<string, unknown>,
  settings: AccountingSettings,
  choice: ThirdPartyChoice,
): string {
  const key = canonicalKey(choice.key ?? '', choice.name ?? '');
  const known = key ? store.thirdParty(key, choice.role) : null;
  if (known) return known.auxiliary;
  return suggestAuxiliary(choice.name ?? '', choice.role, settings.auxiliary, (c) => codes.has(c));
}

// ---- The chooser the entries use ----

/**
 * The memory as the entries of one ledger see it (a snapshot read once):
 * - a remembered party gets its remembered accounts (suggestedFrom 'memory');
 * - else a suggestion, never saved: the account of a party of the same name already remembered
 *   under another key and the same role ('same_name'), else the invoice's own accounting
 *   reference (BT-19) when it is a PCG account of the right class ('invoice_reference'), else the
 *   default account the entry gives ('default');
 * - a new party's suggested auxiliary code follows the convention and is reserved for the run:
 *   two new parties never share one, and one party keeps the same code on all its invoices.
 */
export class MemoryAccountChooser implements AccountChooser {
  readonly #remembered = new Map<string, ThirdParty>();
  readonly #byName = new Map<string, ThirdParty>();
  readonly #taken = new Set<string>();
  readonly #reserved = new Map<string, string>();
  /** The parties given a suggested code, with the name it was made from. */
  readonly #met = new Map<string, { name: string; role: ThirdPartyRole }>();
  /** The remembered parties' codes, which no suggestion takes. */
  readonly #rememberedCodes = new Set<string>();
  readonly #convention: AccountingSettings['auxiliary'];

  constructor(memory: readonly ThirdParty[], settings: AccountingSettings) {
    this.#convention = settings.auxiliary;
    for (const party of memory) {
      this.#remembered.set(`${party.key}\u0000${party.role}`, party);
      this.#taken.add(party.auxiliary);
      this.#rememberedCodes.add(party.auxiliary);
      const byName = `${normalizedName(party.name)}\u0000${party.role}`;
      // A confirmed party speaks for its name before a suggestion would.
      if (party.confirmed || !this.#byName.has(byName)) this.#byName.set(byName, party);
    }
  }

  choose(party: Parameters<AccountChooser['choose']>[0]): AccountChoice {
    const id = `${party.key}\u0000${party.role}`;
    const remembered = this.#remembered.get(id);
    if (remembered)
      return {
        auxiliary: remembered.auxiliary,
        account: remembered.account,
        label: remembered.label,
        confirmed: remembered.confirmed,
        suggestedFrom: 'memory',
      };
    let auxiliary = this.#reserved.get(id);
    if (auxiliary === undefined) {
      auxiliary = suggestAuxiliary(party.name, party.role, this.#convention, (code) =>
        this.#taken.has(code),
      );
      this.#taken.add(auxiliary);
      this.#reserved.set(id, auxiliary);
      this.#met.set(id, { name: party.name, role: party.role });
    } else {
      // A party named two ways: its code comes from one name whatever the order they came in.
      const met = this.#met.get(id)!;
      if (party.name < met.name) met.name = party.name;
    }
    const sameName = this.#byName.get(`${normalizedName(party.name)}\u0000${party.role}`);
    if (sameName && sameName.key !== party.key)
      return {
        auxiliary,
        account: sameName.account,
        label: sameName.label,
        confirmed: false,
        suggestedFrom: 'same_name',
      };
    const fromInvoice = invoiceReferenceAccount(party.invoiceAccount, party.role);
    if (fromInvoice)
      return {
        auxiliary,
        account: fromInvoice,
        label: null,
        confirmed: false,
        suggestedFrom: 'invoice_reference',
      };
    return {
      auxiliary,
      account: party.defaultAccount,
      label: null,
      confirmed: false,
      suggestedFrom: 'default',
    };
  }

  /** The codes suggested so far made again in the parties' order (role, key) rather than the
   * order they were met, as old code → new one: the same ledger and FEC whatever order a store
   * reads its rows in (SQLite and PostgreSQL do not read them alike, nor two archives synced at
   * different times). Later choices give the new codes. */
  settleSuggestions(): Map<string, string> {
    const taken = new Set(this.#rememberedCodes);
    const settled = new Map<string, string>();
    const ids = [...this.#met.keys()].sort((a, b) => {
      const [ka = '', ra = ''] = a.split('\u0000');
      const [kb = '', rb = ''] = b.split('\u0000');
      return ra < rb ? -1 : ra > rb ? 1 : ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    for (const id of ids) {
      const { name, role } = this.#met.get(id)!;
      const code = suggestAuxiliary(name, role, this.#convention, (c) => taken.has(c));
      taken.add(code);
      settled.set(this.#reserved.get(id)!, code);
      this.#reserved.set(id, code);
    }
    return settled;
  }
}

/** The chooser over a connection's memory as it is now. */
export function accountChooser(
  store: Pick<ThirdPartyStore, 'thirdParties'>,
  settings: AccountingSettings,
): AccountChooser {
  return new MemoryAccountChooser(store.thirdParties(), settings);
}
