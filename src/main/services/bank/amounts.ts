// Decimal texts to integer cents without floating point ("1234.5" → 123450, "-0,07" → -7).
import { BankFileError } from './bank-file-error.ts';

/** Cents as a decimal text with two digits ('-7' → '-0.07'): the archive's, written once. */
export { centsToDecimal } from '../archive/amounts.ts';

const DECIMAL = /^([+-]?)(\d{1,15})(?:[.,](\d{1,2}))?$/;

export function decimalToCents(text: string, what: string, line?: number): number {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new BankFileError(`${what} "${text.trim()}" is not an amount`, line);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}
