// The one name of every file the app writes (issue 27, item 1): `<company short name> <SIREN>
// <what> <period>.<ext>`, so that a firm's downloads folder tells its clients' files apart, and
// safe on Windows, macOS and Linux alike (forbidden characters, reserved names, trailing dots and
// spaces, length). The FEC keeps its legal name (accounting/fec.ts).
import type { ArchiveReads } from '../archive/ports.ts';
import type { UserDataPort } from '../archive/user-data-port.ts';

/** Whose file it is: the connection's client company as its archive knows it, else the
 * connection's own name. Never a secret. */
export interface FileOwner {
  connectionName: string;
  /** Null: the archive names no company yet (never synced, no invoice). */
  company: { name: string | null; siren: string | null } | null;
}

/** Legal forms said after (or before) a French company's name: left out of its short name. */
const LEGAL_FORMS =
  /(^|\s)(SASU|SAS|SARL|EURL|SA|SNC|SCI|SCP|SCOP|SCA|SCS|SELARL|SELAS|SELAFA|GIE|EIRL|EI|SEM)\.?(?=\s|$)/giu;

/** At most this many characters of the company's name. */
const SHORT_NAME = 40;

/** Windows refuses these as a name, with any extension (CON.xlsx too). */
const RESERVED = /^(CON|PRN|AUX|NUL|COM[0-9¹²³]|LPT[0-9¹²³])$/iu;

/** Bytes of a whole name: 255 is every system's limit (ext4 and APFS in UTF-8 bytes, NTFS in
 * UTF-16 units); less leaves room for a copy's " (2)" and a path that goes deep. */
const MAX_BYTES = 180;

/** "ATELIERS DUVAL AGENCEMENT SAS" → "ATELIERS DUVAL AGENCEMENT": the name without its legal
 * form, cut to 40 characters at a word's end. */
export function companyShortName(name: string): string {
  const plain = cleaned(name);
  const short = plain.replace(LEGAL_FORMS, ' ').replace(/\s+/gu, ' ').trim() || plain;
  if ([...short].length <= SHORT_NAME) return short;
  const cut = [...short].slice(0, SHORT_NAME + 1).join('');
  const atWord = cut.slice(0, cut.lastIndexOf(' '));
  return (atWord.length >= SHORT_NAME / 2 ? atWord : [...short].slice(0, SHORT_NAME).join(''))
    .replace(/[\s.]+$/u, '')
    .trim();
}

/** `<company short name> <SIREN> <what> <period>.<extension>`: the company's short name and
 * SIREN when its archive knows them, else the connection's name. */
export function ownedFileName(
  owner: FileOwner,
  what: string,
  period: string,
  extension: string,
): string {
  const name = owner.company?.name ? companyShortName(owner.company.name) : owner.connectionName;
  const siren = owner.company?.siren ?? '';
  return safeFileName([name, siren, what, period.replace(/\.\./gu, '_')].join(' '), extension);
}

/** Characters no file name may hold somewhere: Windows' <>:"/\|?* and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]+/gu;

/** A text as a file name's base on every system: forbidden characters become spaces, spaces
 * collapse, no leading or trailing dot or space, no reserved name, at most 180 bytes with its
 * extension (cut on a character, never inside one). */
export function safeFileName(base: string, extension: string): string {
  const ext = extension.replace(/^\.+/u, '').replace(FORBIDDEN, '');
  const suffix = ext ? `.${ext}` : '';
  let text = cleaned(base).replace(/^[\s.]+|[\s.]+$/gu, '');
  const budget = MAX_BYTES - Buffer.byteLength(suffix);
  if (Buffer.byteLength(text) > budget) {
    let kept = '';
    for (const char of text) {
      if (Buffer.byteLength(kept + char) > budget) break;
      kept += char;
    }
    text = kept.replace(/[\s.]+$/gu, '');
  }
  if (!text) text = 'export';
  if (RESERVED.test(text.split('.')[0]?.trim() ?? '')) text = `_${text}`;
  return `${text}${suffix}`;
}

/** NFC (macOS's decomposed accents would make two names of one), forbidden characters out,
 * one space between words. */
function cleaned(text: string): string {
  return text.normalize('NFC').replace(FORBIDDEN, ' ').replace(/\s+/gu, ' ').trim();
}

/** fileOwnerOf through the ports (a store on a server answers asynchronously): the archive's
 * company and the accountant's settings read first. */
export async function fileOwnerFrom(
  connectionName: string,
  archive: Pick<ArchiveReads, 'company'> | null,
  userData: Pick<UserDataPort, 'accountingSettings'> | null,
): Promise<FileOwner> {
  const found = archive ? await archive.company() : null;
  const settings = userData ? await userData.accountingSettings() : null;
  return fileOwnerOf(
    connectionName,
    { companySiren: () => found },
    settings ? { readAccountingSettings: () => settings } : null,
  );
}

/** The owner of a connection's files as the portfolio names it: the SIREN the accountant set,
 * else the one the archive finds on its invoices; the name the archive finds. */
export function fileOwnerOf(
  connectionName: string,
  archive: { companySiren(): { siren: string; name: string | null } | null } | null,
  userData: { readAccountingSettings(): { siren: string | null } } | null,
): FileOwner {
  const found = archive?.companySiren() ?? null;
  const siren = userData?.readAccountingSettings().siren ?? found?.siren ?? null;
  if (!found && !siren) return { connectionName, company: null };
  return { connectionName, company: { name: found?.name ?? null, siren } };
}
