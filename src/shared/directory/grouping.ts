// Directory results the way an accountant reads them: each legal unit (SIREN) with its offices
// (SIRET) under it, the head office (siège, PRIMARY) first. A page of results may hold offices
// whose legal unit is on another page or not matched at all: they still show, under a group
// built from the office's own `legalUnit` field.
import type { DirectoryEntry } from '../operator/schemas.ts';

export interface DirectoryGroup {
  /** Stable key for keyed lists: the legal unit's id, else its SIREN, else the office's id. */
  key: string;
  /** The legal unit entry when it is in the page. */
  legalUnit: DirectoryEntry | null;
  name: string;
  siren: string | undefined;
  /** Head office first, then secondary offices, then any other scope; page order within each. */
  offices: DirectoryEntry[];
}

const SCOPE_ORDER: Record<string, number> = { PRIMARY: 0, SECONDARY: 1 };
const scopeRank = (entry: DirectoryEntry): number => SCOPE_ORDER[entry.scope ?? ''] ?? 2;

/** The legal unit an office belongs to, as a lookup key (id first, SIREN otherwise). */
function parentKeys(office: DirectoryEntry): string[] {
  const keys: string[] = [];
  if (office.legalUnit?.businessEntityId) keys.push(`id:${office.legalUnit.businessEntityId}`);
  const siren = office.legalUnit?.siren ?? office.siren;
  if (siren) keys.push(`siren:${siren}`);
  return keys;
}

/** Groups one page of directory entries, keeping the order in which groups first appear. */
export function groupDirectoryEntries(entries: readonly DirectoryEntry[]): DirectoryGroup[] {
  const groups: DirectoryGroup[] = [];
  const byKey = new Map<string, DirectoryGroup>();
  const index = (group: DirectoryGroup, keys: string[]): void => {
    for (const k of keys) if (!byKey.has(k)) byKey.set(k, group);
  };

  // Legal units first, so that an office listed before its unit still lands under it.
  for (const entry of entries) {
    if (entry.type !== 'LEGAL_UNIT') continue;
    const keys = [`id:${entry.businessEntityId}`, ...(entry.siren ? [`siren:${entry.siren}`] : [])];
    const existing = keys.map((k) => byKey.get(k)).find((g) => g !== undefined);
    if (existing && existing.legalUnit === null) {
      existing.legalUnit = entry;
      continue;
    }
    const group: DirectoryGroup = {
      key: entry.businessEntityId,
      legalUnit: entry,
      name: entry.name,
      siren: entry.siren,
      offices: [],
    };
    groups.push(group);
    index(group, keys);
  }

  for (const entry of entries) {
    if (entry.type !== 'OFFICE') continue;
    const keys = parentKeys(entry);
    let group = keys.map((k) => byKey.get(k)).find((g) => g !== undefined);
    if (!group) {
      group = {
        key:
          entry.legalUnit?.businessEntityId ??
          entry.legalUnit?.siren ??
          entry.siren ??
          entry.businessEntityId,
        legalUnit: null,
        name: entry.legalUnit?.name ?? entry.name,
        siren: entry.legalUnit?.siren ?? entry.siren,
        offices: [],
      };
      groups.push(group);
      index(group, keys);
    }
    group.offices.push(entry);
  }

  // Groups appear in the order of their first entry in the page (unit or office).
  const firstSeen = new Map<DirectoryGroup, number>();
  entries.forEach((entry, i) => {
    const keys = entry.type === 'LEGAL_UNIT' ? [`id:${entry.businessEntityId}`] : parentKeys(entry);
    const group = keys.map((k) => byKey.get(k)).find((g) => g !== undefined);
    if (group && !firstSeen.has(group)) firstSeen.set(group, i);
  });
  groups.sort((a, b) => (firstSeen.get(a) ?? 0) - (firstSeen.get(b) ?? 0));
  for (const group of groups) {
    // Array.prototype.sort is stable: page order survives within one scope.
    group.offices.sort((a, b) => scopeRank(a) - scopeRank(b));
  }
  return groups;
}
