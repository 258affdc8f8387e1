// The FEC (fichier des écritures comptables, art. A47 A-1 LPF) of a ledger: the 18 fields in
// their order under a header line, tab or "|" separated, UTF-8 or ISO 8859-15, CRLF lines, dates
// AAAAMMJJ, comma decimals. Streamed to a temporary file beside the target (a write stream that
// waits on backpressure, so a year of entries never sits in memory as text) and renamed into
// place; on cancel or failure nothing is left. The rules each field follows are in
// docs/accounting.md; tests/support/fec-checker.ts checks every file this writes.
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type {
  Entry,
  FecEncoding,
  FecSeparator,
  Journal,
  JournalKind,
  LedgerJournal,
  Ledger,
} from '#shared/accounting.ts';
import { AppFailure } from '../app-failure.ts';
import { cancelledExport, exportErrorFrom } from '../export-error.ts';
import type { FecOptions, FecSummary } from './accounting.ts';

/** The 18 fields, in the order of art. A47 A-1 LPF. */
export const FEC_FIELDS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

const SEPARATORS: Record<FecSeparator, string> = { tab: '\t', pipe: '|' };
const CRLF = '\r\n';
/** Text gathered before one write to the stream. */
const CHUNK_CHARS = 64 * 1024;

/** What the FEC needs of a ledger: the company, the period, the journals' codes and labels,
 * and the entries in their numbered order (an iterable: a ledger read lazily works too). */
export interface FecSource {
  company: Ledger['company'];
  period: Ledger['period'];
  /** The codes and labels of the journals (the ledger's totals, or the settings' journals). */
  journals:
    | readonly { journal: LedgerJournal; code: string; label: string }[]
    | Record<JournalKind, Journal>;
  entries: Iterable<Entry> | AsyncIterable<Entry>;
}

export interface FecWriteOptions extends FecOptions {
  signal?: AbortSignal;
  /** Entries and lines written so far, now and then. */
  onProgress?: (written: { entries: number; lines: number }) => void;
}

export interface FecWritten extends FecSummary {
  path: string;
  bytes: number;
}

/** The SIREN the file is named after: the user's, 9 digits; else an error they can act on. */
export function fecSiren(siren: string | null | undefined): string {
  const digits = (siren ?? '').replace(/\s+/g, '');
  if (!digits)
    throw new AppFailure(
      'invalid_input',
      "The company has no SIREN: set it in the accounting settings (Comptabilité) before writing its FEC; the file's legal name starts with it.",
    );
  if (!/^\d{9}$/.test(digits))
    throw new AppFailure(
      'invalid_input',
      `The company's SIREN "${digits}" is not 9 digits: correct it in the accounting settings (Comptabilité).`,
    );
  return digits;
}

/** The legal name, <SIREN>FEC<AAAAMMJJ>.txt: the closing date given, else the period's last day
 * (DGFiP's checker reads both from the name alone). */
export function fecFileName(siren: string | null | undefined, closingDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(closingDate))
    throw new AppFailure('invalid_input', `The closing date "${closingDate}" is not YYYY-MM-DD.`);
  return `${fecSiren(siren)}FEC${closingDate.replace(/-/g, '')}.txt`;
}

// ---- ISO 8859-15, by table ----

/** Where ISO 8859-15 differs from Latin-1: these code points take the bytes of ¤ ¦ ¨ ´ ¸ ¼ ½ ¾. */
const LATIN9_EXTRA = new Map<number, number>([
  [0x20ac, 0xa4], // €
  [0x0160, 0xa6], // Š
  [0x0161, 0xa8], // š
  [0x017d, 0xb4], // Ž
  [0x017e, 0xb8], // ž
  [0x0152, 0xbc], // Œ
  [0x0153, 0xbd], // œ
  [0x0178, 0xbe], // Ÿ
]);
/** The Latin-1 characters ISO 8859-15 replaced: not in it. */
const LATIN1_REPLACED = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);
/** Common characters outside ISO 8859-15 that have a plain look-alike. */
const LOOK_ALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u2022': '-',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u00bd': '1/2',
  '\u00bc': '1/4',
  '\u00be': '3/4',
  '\u00a4': 'EUR',
};

function latin9Byte(code: number): number | undefined {
  if (code < 0x100) return LATIN1_REPLACED.has(code) ? undefined : code;
  return LATIN9_EXTRA.get(code);
}

/** A character outside ISO 8859-15 as close as it gets: a look-alike, else its letters without
 * their accents (NFD, marks dropped: "ő" → "o"), else "?". */
function transliterate(char: string): string {
  const alike = LOOK_ALIKES[char];
  if (alike !== undefined) return alike;
  const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
  if (plain && [...plain].every((c) => latin9Byte(c.codePointAt(0) as number) !== undefined))
    return plain;
  return '?';
}

/** Every character ISO 8859-15 does not have (Latin-1 less its 8 replaced, plus the 8 it added);
 * a surrogate pair (an emoji) as one. Not a /u regex: those are several times slower here. */
const OUTSIDE_LATIN9 =
  // eslint-disable-next-line no-control-regex -- the control characters are in ISO 8859-15
  /[\ud800-\udbff][\udc00-\udfff]|[^\u0000-\u00a3\u00a5\u00a7\u00a9-\u00b3\u00b5-\u00b7\u00b9-\u00bb\u00bf-\u00ff\u20ac\u0160\u0161\u017d\u017e\u0152\u0153\u0178]/g;
const LATIN9_ADDED = /[\u20ac\u0160\u0161\u017d\u017e\u0152\u0153\u0178]/g;

/** Text as ISO 8859-15 bytes, by the table above (Node has no such encoder): what it lacks
 * transliterated, its 8 own characters moved to their bytes, the rest as Latin-1. */
export function encodeLatin9(text: string): Buffer {
  const latin1 = text
    .replace(OUTSIDE_LATIN9, transliterate)
    .replace(LATIN9_ADDED, (c) => String.fromCharCode(LATIN9_EXTRA.get(c.charCodeAt(0)) as number));
  return Buffer.from(latin1, 'latin1');
}

function encode(text: string, encoding: FecEncoding): Buffer {
  return encoding === 'utf-8' ? Buffer.from(text, 'utf8') : encodeLatin9(text);
}

// ---- Fields ----

/** A text field: no separator of either kind, no tab, no line break or other control character
 * (a label holding one breaks the file), spaces collapsed, trimmed. */
export function fecText(value: string | null | undefined): string {
  if (!value) return '';
  // Most labels need nothing: one test instead of two replaces.
  if (!NEEDS_CLEANING.test(value)) return value;
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[|\t\r\n\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const NEEDS_CLEANING = /[|\u0000-\u001f\u007f-\u009f\u2028\u2029]|\s\s|^\s|\s$|[^\S ]/;

/** "2026-03-15" → "20260315". */
export function fecDate(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  return day.replace(/-/g, '');
}

/** Cents as "1234,56": comma decimals, no thousands separator, no sign (callers never pass a
 * negative: a negative amount goes to the other side). */
export function fecAmount(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole},${String(cents % 100).padStart(2, '0')}`;
}

type JournalNames = Partial<Record<LedgerJournal, { code: string; label: string }>>;
type JournalList = readonly { journal: LedgerJournal; code: string; label: string }[];

function journalsOf(source: FecSource): JournalNames {
  if (!Array.isArray(source.journals)) return source.journals as JournalNames;
  const byKind = {} as JournalNames;
  for (const j of source.journals as JournalList)
    byKind[j.journal] = { code: j.code, label: j.label };
  return byKind;
}

/** The collective accounts of third parties (401 suppliers, 411 customers): the only lines that
 * carry CompAuxNum / CompAuxLib (elsewhere an importer reads them as overriding the account). */
const THIRD_PARTY_ACCOUNT = /^(401|411)/;

/** The FEC lines of one entry, each without its line ending. */
export function entryLines(
  entry: Entry,
  journal: { code: string; label: string },
  sep: string,
): { lines: string[]; debitCents: number; creditCents: number } {
  const lines: string[] = [];
  let debitCents = 0;
  let creditCents = 0;
  const pieceRef = fecText(entry.pieceRef) || fecText(entry.invoiceId);
  const entryLabel = fecText(entry.label) || pieceRef;
  for (const line of entry.lines) {
    // Never a negative amount: some importers refuse them; the other side says the same.
    const net = line.debitCents - line.creditCents;
    const debit = net > 0 ? net : 0;
    const credit = net < 0 ? -net : 0;
    debitCents += debit;
    creditCents += credit;
    const account = fecText(line.account);
    const thirdParty = THIRD_PARTY_ACCOUNT.test(account) && fecText(line.auxiliary) !== '';
    const auxiliary = thirdParty ? fecText(line.auxiliary) : '';
    const fields = [
      fecText(journal.code),
      fecText(journal.label) || fecText(journal.code),
      String(entry.number),
      fecDate(entry.date),
      account,
      fecText(line.accountLabel) || account,
      auxiliary,
      thirdParty ? fecText(line.auxiliaryLabel) || auxiliary : '',
      pieceRef, // the invoice's number
      fecDate(entry.pieceDate || entry.date), // the invoice's date
      fecText(line.label) || entryLabel,
      fecAmount(debit),
      fecAmount(credit),
      // EcritureLet, DateLet: an invoice's 411 / 401 line and the bank lines that paid it
      // exactly share a code (accounting/bank-journal.ts); others are not lettered.
      fecText(line.letter ?? ''),
      line.letter ? fecDate(line.letterDay ?? entry.date) : '',
      fecDate(entry.date), // ValidDate: DGFiP's checker refuses it empty
      '', // Montantdevise: the entries are in euros
      '', // Idevise
    ];
    lines.push(fields.join(sep));
  }
  return { lines, debitCents, creditCents };
}

/** Waits for the stream to take more, or fails with its error. */
function drained(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      stream.off('drain', onDrain);
      reject(error);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}

function closed(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}

/**
 * Writes the FEC of `source` to `targetPath` (the caller names it, fecFileName() gives the legal
 * name). Throws AppFailure('invalid_input') when the company has no SIREN, an ExportError for
 * the file (permission, folder_missing, disk_full, cancelled…); leaves no file behind then.
 */
export async function writeFec(
  targetPath: string,
  source: FecSource,
  options: FecWriteOptions,
): Promise<FecWritten> {
  const fileName = fecFileName(source.company.siren, options.closingDate ?? source.period.to);
  const sep = SEPARATORS[options.separator];
  const journals = journalsOf(source);
  const { signal } = options;
  if (signal?.aborted) throw cancelledExport(targetPath);
  const tempPath = join(
    dirname(targetPath),
    `.~${basename(targetPath)}.${randomUUID().slice(0, 8)}.part`,
  );
  const stream = createWriteStream(tempPath);
  let failure: Error | null = null;
  stream.on('error', (error) => (failure ??= error));
  let bytes = 0;
  let pending = '';
  const flush = async (): Promise<void> => {
    if (failure) throw failure;
    const chunk = encode(pending, options.encoding);
    pending = '';
    bytes += chunk.length;
    if (!stream.write(chunk)) await drained(stream);
  };
  const summary = { fileName, entries: 0, lines: 0, debitCents: 0, creditCents: 0 };
  try {
    pending = FEC_FIELDS.join(sep) + CRLF;
    for await (const entry of source.entries) {
      if (signal?.aborted) throw cancelledExport(targetPath);
      const journal = journals[entry.journal];
      if (!journal) throw new Error(`no journal code for the ${entry.journal} entries`);
      const written = entryLines(entry, journal, sep);
      for (const line of written.lines) pending += line + CRLF;
      summary.entries += 1;
      summary.lines += written.lines.length;
      summary.debitCents += written.debitCents;
      summary.creditCents += written.creditCents;
      if (pending.length >= CHUNK_CHARS) {
        await flush();
        options.onProgress?.({ entries: summary.entries, lines: summary.lines });
      }
    }
    await flush();
    await closed(stream);
    if (failure) throw failure;
    if (signal?.aborted) throw cancelledExport(targetPath);
    await rename(tempPath, targetPath);
    options.onProgress?.({ entries: summary.entries, lines: summary.lines });
    return { ...summary, path: targetPath, bytes };
  } catch (error) {
    stream.destroy();
    await rm(tempPath, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code && !(error instanceof AppFailure))
      throw exportErrorFrom(
        {
          code,
          message: (error as Error).message,
          ...((error as NodeJS.ErrnoException).syscall
            ? { syscall: (error as NodeJS.ErrnoException).syscall as string }
            : {}),
        },
        targetPath,
      );
    throw error;
  }
}
