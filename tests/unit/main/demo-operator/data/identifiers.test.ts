// French identifiers: Luhn on SIREN/SIRET, the VAT key, IBAN and creditor-id check digits.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  frIban,
  frVatKey,
  frVatNumber,
  ibanFrom,
  ibanValid,
  luhnCheckDigit,
  luhnValid,
  mod97,
  randomBeEnterpriseNumber,
  randomDeVatNumber,
  randomSiren,
  sepaCreditorId,
  siretFor,
} from '#main/demo-operator/data/identifiers.ts';
import { Rng } from '#main/demo-operator/data/rng.ts';

describe('Luhn', () => {
  test('known SIREN and SIRET pass, a changed digit fails', () => {
    // Published identifiers: a SIREN and the SIRET of its head office.
    assert.ok(luhnValid('732829320'));
    assert.ok(luhnValid('73282932000074'));
    assert.ok(!luhnValid('732829321'));
    assert.ok(!luhnValid('73282932000075'));
    assert.ok(!luhnValid('12345678a'));
    assert.ok(!luhnValid(''));
  });

  test('check digit completes any prefix', () => {
    assert.equal(luhnCheckDigit('73282932'), '0');
    for (const prefix of ['1', '42', '99999999', '1234567890123'])
      assert.ok(luhnValid(prefix + luhnCheckDigit(prefix)));
  });

  test('generated SIRENs and SIRETs are valid, SIRET = SIREN + NIC', () => {
    const rng = new Rng(3);
    for (let i = 0; i < 500; i++) {
      const siren = randomSiren(rng);
      assert.match(siren, /^[3-9]\d{8}$/);
      assert.ok(luhnValid(siren), siren);
      for (const rank of [1, 2, 17]) {
        const siret = siretFor(siren, rank);
        assert.equal(siret.length, 14);
        assert.ok(siret.startsWith(siren));
        assert.ok(luhnValid(siret), siret);
        assert.equal(siret.slice(9, 13), String(rank).padStart(4, '0'));
      }
    }
  });
});

describe('French VAT number', () => {
  test('key = (12 + 3 × (SIREN mod 97)) mod 97 on two digits', () => {
    // Published numbers: 732829320 mod 97 = 43 → (12 + 129) mod 97 = 44; 542051180 → 59.
    assert.equal(frVatKey('732829320'), '44');
    assert.equal(frVatNumber('732829320'), 'FR44732829320');
    assert.equal(frVatNumber('542051180'), 'FR59542051180');
    // A key below 10 is zero-padded: SIREN 000000097 → 97 mod 97 = 0 → 12.
    assert.equal(frVatKey('000000097'), '12');
    // (12 + 3 × 95) mod 97 = 297 mod 97 = 6 → '06'.
    assert.equal(frVatKey(String(97 * 1000 + 95).padStart(9, '0')), '06');
  });
});

describe('IBAN and creditor identifier', () => {
  test('mod97 on long numbers', () => {
    assert.equal(mod97('97'), 0);
    assert.equal(
      mod97('123456789012345678901234567890'),
      Number(123456789012345678901234567890n % 97n),
    );
  });

  test('a published French IBAN validates; a typo does not', () => {
    assert.ok(ibanValid('FR1420041010050500013M02606'));
    assert.ok(!ibanValid('FR1420041010050500013M02607'));
  });

  test('generated IBANs are valid, French ones with a correct RIB key', () => {
    const rng = new Rng(9);
    for (let i = 0; i < 200; i++) {
      const iban = frIban('30004', rng.digits(5), rng.digits(11));
      assert.match(iban, /^FR\d{25}$/);
      assert.ok(ibanValid(iban), iban);
      // RIB key: 97 − ((89 × bank + 15 × branch + 3 × account) mod 97).
      const bban = iban.slice(4);
      const key =
        97 -
        ((89 * Number(bban.slice(0, 5)) +
          15 * Number(bban.slice(5, 10)) +
          3 * Number(bban.slice(10, 21))) %
          97);
      assert.equal(bban.slice(21), String(key).padStart(2, '0'));
    }
    assert.ok(ibanValid(ibanFrom('NL', 'INGB0001234567')));
  });

  test('SEPA creditor identifier check digits (ISO 7064 mod 97-10)', () => {
    const id = sepaCreditorId('123456');
    assert.match(id, /^FR\d{2}ZZZ123456$/);
    // Valid when national id + country + key, letters as numbers, is 1 mod 97.
    const numeric = ('123456' + 'FR' + id.slice(2, 4)).replace(/[A-Z]/g, (c) =>
      String(c.charCodeAt(0) - 55),
    );
    assert.equal(mod97(numeric), 1);
  });

  test('foreign VAT numbers carry their check digits', () => {
    const rng = new Rng(5);
    for (let i = 0; i < 100; i++) {
      const be = randomBeEnterpriseNumber(rng);
      assert.equal(97 - (Number(be.slice(0, 8)) % 97), Number(be.slice(8)));
      const de = randomDeVatNumber(rng);
      assert.match(de, /^DE\d{9}$/);
      // ISO 7064 MOD 11,10 over the 8 first digits gives the 9th.
      let product = 10;
      for (const ch of de.slice(2, 10)) {
        let sum = (Number(ch) + product) % 10;
        if (sum === 0) sum = 10;
        product = (2 * sum) % 11;
      }
      assert.equal((11 - product) % 10, Number(de[10]));
    }
  });
});
