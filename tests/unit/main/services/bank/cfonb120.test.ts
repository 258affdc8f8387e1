// CFONB 120 (issue 29): the standard's records (01 / 04 / 05 / 07), overpunched signs, the
// decimals of position 20, the 05 complements, and the files refused with their line and why.
// Records are built here field by field at the standard's positions, independently of the
// project's writer, so a shared mistake could not hide.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BankFileError } from '#main/services/bank/bank-file-error.ts';
import { parseCfonb120 } from '#main/services/bank/cfonb120.ts';
import { parseBankText } from '#main/services/bank/parse-statement.ts';

/** A record from its fields at 1-based positions (the standard's layout). */
function rec(fields: Record<number, string>): string {
  const chars = Array<string>(120).fill(' ');
  for (const [from, value] of Object.entries(fields)) {
    [...value].forEach((c, i) => (chars[Number(from) - 1 + i] = c));
  }
  return chars.join('');
}

const ACCOUNT = { 3: '20041', 12: '01005', 17: 'EUR', 22: '0500013M026' };
const opening = (amount: string, day = '310126', decimals = '2'): string =>
  rec({ 1: '01', ...ACCOUNT, 20: decimals, 35: day, 91: amount });
const closing = (amount: string, day = '280226', decimals = '2'): string =>
  rec({ 1: '07', ...ACCOUNT, 20: decimals, 35: day, 91: amount });
const movement = (
  amount: string,
  label: string,
  extra: Record<number, string> = {},
  decimals = '2',
): string =>
  rec({
    1: '04',
    ...ACCOUNT,
    8: '0005',
    20: decimals,
    33: '05',
    35: '030226',
    43: '040226',
    49: label,
    82: '0000001',
    91: amount,
    ...extra,
  });
const complement = (qualifier: string, text: string): string =>
  rec({ 1: '05', ...ACCOUNT, 8: '0005', 20: '2', 33: '05', 35: '030226', 46: qualifier, 49: text });

function refused(text: string): BankFileError {
  try {
    parseBankText(text);
  } catch (error) {
    assert.ok(error instanceof BankFileError, String(error));
    return error;
  }
  assert.fail('the file was accepted');
}

describe('CFONB 120', () => {
  test('reads a statement: account as IBAN, balances, a movement and its complements', () => {
    const file = [
      opening('0000000010000{'), // +1,000.00
      movement('0000000012345F', 'VIR SEPA ACME', { 105: 'REF0001' }), // +1,234.56
      complement('NPY', 'ACME SARL'),
      complement('NBE', 'ATELIERS DUVAL'),
      complement('RCN', 'E2E-778'),
      complement('LCC', 'FACTURE F2026-000012'),
      movement('0000000000205}', 'FRAIS', { 82: '0000002' }), // -20.50
      closing('0000000022140F'), // 1000 + 1234.56 − 20.50 = 2214.06
    ].join('\r\n');
    const { format, statements } = parseBankText(file);
    assert.equal(format, 'cfonb120');
    assert.equal(statements.length, 1);
    const [s] = statements;
    assert.equal(s!.account, 'FR1420041010050500013M02606');
    assert.equal(s!.currency, 'EUR');
    assert.deepEqual(s!.opening, { cents: 100000, day: '2026-01-31' });
    assert.deepEqual(s!.closing, { cents: 221406, day: '2026-02-28' });
    assert.deepEqual(s!.lines[0], {
      bankRef: 'REF0001',
      bookingDay: '2026-02-03',
      valueDay: '2026-02-04',
      cents: 123456,
      label: 'VIR SEPA ACME',
      counterpartyName: 'ACME SARL', // the payer (NPY) of money in, not the beneficiary
      endToEndId: 'E2E-778',
      remittance: 'E2E-778 FACTURE F2026-000012',
      sourceLine: 2,
    });
    assert.equal(s!.lines[1]!.cents, -2050);
    assert.equal(s!.lines[1]!.sourceLine, 7);
  });

  test('every overpunched last character: { A–I are +0…9, } J–R are −0…9', () => {
    const signs = '{ABCDEFGHI}JKLMNOPQR';
    [...signs].forEach((last, i) => {
      const digit = i % 10;
      const sign = i < 10 ? 1 : -1;
      const file = [
        opening('0000000000000{'),
        movement(`0000000000001${last}`, 'X'),
        closing(`0000000000001${last}`),
      ].join('\n');
      assert.equal(parseCfonb120(file).statements[0]!.lines[0]!.cents, sign * (10 + digit), last);
    });
  });

  test('the decimals at position 20 scale the amount', () => {
    const noDecimals = [
      opening('0000000000012{', '310126', '0'),
      closing('0000000000012{', '280226', '0'),
    ].join('\n');
    assert.equal(parseCfonb120(noDecimals).statements[0]!.opening!.cents, 12000);
    const one = [
      opening('0000000000012{', '310126', '1'),
      closing('0000000000012{', '280226', '1'),
    ].join('\n');
    assert.equal(parseCfonb120(one).statements[0]!.opening!.cents, 1200);
  });

  test('records without line ends, and lines whose trailing spaces were cut, are read', () => {
    const records = [
      opening('0000000010000{'),
      movement('0000000000100{', 'X'),
      closing('0000000010100{'),
    ];
    assert.equal(parseBankText(records.join('')).statements[0]!.lines.length, 1);
    assert.equal(
      parseBankText(records.map((r) => r.trimEnd()).join('\n')).statements[0]!.closing!.cents,
      101000,
    );
  });

  test('two statements in one file, one after the other', () => {
    const file = [
      opening('0000000010000{'),
      closing('0000000010000{'),
      opening('0000000010000{', '280226'),
      movement('0000000000100}', 'X'),
      closing('0000000009900{', '310326'),
    ].join('\n');
    const { statements } = parseCfonb120(file);
    assert.equal(statements.length, 2);
    assert.equal(statements[1]!.closing!.cents, 99000);
  });

  test('refuses a statement that does not add up, with the closing line', () => {
    const error = refused(
      [opening('0000000010000{'), movement('0000000000100{', 'X'), closing('0000000010000{')].join(
        '\n',
      ),
    );
    assert.equal(error.line, 3);
    assert.match(error.reason, /does not add up/);
  });

  test('refuses a truncated file (no closing balance), a cut record, a bad sign, an unknown record', () => {
    assert.match(
      refused([opening('0000000010000{'), movement('0000000000100{', 'X')].join('\n')).reason,
      /truncated/,
    );
    const cut = refused(
      [opening('0000000010000{'), movement('0000000000100{', 'X').slice(0, 95)].join('\n'),
    );
    assert.equal(cut.line, 2);
    assert.match(cut.reason, /cut short/);
    const sign = refused(
      [opening('0000000010000{'), movement('0000000000100X', 'X'), closing('0000000010000{')].join(
        '\n',
      ),
    );
    assert.equal(sign.line, 2);
    assert.match(sign.reason, /sign/);
    const code = refused(
      [opening('0000000010000{'), rec({ 1: '09', ...ACCOUNT }), closing('0000000010000{')].join(
        '\n',
      ),
    );
    assert.equal(code.line, 2);
    assert.match(code.reason, /record code/);
    assert.match(
      refused(`${opening('0000000010000{')}\n${movement('0000000000100{', 'X', { 35: '310226' })}`)
        .reason,
      /not a day/,
    );
  });

  test('refuses a movement of another account inside a statement', () => {
    const other = rec({
      1: '04',
      3: '30002',
      12: '00550',
      17: 'EUR',
      20: '2',
      22: '0000157845Z',
      35: '030226',
      43: '030226',
      91: '0000000000100{',
    });
    assert.equal(
      refused([opening('0000000010000{'), other, closing('0000000010100{')].join('\n')).line,
      2,
    );
  });
});
