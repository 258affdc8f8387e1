// The third-party memory as a CSV file (issue 17, item 2): a firm brings its plan of third
// parties from its accounting software, and takes the memory back out. Written for French Excel:
// `;` separated, UTF-8 with a BOM, CRLF lines, a header line. Read leniently: the French or the
// English header in any order, `;`, `,` or tab, quoted fields, UTF-8 or Windows-1252 bytes.
// Every good line is kept; every bad line is refused with its number and why; nothing is lost.
import type { ThirdParty, ThirdPartyRole } from '#shared/accounting.ts';
import { AppFailure } from '../app-failure.ts';
import type { CsvImportResult, ThirdPartyChoice, ThirdPartyProblem } from './accounting.ts';
import {
  auxiliaryHolder,
  checkChoice,
  confirmedParty,
  releaseOwnCode,
  takenProblem,
  type ThirdPartyStore,
} from './third-parties.ts';

type Column = 'key' | 'role' | 'name' | 'auxiliary' | 'account' | 'label';

/** The header the export writes (French, as the firm's software and Excel show it). */
export const CSV_HEADER = ['Clé', 'Rôle', 'Nom', 'Compte auxiliaire', 'Compte', 'Libellé'] as const;

/** Header words read, folded (lower case, no accents, single spaces). */
const HEADER_NAMES: Record<string, Column> = {
  cle: 'key',
  key: 'key',
  role: 'role',
  nom: 'name',
  name: 'name',
  'compte auxiliaire': 'auxiliary',
  'auxiliary account': 'auxiliary',
  auxiliary: 'auxiliary',
  compte: 'account',
  account: 'account',
  libelle: 'label',
  label: 'label',
};
const REQUIRED: readonly Column[] = ['role', 'name', 'auxiliary', 'account'];

const ROLE_WORDS: Record<string, ThirdPartyRole> = {
  client: 'customer',
  customer: 'customer',
  fournisseur: 'supplier',
  supplier: 'supplier',
};
const ROLE_FRENCH: Record<ThirdPartyRole, string> = { customer: 'client', supplier: 'fournisseur' };

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

// ---- Writing ----

/** Excel runs a cell starting with = + - @ as a formula: such a field is written after a `'`
 * (Excel's own "text" mark), which the import takes off again. Names come from invoices. */
const FORMULA_START = /^'*[=+\-@\t\r]/; // '*: a value already starting with ' keeps it

function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The memory as CSV text: BOM, header, one CRLF line per third party (customers first). */
export function thirdPartiesToCsv(list: readonly ThirdParty[]): string {
  const sorted = [...list].sort((a, b) =>
    a.role === b.role ? (a.auxiliary < b.auxiliary ? -1 : 1) : a.role === 'customer' ? -1 : 1,
  );
  const lines = [CSV_HEADER.join(';')];
  for (const p of sorted)
    lines.push(
      [p.key, ROLE_FRENCH[p.role], p.name, p.auxiliary, p.account, p.label ?? '']
        .map(csvField)
        .join(';'),
    );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// ---- Reading bytes: src/shared/csv-bytes.ts (the renderer decodes a chosen file the same way) ----

export { decodeCsvBytes } from '#shared/csv-bytes.ts';

// ---- Parsing ----

export interface CsvRecord {
  /** 1-based, as a spreadsheet numbers its rows (the header is 1). */
  line: number;
  fields: string[];
  /** A quote opened and never closed: the record ends at its first line break. */
  unclosedQuote?: boolean;
}

/** Splits CSV text into records: `sep` between fields; "quoted" fields may hold sep, line
 * breaks and "" (a quote); CRLF, LF or CR end a record. A quote never closed spoils only its
 * own record: the text after its line break is read again as the next records. */
export function parseCsv(text: string, sep: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const start = i;
    const fields: string[] = [];
    let field = '';
    let ended = false;
    let unclosed = false;
    while (!ended) {
      if (text[i] === '"') {
        // A quoted field.
        let j = i + 1;
        let value = '';
        let closed = false;
        while (j < text.length) {
          if (text[j] === '"') {
            if (text[j + 1] === '"') {
              value += '"';
              j += 2;
              continue;
            }
            closed = true;
            j++;
            break;
          }
          value += text[j];
          j++;
        }
        if (!closed) {
          unclosed = true;
          const nl = text.slice(start).search(/\r\n|\n|\r/);
          i = nl < 0 ? text.length : start + nl;
          break;
        }
        field = value;
        i = j;
        // Anything between the closing quote and the separator is kept as typed.
        while (i < text.length && text[i] !== sep && text[i] !== '\n' && text[i] !== '\r')
          field += text[i++];
      } else {
        while (i < text.length && text[i] !== sep && text[i] !== '\n' && text[i] !== '\r')
          field += text[i++];
      }
      fields.push(field);
      field = '';
      if (i >= text.length) ended = true;
      else if (text[i] === sep) i++;
      else ended = true;
    }
    if (unclosed) records.push({ line, fields: [], unclosedQuote: true });
    else records.push({ line, fields });
    if (text[i] === '\r' && text[i + 1] === '\n') i += 2;
    else if (text[i] === '\r' || text[i] === '\n') i++;
    line++;
  }
  return records;
}

/** The separator of a header line: the one of `;`, tab, `,` that splits it into the most
 * known column names. */
function detectSeparator(text: string): string | null {
  const first = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r\n|\n|\r/, 1)[0];
  let best: { sep: string; known: number } | null = null;
  for (const sep of [';', '\t', ',']) {
    const header = parseCsv(first ?? '', sep)[0]?.fields ?? [];
    const known = header.filter((h) => HEADER_NAMES[fold(h)] !== undefined).length;
    if (known > 0 && (!best || known > best.known)) best = { sep, known };
  }
  return best?.sep ?? null;
}

function notCsv(message: string, code: string): AppFailure {
  return new AppFailure('invalid_input', message, { code });
}

/** Text that is not a CSV at all (a workbook, a PDF, an image read as text). */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x0b) return true;
  }
  return false;
}

export interface CsvLine {
  line: number;
  choice: ThirdPartyChoice;
}

export interface ParsedThirdParties {
  lines: CsvLine[];
  refused: CsvImportResult['refused'];
}

function refusal(line: number, code: ThirdPartyProblem, reason: string) {
  return { line, code, reason };
}

/** Reads the CSV's lines as choices; lines that cannot be read are refused with their number
 * and reason. A file that is not a CSV of third parties throws `invalid_input` with
 * `details.code`: 'empty', 'not_csv' or 'header' (and `details.missing`, the columns lacking). */
export function parseThirdPartiesCsv(text: string): ParsedThirdParties {
  if (text.replace(/^\uFEFF/, '').trim() === '')
    throw notCsv('The file is empty: no header line, no third party.', 'empty');
  if (looksBinary(text))
    throw notCsv('This file is not a CSV text file (a workbook? save it as CSV first).', 'not_csv');
  const sep = detectSeparator(text);
  if (sep === null)
    throw notCsv(
      `The first line is not a header of third parties: expected ${CSV_HEADER.join(';')}.`,
      'header',
    );
  const [header, ...rows] = parseCsv(text, sep);
  const index = new Map<Column, number>();
  header!.fields.forEach((name, i) => {
    const column = HEADER_NAMES[fold(name)];
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = REQUIRED.filter((c) => !index.has(c));
  if (missing.length > 0)
    throw new AppFailure(
      'invalid_input',
      `The header lacks the column(s) ${missing.join(', ')}: expected ${CSV_HEADER.join(';')}.`,
      { code: 'header', missing },
    );
  const lines: CsvLine[] = [];
  const refused: CsvImportResult['refused'] = [];
  for (const record of rows) {
    if (record.unclosedQuote) {
      refused.push(refusal(record.line, 'quote', 'a quote (") is opened and never closed'));
      continue;
    }
    if (record.fields.every((f) => f.trim() === '')) continue; // an empty row
    if (record.fields.some((f) => f.includes('\uFFFD'))) {
      refused.push(
        refusal(
          record.line,
          'encoding',
          'some characters could not be read: save the file as CSV UTF-8 and import it again',
        ),
      );
      continue;
    }
    const cell = (column: Column): string => {
      const i = index.get(column);
      const value = i === undefined ? '' : (record.fields[i] ?? '');
      return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
    };
    const width = Math.max(...index.values()) + 1;
    if (record.fields.length < Math.max(...REQUIRED.map((c) => index.get(c)!)) + 1) {
      refused.push(
        refusal(
          record.line,
          'columns',
          `${record.fields.length} column(s) where the header has ${width}`,
        ),
      );
      continue;
    }
    const role = ROLE_WORDS[fold(cell('role'))];
    if (!role) {
      refused.push(
        refusal(
          record.line,
          'role',
          `the role ${JSON.stringify(cell('role'))} is neither client nor fournisseur`,
        ),
      );
      continue;
    }
    const label = cell('label');
    lines.push({
      line: record.line,
      choice: {
        key: cell('key'),
        role,
        name: cell('name'),
        auxiliary: cell('auxiliary'),
        account: cell('account'),
        label: label.trim() === '' ? null : label,
      },
    });
  }
  return { lines, refused };
}

/**
 * Imports a CSV into the memory: every good line added or updated (confirmed: the firm's own
 * plan), every bad one refused with its line number and reason, in one transaction. When a
 * third party is on several lines, the last one is kept and the others are refused ('repeated').
 * An auxiliary code held by another third party (in the memory or on an earlier line) is refused.
 */
export function importThirdPartiesCsv(
  store: ThirdPartyStore,
  csv: string,
  at: Date,
): CsvImportResult {
  const parsed = parseThirdPartiesCsv(csv);
  const refused = [...parsed.refused];
  const checked: { line: number; choice: ThirdPartyChoice }[] = [];
  for (const { line, choice } of parsed.lines) {
    const result = checkChoice(choice);
    if (result.ok) checked.push({ line, choice: result.choice });
    else refused.push(refusal(line, result.problem.code, result.problem.message));
  }
  // The last line of a party wins.
  const lastLine = new Map<string, number>();
  for (const { line, choice } of checked) lastLine.set(`${choice.key}\u0000${choice.role}`, line);
  const codes = store.auxiliaryCodes();
  const saved: ThirdParty[] = [];
  let added = 0;
  let updated = 0;
  for (const { line, choice } of checked) {
    const kept = lastLine.get(`${choice.key}\u0000${choice.role}`)!;
    if (kept !== line) {
      refused.push(
        refusal(line, 'repeated', `this third party is on line ${kept} too, which is kept`),
      );
      continue;
    }
    const holder = auxiliaryHolder(codes, choice.auxiliary, choice.key, choice.role);
    if (holder) {
      const taken = takenProblem(choice.auxiliary, holder);
      refused.push(refusal(line, taken.code, taken.message));
      continue;
    }
    releaseOwnCode(codes, choice.key, choice.role);
    codes.set(choice.auxiliary, { key: choice.key, role: choice.role, name: choice.name });
    if (store.thirdParty(choice.key, choice.role)) updated++;
    else added++;
    saved.push(confirmedParty(choice, at));
  }
  store.saveThirdParties(saved);
  refused.sort((a, b) => a.line - b.line);
  return { added, updated, refused };
}

/** The memory's CSV text. */
export function exportThirdPartiesCsv(store: Pick<ThirdPartyStore, 'thirdParties'>): string {
  return thirdPartiesToCsv(store.thirdParties());
}
