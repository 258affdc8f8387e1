// One entry for every bank file: the format is told from the content (never the file's name),
// the bytes decoded (UTF-8, else Windows-1252, or the charset an OFX header declares) and the
// file parsed whole, or refused with a BankFileError saying where and why.
import type { BankFile } from '#shared/bank.ts';
import { BankFileError } from './bank-file-error.ts';
import { looksLikeCamt053, parseCamt053 } from './camt053.ts';
import { looksLikeCfonb120, parseCfonb120 } from './cfonb120.ts';
import { decodeBankBytes } from './decode.ts';
import { looksLikeOfx, ofxCharset, parseOfx } from './ofx.ts';

export function parseBankText(text: string): BankFile {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new BankFileError('the file is empty', 1);
  if (looksLikeCamt053(body)) return parseCamt053(body);
  if (looksLikeOfx(body)) return parseOfx(body);
  if (looksLikeCfonb120(body)) return parseCfonb120(body);
  throw new BankFileError('unknown format: not CFONB 120, CAMT.053 or OFX', 1);
}

export function parseBankBytes(bytes: Uint8Array): BankFile {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1000));
  const charset = looksLikeOfx(head) ? ofxCharset(head) : undefined;
  return parseBankText(decodeBankBytes(bytes, charset));
}
