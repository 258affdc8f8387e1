import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  codeLabel,
  paymentMeansLabel,
  postalAddressLines,
  REFERENCE_FIELDS,
  referenceList,
  taxPaymentKey,
  taxPaymentLabel,
} from '#shared/invoices/labels.ts';
import frInvoices from '#shared/i18n/fr/invoices.ts';
import enInvoices from '#shared/i18n/en/invoices.ts';
import { TAX_PAYMENT_CODES, TAX_PAYMENT_IOP_CODES } from '#shared/operator/enums.ts';
import { referenceDataSchema } from '#shared/operator/schemas.ts';

test('a code the dictionary names reads "code · name"; an unknown one stays bare', () => {
  assert.equal(codeLabel(380, frInvoices.types), '380 · Facture');
  assert.equal(codeLabel('381', enInvoices.types), '381 · Credit note');
  assert.equal(codeLabel('S', frInvoices.vatCategories), 'S · Taux normal');
  assert.equal(codeLabel('B1', frInvoices.processTypes), 'B1 · Biens');
  assert.equal(codeLabel('999', frInvoices.types), '999');
  // Only the dictionary's own keys count, never what every object inherits.
  assert.equal(codeLabel('toString', frInvoices.types), 'toString');
});

test('the VAT due date: the UNTDID code wins over the interoperability code', () => {
  assert.equal(taxPaymentKey({ code: 72, iopCode: 'INVOICE_DATE' }), 'onPayment');
  assert.equal(taxPaymentKey({ iopCode: 'DELIVERY_DATE' }), 'onDelivery');
  assert.equal(taxPaymentKey({ iopCode: 'UNKNOWN' }), 'unknown');
  assert.equal(taxPaymentKey({}), 'unknown');
  assert.equal(taxPaymentLabel({ code: 72 }, frInvoices.taxPayment), 'À l’encaissement (72)');
  assert.equal(
    taxPaymentLabel({ code: 5 }, enInvoices.taxPayment),
    `${enInvoices.taxPayment.onInvoice} (5)`,
  );
  assert.equal(
    taxPaymentLabel({ iopCode: 'PAYMENT_DATE' }, frInvoices.taxPayment),
    'À l’encaissement',
  );
});

test('every code the spec allows has a due date in words', () => {
  for (const code of TAX_PAYMENT_CODES)
    assert.notEqual(taxPaymentKey({ code }), 'unknown', `code ${code}`);
  for (const iopCode of TAX_PAYMENT_IOP_CODES) {
    if (iopCode !== 'UNKNOWN') assert.notEqual(taxPaymentKey({ iopCode }), 'unknown', iopCode);
  }
});

test('payment means: code, name, and the invoice’s own label only when it says more', () => {
  assert.equal(paymentMeansLabel('30', undefined, frInvoices.paymentCodes), '30 · Virement');
  assert.equal(paymentMeansLabel('30', 'Virement', frInvoices.paymentCodes), '30 · Virement');
  assert.equal(
    paymentMeansLabel('58', 'Virement fournisseur', frInvoices.paymentCodes),
    '58 · Virement SEPA · Virement fournisseur',
  );
  assert.equal(paymentMeansLabel('XX', 'Troc', frInvoices.paymentCodes), 'XX · Troc');
  assert.equal(paymentMeansLabel('XX', undefined, frInvoices.paymentCodes), 'XX');
});

test('references: those present, in the order of the standard, with their names', () => {
  const list = referenceList(
    {
      creditorReferenceId: 'FR12ZZZ123456',
      buyerReferenceId: 'SERVICE-ACHATS',
      projectReferenceId: '',
    },
    frInvoices.referenceFields,
  );
  assert.deepEqual(list, [
    { field: 'buyerReferenceId', label: 'Référence acheteur (BT-10)', value: 'SERVICE-ACHATS' },
    {
      field: 'creditorReferenceId',
      label: 'Identifiant créancier (BT-90)',
      value: 'FR12ZZZ123456',
    },
  ]);
  assert.deepEqual(referenceList(undefined, frInvoices.referenceFields), []);
});

test('every reference field of the schema is listed and named in both languages', () => {
  const schemaFields = Object.keys(referenceDataSchema.shape).filter(
    (key) => key !== 'additionalReferenceIds',
  );
  assert.deepEqual([...REFERENCE_FIELDS].sort(), schemaFields.sort());
  for (const field of REFERENCE_FIELDS) {
    assert.ok(frInvoices.referenceFields[field], `fr ${field}`);
    assert.ok(enInvoices.referenceFields[field], `en ${field}`);
  }
});

test('a postal address as envelope lines, empty parts left out', () => {
  assert.deepEqual(
    postalAddressLines({
      addressLineOne: '12 rue des Lilas',
      addressLineTwo: 'Bâtiment B',
      postalCode: '69003',
      cityName: 'Lyon',
      country: 'FR',
    }),
    ['12 rue des Lilas', 'Bâtiment B', '69003 Lyon', 'FR'],
  );
  assert.deepEqual(
    postalAddressLines({
      cityName: 'Bruxelles',
      countrySubDivision: 'Bruxelles-Capitale',
      country: 'BE',
    }),
    ['Bruxelles', 'Bruxelles-Capitale, BE'],
  );
  assert.deepEqual(postalAddressLines(undefined), []);
});
