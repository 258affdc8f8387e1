// French and European business identifiers with their real check digits, so that the demo data
// passes the same controls an accountant's tools apply (SIREN/SIRET Luhn, VAT keys, IBAN mod 97).
import type { Rng } from './rng.ts';

/** True when a string of digits passes the Luhn check (SIREN, SIRET). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit to append to `partial` so that the whole passes Luhn. */
export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(partial + d)) return String(d);
  throw new Error('unreachable: one Luhn digit always fits');
}

/** A random SIREN: 8 digits (first one 3-9, as current registrations are) and its Luhn digit. */
export function randomSiren(rng: Rng): string {
  const base = String(rng.pick([3, 4, 5, 7, 8, 9])) + rng.digits(7);
  return base + luhnCheckDigit(base);
}

/** SIRET of the `rank`-th office (1 = usually the head office): SIREN + NIC, NIC = 4 digits + key. */
export function siretFor(siren: string, rank: number): string {
  const partial = siren + String(rank).padStart(4, '0');
  return partial + luhnCheckDigit(partial);
}

/** French VAT key: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

export function frVatNumber(siren: string): string {
  return `FR${frVatKey(siren)}${siren}`;
}

/** Remainder mod 97 of a long numeric string, chunked to stay within safe integers. */
export function mod97(numeric: string): number {
  let rest = 0;
  for (let i = 0; i < numeric.length; i += 7)
    rest = Number(String(rest) + numeric.slice(i, i + 7)) % 97;
  return rest;
}

/** Letters become 10..35, as ISO 13616 (IBAN) and ISO 7064 (creditor identifier) want. */
function lettersToDigits(s: string): string {
  return s.toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
}

/** IBAN from a country code and its BBAN, with the two ISO 13616 check digits. */
export function ibanFrom(country: string, bban: string): string {
  const check = 98 - mod97(lettersToDigits(bban + country + '00'));
  return country + String(check).padStart(2, '0') + bban;
}

export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  return mod97(lettersToDigits(compact.slice(4) + compact.slice(0, 4))) === 1;
}

/** French IBAN: bank (5) + branch (5) + account (11) + RIB key (2). */
export function frIban(bank: string, branch: string, account: string): string {
  const rib = 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * (Number(account) % 97)) % 97);
  return ibanFrom('FR', bank + branch + account + String(rib).padStart(2, '0'));
}

/** SEPA creditor identifier (ICS): FR + key + ZZZ + 6 characters, key per ISO 7064 mod 97-10. */
export function sepaCreditorId(national: string): string {
  const check = 98 - mod97(lettersToDigits(national + 'FR00'));
  return `FR${String(check).padStart(2, '0')}ZZZ${national}`;
}

/** Belgian enterprise number (also the VAT number's digits): 0 + 7 digits + 97 − (first 8 mod 97). */
export function randomBeEnterpriseNumber(rng: Rng): string {
  const base = '0' + String(rng.int(2, 9)) + rng.digits(6);
  return base + String(97 - (Number(base) % 97)).padStart(2, '0');
}

/** German VAT number: 8 digits + ISO 7064 MOD 11,10 check digit. */
export function randomDeVatNumber(rng: Rng): string {
  const base = String(rng.int(1, 9)) + rng.digits(7);
  let product = 10;
  for (const ch of base) {
    let sum = (Number(ch) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product === 10 ? 0 : 11 - product;
  return `DE${base}${check}`;
}
