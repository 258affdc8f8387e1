// An independent checker of FEC files (art. A47 A-1 LPF), the project's own: its own parser and
// decoder, none of the writer's code (src/main/services/accounting/fec.ts), so that a rule the
// writer gets wrong cannot pass here by sharing the mistake. It checks what DGFiP's Test Compta
// Demat refuses (the name, the separator, the 18 columns, empty required fields, calendar dates,
// comma decimals) and what accounting software and auditors check besides (balance per entry and
// overall, continuous numbering in chronological order, auxiliary accounts only on 401/411).
// Returns the problems in words; an empty list means the file passes.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

export const FEC_HEADER = [
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
];

const REQUIRED = [
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'EcritureLib',
  'Debit',
  'Credit',
  'ValidDate',
  'JournalCode',
  'JournalLib',
  'PieceRef',
  'PieceDate',
];

export type CheckedEncoding = 'utf-8' | 'iso-8859-15';

export interface FecCheckOptions {
  /** The encoding the file says it is in (the writer's option); default: UTF-8. */
  encoding?: CheckedEncoding;
  /** When given, the name must carry this SIREN and this closing date (YYYY-MM-DD). */
  siren?: string;
  closingDate?: string;
}

/** One line of the file, by field name. */
export type FecRecord = Record<string, string>;

export interface FecCheck {
  problems: string[];
  separator: 'tab' | 'pipe' | null;
  records: FecRecord[];
  /** Distinct entries (JournalCode + EcritureNum). */
  entries: number;
  debitCents: number;
  creditCents: number;
  /** The decoded text (to look for a label's characters). */
  text: string;
}

// ISO 8859-15 differs from Latin-1 at 8 bytes.
const LATIN9_DIFF: Record<number, string> = {
  0xa4: '€',
  0xa6: 'Š',
  0xa8: 'š',
  0xb4: 'Ž',
  0xb8: 'ž',
  0xbc: 'Œ',
  0xbd: 'œ',
  0xbe: 'Ÿ',
};

function decodeLatin9(bytes: Uint8Array, problems: string[]): string {
  let text = '';
  let controls = 0;
  for (const byte of bytes) {
    if (byte >= 0x80 && byte <= 0x9f) controls += 1;
    text += LATIN9_DIFF[byte] ?? String.fromCharCode(byte);
  }
  if (controls > 0)
    problems.push(`encoding: ${controls} byte(s) in 0x80–0x9F, control codes in ISO 8859-15`);
  return text;
}

function decode(bytes: Uint8Array, encoding: CheckedEncoding, problems: string[]): string {
  if (encoding === 'iso-8859-15') return decodeLatin9(bytes, problems);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    problems.push('encoding: the file is not valid UTF-8');
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** A real calendar day written AAAAMMJJ. */
export function isFecDate(value: string): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1) return false;
  const days = [
    31,
    y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return d <= (days[mo - 1] as number);
}

/** "1234,56" → 123456 cents; null when not written with a comma and two decimals. */
function cents(value: string): number | null {
  const m = /^(\d+),(\d{2})$/.exec(value);
  return m ? Number(m[1]) * 100 + Number(m[2]) : null;
}

function euros(value: number): string {
  return (value / 100).toFixed(2);
}

/** The problems of the file name: <SIREN>FEC<AAAAMMJJ>.txt. */
export function checkFecName(name: string, options: FecCheckOptions = {}): string[] {
  const m = /^(\d{9})FEC(\d{8})\.txt$/.exec(name);
  if (!m) return [`file name: "${name}" is not <SIREN>FEC<AAAAMMJJ>.txt`];
  const problems: string[] = [];
  if (!isFecDate(m[2] as string)) problems.push(`file name: ${m[2]} is not a calendar date`);
  if (options.siren !== undefined && m[1] !== options.siren)
    problems.push(`file name: SIREN ${m[1]}, expected ${options.siren}`);
  if (options.closingDate !== undefined && m[2] !== options.closingDate.replace(/-/g, ''))
    problems.push(`file name: closing date ${m[2]}, expected ${options.closingDate}`);
  return problems;
}

/** Checks a FEC's bytes under its file name. At most a few problems per rule are listed, each
 * with its line number (1 = the header). */
export function checkFec(name: string, bytes: Uint8Array, options: FecCheckOptions = {}): FecCheck {
  const problems: string[] = [...checkFecName(name, options)];
  const text = decode(bytes, options.encoding ?? 'utf-8', problems);
  const result: FecCheck = {
    problems,
    separator: null,
    records: [],
    entries: 0,
    debitCents: 0,
    creditCents: 0,
    text,
  };
  const counts = new Map<string, number>();
  const report = (rule: string, message: string): void => {
    const n = (counts.get(rule) ?? 0) + 1;
    counts.set(rule, n);
    if (n <= 5) problems.push(`${rule}: ${message}`);
  };

  if (text.length === 0) {
    problems.push('the file is empty');
    return result;
  }
  // CRLF after every line, the last one included; no lone CR or LF.
  if (!text.endsWith('\r\n')) report('line endings', 'the last line does not end with CRLF');
  const body = text.endsWith('\r\n') ? text.slice(0, -2) : text;
  const lines = body.split('\r\n');
  lines.forEach((line, i) => {
    if (/[\r\n]/.test(line)) report('line endings', `line ${i + 1} holds a lone CR or LF`);
  });

  const header = lines[0] as string;
  const hasTab = header.includes('\t');
  const hasPipe = header.includes('|');
  if (hasTab === hasPipe) {
    problems.push('separator: the header is separated by neither tab nor "|" alone');
    return result;
  }
  const sep = hasTab ? '\t' : '|';
  const other = hasTab ? '|' : '\t';
  result.separator = hasTab ? 'tab' : 'pipe';
  const names = header.split(sep);
  if (names.join('\u0000') !== FEC_HEADER.join('\u0000'))
    problems.push(
      `header: expected the 18 fields ${FEC_HEADER.join(' ')}, found ${names.join(' ')}`,
    );

  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const at = `line ${i + 1}`;
    if (line.includes(other))
      report('separator', `${at} holds a ${other === '\t' ? 'tab' : '"|"'} besides the separator`);
    const fields = line.split(sep);
    if (fields.length !== 18) {
      report('field count', `${at} has ${fields.length} fields, not 18`);
      continue;
    }
    const record: FecRecord = {};
    FEC_HEADER.forEach((field, k) => (record[field] = fields[k] as string));
    result.records.push(record);
    for (const field of REQUIRED)
      if ((record[field] as string).trim() === '')
        report('empty field', `${at}: ${field} is empty`);
    for (const field of ['EcritureDate', 'PieceDate', 'ValidDate', 'DateLet']) {
      const value = record[field] as string;
      if (value !== '' && !isFecDate(value))
        report('date', `${at}: ${field} "${value}" is not a calendar date AAAAMMJJ`);
    }
    for (const field of ['Debit', 'Credit']) {
      const value = record[field] as string;
      if (value !== '' && cents(value) === null)
        report(
          'amount',
          `${at}: ${field} "${value}" is not written with a comma and two decimals, without thousands separator or sign`,
        );
    }
    const devise = record.Montantdevise as string;
    if (devise !== '' && !/^-?\d+,\d{2}$/.test(devise))
      report('amount', `${at}: Montantdevise "${devise}" is not a comma decimal`);
    if ((devise === '') !== (record.Idevise === ''))
      report('currency pair', `${at}: Montantdevise and Idevise go together`);
    const debit = cents(record.Debit as string) ?? 0;
    const credit = cents(record.Credit as string) ?? 0;
    if (debit !== 0 && credit !== 0)
      report('one side', `${at}: both Debit and Credit are non-zero`);
    const account = record.CompteNum as string;
    if (account !== '' && !/^\d{3}/.test(account))
      report('account', `${at}: CompteNum "${account}" does not start with 3 digits`);
    const auxNum = record.CompAuxNum as string;
    const auxLib = record.CompAuxLib as string;
    if ((auxNum === '') !== (auxLib === ''))
      report('auxiliary pair', `${at}: CompAuxNum and CompAuxLib go together`);
    // Lettering: a code and its day go together, the day not before the entry's.
    const letter = record.EcritureLet as string;
    const letterDay = record.DateLet as string;
    if ((letter === '') !== (letterDay === ''))
      report('lettering pair', `${at}: EcritureLet and DateLet go together`);
    if (letterDay !== '' && letterDay < (record.EcritureDate as string))
      report('lettering date', `${at}: DateLet ${letterDay} is before the entry's date`);
    if ((auxNum !== '' || auxLib !== '') && !/^(401|411)/.test(account))
      report('auxiliary', `${at}: an auxiliary account on account ${account}, not a 401/411 line`);
  }

  // Entries: JournalCode + EcritureNum; their lines together, balanced, one date each.
  interface Seen {
    debit: number;
    credit: number;
    date: string;
    last: number;
  }
  const entries = new Map<string, Seen>();
  const order: { num: string; date: string }[] = [];
  let previousKey: string | null = null;
  result.records.forEach((record, index) => {
    const key = `${record.JournalCode}\u0000${record.EcritureNum}`;
    const debit = cents(record.Debit as string) ?? 0;
    const credit = cents(record.Credit as string) ?? 0;
    result.debitCents += debit;
    result.creditCents += credit;
    const seen = entries.get(key);
    if (!seen) {
      entries.set(key, { debit, credit, date: record.EcritureDate as string, last: index });
      order.push({ num: record.EcritureNum as string, date: record.EcritureDate as string });
    } else {
      if (previousKey !== key)
        report(
          'entry lines',
          `entry ${record.JournalCode} ${record.EcritureNum}: its lines are not together`,
        );
      if (seen.date !== record.EcritureDate)
        report(
          'entry date',
          `entry ${record.JournalCode} ${record.EcritureNum}: its lines have different dates`,
        );
      seen.debit += debit;
      seen.credit += credit;
      seen.last = index;
    }
    previousKey = key;
  });
  result.entries = entries.size;
  for (const [key, seen] of entries)
    if (seen.debit !== seen.credit)
      report(
        'balance',
        `entry ${key.replace('\u0000', ' ')}: debit ${euros(seen.debit)} ≠ credit ${euros(seen.credit)}`,
      );
  if (result.debitCents !== result.creditCents)
    problems.push(
      `balance: the file's total debit ${euros(result.debitCents)} ≠ total credit ${euros(result.creditCents)}`,
    );
  // EcritureNum 1, 2, 3… in the order of the file, and the dates never going back.
  order.forEach((entry, i) => {
    if (entry.num !== String(i + 1))
      report('numbering', `entry ${i + 1} of the file is numbered "${entry.num}", not ${i + 1}`);
    const before = order[i - 1];
    if (before && entry.date < before.date)
      report(
        'chronology',
        `entry ${entry.num} is dated ${entry.date}, before entry ${before.num} (${before.date})`,
      );
  });
  return result;
}

/** Reads and checks a FEC file. */
export function checkFecFile(path: string, options: FecCheckOptions = {}): FecCheck {
  return checkFec(basename(path), readFileSync(path), options);
}
