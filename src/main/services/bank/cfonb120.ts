// CFONB 120, the French "relevé de compte" (docs/bank-statements.md): records of 120 characters,
// 01 opening balance, 04 movement, 05 complement of the movement before it, 07 closing balance.
// Positions below are 1-based as the standard gives them. Amounts have 13 digits and a last
// character that carries both the last digit and the sign ("overpunch"), divided by 10^decimals
// (position 20). Trailing spaces cut by a mail client or an editor are put back; anything else
// that is not 120 characters is refused.
import type { BankFile, Statement, StatementLine } from '#shared/bank.ts';
import { BankFileError } from './bank-file-error.ts';
import { frenchIban } from './iban.ts';

const RECORD = 120;
const POSITIVE = '{ABCDEFGHI';
const NEGATIVE = '}JKLMNOPQR';
/** The 05 qualifiers read (others are kept in the remittance text as they are). */
const PAYER = 'NPY';
const BENEFICIARY = 'NBE';
const CLIENT_REFERENCE = 'RCN';
const REMITTANCE = 'LCC';
/** Beyond the amount (position 104) a record has only the reference: a cut there is spaces lost. */
const SHORTEST_BALANCE_OR_MOVEMENT = 104;
const SHORTEST_COMPLEMENT = 48;

/** Characters `from`..`to` (1-based, inclusive). */
const at = (record: string, from: number, to: number): string => record.slice(from - 1, to);

export function looksLikeCfonb120(text: string): boolean {
  const first = text.slice(0, 2 * RECORD).split(/\r?\n/)[0] ?? '';
  return /^01\d{5}/.test(first) && first.length >= SHORTEST_BALANCE_OR_MOVEMENT;
}

/** The records of a file: one a line, or 120-character blocks without line ends. */
function records(text: string): string[] {
  const body = text.replace(/[\r\n]+$/, '');
  if (!/[\r\n]/.test(body) && body.length > RECORD && body.length % RECORD === 0) {
    return Array.from({ length: body.length / RECORD }, (_, i) =>
      body.slice(i * RECORD, (i + 1) * RECORD),
    );
  }
  return body.split(/\r?\n/);
}

function amount(record: string, line: number): number {
  const decimals = Number(at(record, 20, 20));
  const field = at(record, 91, 104);
  const digits = field.slice(0, 13);
  const last = field[13] ?? '';
  if (!/^\d{13}$/.test(digits) || !/^\d$/.test(at(record, 20, 20))) {
    throw new BankFileError(
      `the amount "${field}" (positions 91 to 104) is not a CFONB amount`,
      line,
    );
  }
  if (decimals > 2)
    throw new BankFileError(`${decimals} decimals (position 20): at most 2 are read`, line);
  let sign = 1;
  let digit = POSITIVE.indexOf(last);
  if (digit < 0) {
    digit = NEGATIVE.indexOf(last);
    sign = -1;
  }
  if (digit < 0) {
    throw new BankFileError(
      `the amount's last character "${last}" (position 104) carries no sign`,
      line,
    );
  }
  const units = Number(digits) * 10 + digit;
  return sign * units * 10 ** (2 - decimals);
}

function day(text: string, line: number, what: string): string {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  const iso = m ? `20${m[3]}-${m[2]}-${m[1]}` : '';
  if (
    !m ||
    Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) ||
    new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) !== iso
  ) {
    throw new BankFileError(`the ${what} "${text}" is not a day (JJMMAA)`, line);
  }
  return iso;
}

function accountOf(record: string): { key: string; iban: string; currency: string } {
  const bank = at(record, 3, 7);
  const branch = at(record, 12, 16);
  const account = at(record, 22, 32);
  const key = `${bank}${branch}${account}`;
  const iban =
    /^\d{5}$/.test(bank) && /^\d{5}$/.test(branch) && /^[0-9A-Z]{11}$/.test(account)
      ? frenchIban(bank, branch, account)
      : key;
  return { key, iban, currency: at(record, 17, 19).trim() || 'EUR' };
}

function appendText(current: string | undefined, more: string): string {
  return current ? `${current} ${more}` : more;
}

export function parseCfonb120(text: string): BankFile {
  const statements: Statement[] = [];
  let open: (Statement & { key: string }) | undefined;
  let last: StatementLine | undefined;
  const list = records(text);
  list.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') throw new BankFileError('an empty line inside the file', line);
    if (raw.length > RECORD)
      throw new BankFileError(`${raw.length} characters, a CFONB 120 record has 120`, line);
    const code = raw.slice(0, 2);
    const shortest = code === '05' ? SHORTEST_COMPLEMENT : SHORTEST_BALANCE_OR_MOVEMENT;
    if (raw.length < shortest)
      throw new BankFileError(`the record is cut short (${raw.length} characters of 120)`, line);
    const record = raw.padEnd(RECORD, ' ');
    switch (code) {
      case '01': {
        if (open)
          throw new BankFileError(
            'a new statement (01) starts before the closing balance (07) of the one before',
            line,
          );
        const { key, iban, currency } = accountOf(record);
        open = {
          key,
          account: iban,
          currency,
          opening: {
            cents: amount(record, line),
            day: day(at(record, 35, 40), line, 'opening balance day'),
          },
          lines: [],
        };
        last = undefined;
        return;
      }
      case '04': {
        if (!open)
          throw new BankFileError('a movement (04) outside a statement (no 01 before it)', line);
        if (accountOf(record).key !== open.key)
          throw new BankFileError(
            'a movement (04) of another account than its statement (01)',
            line,
          );
        const reference = at(record, 105, 120).trim();
        last = {
          bookingDay: day(at(record, 35, 40), line, 'booking day'),
          valueDay: day(at(record, 43, 48), line, 'value day'),
          cents: amount(record, line),
          label: at(record, 49, 79).trim(),
          sourceLine: line,
          ...(reference ? { bankRef: reference } : {}),
        };
        open.lines.push(last);
        return;
      }
      case '05': {
        if (!open || !last)
          throw new BankFileError('a complement (05) with no movement (04) before it', line);
        const qualifier = at(record, 46, 48);
        const value = at(record, 49, 118).trim();
        if (!value) return;
        if (qualifier === PAYER || qualifier === BENEFICIARY) {
          // The payer on money in, the beneficiary on money out: the other party either way.
          if ((qualifier === PAYER) === last.cents >= 0) last.counterpartyName = value;
        } else if (qualifier === CLIENT_REFERENCE) {
          last.endToEndId = value;
          last.remittance = appendText(last.remittance, value);
        } else if (qualifier === REMITTANCE) {
          last.remittance = appendText(last.remittance, value);
        } else {
          last.remittance = appendText(last.remittance, value);
        }
        return;
      }
      case '07': {
        if (!open)
          throw new BankFileError(
            'a closing balance (07) with no opening balance (01) before it',
            line,
          );
        if (accountOf(record).key !== open.key)
          throw new BankFileError(
            'the closing balance (07) is of another account than its statement (01)',
            line,
          );
        const closing = {
          cents: amount(record, line),
          day: day(at(record, 35, 40), line, 'closing balance day'),
        };
        const moved = open.lines.reduce((sum, l) => sum + l.cents, 0);
        const expected = open.opening!.cents + moved;
        if (expected !== closing.cents) {
          throw new BankFileError(
            `the statement does not add up: opening ${open.opening!.cents / 100} + movements ${moved / 100} = ${expected / 100}, but the closing balance is ${closing.cents / 100}`,
            line,
          );
        }
        const { key: _key, ...statement } = open;
        statements.push({ ...statement, closing });
        open = undefined;
        last = undefined;
        return;
      }
      default:
        throw new BankFileError(
          `"${code}" is not a CFONB 120 record code (01, 04, 05 or 07)`,
          line,
        );
    }
  });
  if (open)
    throw new BankFileError(
      'the file ends before the closing balance (07): it is truncated',
      list.length,
    );
  if (statements.length === 0) throw new BankFileError('no statement in the file', 1);
  return { format: 'cfonb120', statements };
}
