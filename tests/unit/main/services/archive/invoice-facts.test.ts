// The one extractor of an invoice's VAT and accounting facts (issue 28, item 3): what the
// archive keeps in columns when it writes an invoice, and what the reports, the entries and the
// exports' VAT sheet read back.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Invoice } from '#shared/operator/schemas.ts';
import {
  NO_FACTS,
  creditedNumber,
  invoiceFacts,
  payableAmount,
} from '#main/services/archive/invoice-facts.ts';
import { vatFactsOf } from '#main/services/tax/invoice.ts';
import { fullInvoice, searchItem, uuidOf } from '#support/archive-fixtures.ts';

/** A received invoice with every fact the reads use: foreign seller, two rates, VAT on
 * payment, delivery, a euro VAT total, payment means. */
function richInvoice(): Invoice {
  const base = fullInvoice(searchItem({ id: uuidOf(1), number: 'FA-2026-7', type: '380' }));
  return {
    ...base,
    invoiceId: uuidOf(1).toUpperCase(),
    businessData: {
      ...base.businessData,
      processType: 'S1',
      taxPaymentOption: { code: 72, iopCode: 'PAYMENT_DATE' },
      referenceData: { accountingCostId: '6226' },
      shipping: {
        deliveryDate: '2026-02-27',
        tradeParty: { name: 'X', postalAddress: { country: 'FR' }, identifiers: [] },
      },
      monetary: {
        invoiceCurrency: 'GBP',
        invoiceAmount: { amount: 1210.5 },
        taxBasisTotalAmount: { amount: 1050 },
        taxTotalAmount: { amount: 160.5, currency: 'GBP' },
        taxTotalAmountAccounting: { amount: 185.02 },
        payableAmount: { amount: 1000.25 },
      },
      taxDetails: [
        {
          taxableAmount: { amount: 800 },
          taxAmount: { amount: 160 },
          categoryCode: 'S',
          percent: 20,
        },
        { taxableAmount: { amount: 250 }, taxAmount: { amount: 0.5 }, categoryCode: 'AE' },
      ],
      seller: {
        ...base.businessData.seller,
        tradingBusinessName: 'Tea & Co',
        postalAddress: { country: 'GB' },
      },
      buyer: { ...base.businessData.buyer, postalAddress: { country: 'FR' } },
      paymentMeans: [
        { typeCode: '58', bankTransfer: { iban: 'GB33BUKB20201555555555' } },
        {
          typeCode: '30',
          paymentReference: 'REF-7',
          bankTransfer: { iban: 'FR7630006000011234567890189' },
        },
        { typeCode: '59', bankDirectDebit: { iban: 'FR7612345000019876543210123' } },
      ],
    },
  } as unknown as Invoice;
}

describe('invoiceFacts', () => {
  test('every fact the reads use, in the domain words: numbers, texts, lines', () => {
    assert.deepEqual(invoiceFacts(richInvoice()), {
      platformId: uuidOf(1).toUpperCase(),
      number: 'FA-2026-7',
      type: '380',
      processType: 'S1',
      taxPaymentCode: 72,
      taxPaymentIop: 'PAYMENT_DATE',
      deliveryDate: '2026-02-27',
      currency: 'GBP',
      invoiceAmount: 1210.5,
      taxBasisTotal: 1050,
      taxTotal: 160.5,
      taxTotalAccounting: 185.02,
      payableAmount: 1000.25,
      sellerCountry: 'GB',
      buyerCountry: 'FR',
      accountingCostId: '6226',
      sellerTradingName: 'Tea & Co',
      buyerTradingName: null,
      paymentReference: 'REF-7',
      transferIbans: ['GB33BUKB20201555555555', 'FR7630006000011234567890189'],
      debitIbans: ['FR7612345000019876543210123'],
      vatLines: [
        { categoryCode: 'S', percent: 20, taxableAmount: 800, taxAmount: 160 },
        { categoryCode: 'AE', percent: null, taxableAmount: 250, taxAmount: 0.5 },
      ],
    });
  });

  test('a numeric type is its text; what the JSON lacks or mistypes is null, never a guess', () => {
    const facts = invoiceFacts({
      invoiceId: uuidOf(2),
      businessData: {
        type: 381,
        taxPaymentOption: { code: '2' },
        monetary: { invoiceAmount: { amount: '12.50' }, taxTotalAmount: { amount: 'abc' } },
        taxDetails: [{ categoryCode: 'S' }],
      },
    });
    assert.equal(facts.type, '381');
    assert.equal(facts.taxPaymentCode, null, 'a code is a number');
    assert.equal(facts.invoiceAmount, 12.5, 'a decimal text read as the number it writes');
    assert.equal(facts.taxTotal, null);
    assert.deepEqual(facts.vatLines, [
      { categoryCode: 'S', percent: null, taxableAmount: null, taxAmount: null },
    ]);
    assert.deepEqual(invoiceFacts({}), NO_FACTS, 'nothing at all: no facts, no crash');
  });

  test('what is left to pay: the details when archived (even without it), else the search', () => {
    const item = searchItem({ id: uuidOf(3) });
    item.businessData!.monetary!.payableAmount = { amount: 99 };
    assert.equal(payableAmount(item, null), 99);
    assert.equal(payableAmount(item, richInvoice()), 1000.25);
    const without = richInvoice() as unknown as { businessData: { monetary: object } };
    without.businessData.monetary = {};
    assert.equal(payableAmount(item, without as unknown as Invoice), null);
  });

  test('the TVA report reads the same extractor (its fixtures and the archive agree)', () => {
    const vat = vatFactsOf(richInvoice());
    assert.equal(vat.basis, 1050);
    assert.equal(vat.tax, 160.5);
    assert.deepEqual(vat.taxDetails[1], {
      categoryCode: 'AE',
      percent: null,
      taxableAmount: { amount: 250 },
      taxAmount: { amount: 0.5 },
    });
  });
});

describe('creditedNumber', () => {
  /** A credit note whose search item and details name `searchDocs` and `detailDocs`
   * (undefined: the field is absent). */
  function creditNote(searchDocs: unknown, detailDocs: unknown) {
    const item = searchItem({ id: uuidOf(9), number: 'AV-1', type: '381' });
    const detail = fullInvoice(item);
    const named = (holder: object, docs: unknown): void => {
      if (docs !== undefined) Object.assign(holder, { referencedDocuments: docs });
    };
    named(item.businessData!, searchDocs);
    named(detail.businessData, detailDocs);
    return { item, detail };
  }
  const doc = (invoiceId: unknown) => ({ invoiceId, date: '2026-02-01', type: '380' });

  test("the details' referenced documents when archived: the first that names an invoice", () => {
    const { item, detail } = creditNote([doc('F-SEARCH')], [doc(''), doc('F-7'), doc('F-8')]);
    assert.equal(creditedNumber(item, detail), 'F-7');
  });

  test('the search item names it when there are no details, or details without the field', () => {
    const { item, detail } = creditNote([doc('F-SEARCH')], undefined);
    assert.equal(creditedNumber(item, null), 'F-SEARCH');
    assert.equal(creditedNumber(item, detail), 'F-SEARCH');
    const nulled = creditNote([doc('F-SEARCH')], null);
    assert.equal(creditedNumber(nulled.item, nulled.detail), 'F-SEARCH');
  });

  test('none: details that list no document win over the search; nothing named is null', () => {
    const listed = creditNote([doc('F-SEARCH')], []);
    assert.equal(creditedNumber(listed.item, listed.detail), null);
    const unnamed = creditNote([doc(''), doc(null), { date: '2026-02-01' }], undefined);
    assert.equal(creditedNumber(unnamed.item, null), null);
    const absent = creditNote(undefined, undefined);
    assert.equal(creditedNumber(absent.item, absent.detail), null);
    // What older archives' JSON may hold: not a list, not documents.
    assert.equal(creditedNumber(creditNote({ invoiceId: 'F-1' }, undefined).item, null), null);
    assert.equal(creditedNumber(creditNote(['F-1', 7], undefined).item, null), null);
    assert.equal(creditedNumber({}, null), null);
  });
});
