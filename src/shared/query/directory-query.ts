// The French legal directory's search expression (spec 4.3, `q`): what the user typed is
// recognised as a SIREN, a SIRET or a company name, and turned into one condition of the
// operator's syntax (`field:"value"`, values double-quoted, `*` as wildcard).

export type DirectoryInputKind = 'siren' | 'siret' | 'name';
/** How a name matches: `BOULANGERIE*` (starts with) or `*BOULANGERIE*` (contains). */
export type NameMatch = 'prefix' | 'contains';

export interface DirectoryInput {
  kind: DirectoryInputKind;
  /** Digits only for a SIREN or SIRET; the trimmed text for a name. */
  value: string;
}

export interface DirectoryQueryParts extends DirectoryInput {
  /** Only meaningful for a name. */
  match: NameMatch;
}

const SIREN_DIGITS = 9;
const SIRET_DIGITS = 14;

/** Recognises what the user typed: 9 digits → SIREN, 14 digits → SIRET (spaces allowed and
 * stripped, as SIRENs are often written `123 456 789`), anything else → a name. Null when empty. */
export function detectDirectoryInput(text: string): DirectoryInput | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const compact = trimmed.replace(/\s+/g, '');
  if (/^\d+$/.test(compact)) {
    if (compact.length === SIREN_DIGITS) return { kind: 'siren', value: compact };
    if (compact.length === SIRET_DIGITS) return { kind: 'siret', value: compact };
  }
  return { kind: 'name', value: trimmed.replace(/\s+/g, ' ') };
}

/** Escapes a value for the inside of double quotes: backslash and quote get a backslash. */
export function quoteValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Builds the `q` expression of one recognised input. */
export function buildDirectoryQuery(parts: DirectoryQueryParts): string {
  if (parts.kind !== 'name') return `${parts.kind}:${quoteValue(parts.value)}`;
  // Wildcards are ours to place: stars the user typed at either end would only double them.
  const core = parts.value.replace(/^\*+|\*+$/g, '').trim();
  const pattern = parts.match === 'contains' ? `*${core}*` : `${core}*`;
  return `name:${quoteValue(pattern)}`;
}

/** From the search box straight to `q`; null when there is nothing to search. */
export function directoryQueryFromText(text: string, match: NameMatch): string | null {
  const input = detectDirectoryInput(text);
  if (input === null) return null;
  if (input.kind === 'name' && input.value.replace(/\*/g, '').trim() === '') return null;
  return buildDirectoryQuery({ ...input, match });
}

/** Reads back an expression this module builds, so that editing the raw `q` keeps the simple
 * fields in step. Anything else (several conditions, other fields) gives null: a custom query. */
export function parseDirectoryQuery(q: string): DirectoryQueryParts | null {
  const m = /^\s*(siren|siret|name)\s*:\s*"((?:[^"\\]|\\.)*)"\s*$/i.exec(q);
  if (!m) return null;
  const field = m[1]!.toLowerCase() as DirectoryInputKind;
  const raw = m[2]!.replace(/\\(.)/g, '$1');
  if (field === 'name') {
    const contains = raw.startsWith('*') && raw.endsWith('*') && raw.length > 1;
    const prefix = !raw.startsWith('*') && raw.endsWith('*');
    if (!contains && !prefix) return null;
    const value = raw.replace(/^\*+|\*+$/g, '');
    if (value === '' || value.includes('*')) return null;
    return { kind: 'name', value, match: contains ? 'contains' : 'prefix' };
  }
  const digits = field === 'siren' ? SIREN_DIGITS : SIRET_DIGITS;
  if (!new RegExp(`^\\d{${digits}}$`).test(raw)) return null;
  return { kind: field, value: raw, match: 'prefix' };
}
