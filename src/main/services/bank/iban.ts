// French RIB (bank, branch, account, key) to IBAN, so that an account reads the same from a
// CFONB or OFX file (which give the RIB) as from a CAMT.053 file (which gives the IBAN).

/** Letters of a RIB account number as digits (the RIB's own table, not the IBAN's). */
function ribDigits(text: string): string {
  return text.toUpperCase().replace(/[A-Z]/g, (c) => {
    const code = c.charCodeAt(0) - 64; // A=1
    return String(code <= 9 ? code : code <= 18 ? code - 9 : code - 17);
  });
}

function mod97(digits: string): number {
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest;
}

/** The RIB key of bank (5), branch (5) and account (11). */
export function ribKey(bank: string, branch: string, account: string): string {
  const b = Number(ribDigits(bank));
  const g = Number(ribDigits(branch));
  const c = Number(ribDigits(account));
  // 89·b + 15·g + 3·c can pass 2^53 for an 11-digit account: reduce each term first.
  const sum = (89 * (b % 97) + 15 * (g % 97) + 3 * (c % 97)) % 97;
  return String(97 - sum).padStart(2, '0');
}

/** The IBAN of a country's basic bank account number (BBAN). */
export function ibanOf(country: string, bban: string): string {
  const body = `${bban}${country}00`
    .toUpperCase()
    .replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return `${country}${String(98 - mod97(body)).padStart(2, '0')}${bban.toUpperCase()}`;
}

/** The French IBAN of a RIB; the key is computed when not given. */
export function frenchIban(bank: string, branch: string, account: string, key?: string): string {
  const k = key && /^\d{2}$/.test(key) ? key : ribKey(bank, branch, account);
  return ibanOf('FR', `${bank}${branch}${account}${k}`);
}

export function isValidIban(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const moved = `${s.slice(4)}${s.slice(0, 4)}`.replace(/[A-Z]/g, (c) =>
    String(c.charCodeAt(0) - 55),
  );
  return mod97(moved) === 1;
}
