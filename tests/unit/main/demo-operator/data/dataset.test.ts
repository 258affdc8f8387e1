// Invariants of the generated demo data over a few thousand invoices: schema conformance, sums to
// the cent, direction/way and "our" side, state spread, lifecycle status, determinism.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { INVOICE_STATES, LIFECYCLE_CODES } from '#shared/operator/enums.ts';
import {
  directoryEntrySchema,
  invoiceSchema,
  invoiceSearchItemSchema,
  participantSchema,
  type Invoice,
} from '#shared/operator/schemas.ts';
import { createDataset, type Dataset } from '#main/demo-operator/data/dataset.ts';
import { searchBusinessData } from '#main/demo-operator/data/invoices.ts';
import { frVatNumber, ibanValid, luhnValid } from '#main/demo-operator/data/identifiers.ts';

const cents = (amount: number): number => Math.round(amount * 100);
const COUNT = 4000;
/** A pinned start: the same data on any day. */
const START = Date.UTC(2026, 10, 22, 9, 30);
/** Long after the start, when every lifecycle has reached its last step. */
const LATER = START + 120 * 86_400_000;
const FIRST_DAY = new Date(START - 669 * 86_400_000).toISOString().slice(0, 10);
const START_DAY = new Date(START).toISOString().slice(0, 10);

describe('demo data', () => {
  let ds: Dataset;
  let invoices: Invoice[];
  before(() => {
    ds = createDataset(42, COUNT, { startMs: START });
    invoices = ds.records.map((r) => ds.invoice(r));
  });

  test('every invoice validates against invoiceSchema, every search item against invoiceSearchItemSchema', () => {
    for (const [i, r] of ds.records.entries()) {
      const full = invoiceSchema.safeParse(invoices[i]);
      assert.ok(full.success, `invoice ${r.invoiceId}: ${JSON.stringify(full.error?.issues)}`);
      const status = ds.lastStatus(r, LATER);
      const item = {
        metadata: {
          invoiceId: r.invoiceId,
          state: r.state,
          direction: r.direction,
          createDate: r.createDate,
        },
        ...(status ? { lastStatusData: status } : {}),
        businessData: searchBusinessData(invoices[i]!),
      };
      const parsed = invoiceSearchItemSchema.safeParse(item);
      assert.ok(
        parsed.success,
        `search item ${r.invoiceId}: ${JSON.stringify(parsed.error?.issues)}`,
      );
    }
  });

  test('totals add up to the cent', () => {
    for (const inv of invoices) {
      const m = inv.businessData.monetary;
      const basis = cents(m.taxBasisTotalAmount.amount);
      const tax = cents(m.taxTotalAmount.amount);
      const total = cents(m.invoiceAmount.amount);
      const id = inv.businessData.invoiceId;
      assert.equal(basis + tax, total, `BT-109 + BT-110 = BT-112 on ${id}`);
      const details = inv.businessData.taxDetails;
      assert.ok(details.length > 0);
      assert.equal(
        details.reduce((s, d) => s + cents(d.taxableAmount.amount), 0),
        basis,
        `breakdown bases on ${id}`,
      );
      assert.equal(
        details.reduce((s, d) => s + cents(d.taxAmount.amount), 0),
        tax,
        `breakdown VAT on ${id}`,
      );
      for (const d of details) {
        // Each VAT amount is its base at its rate, rounded half up to the cent.
        assert.equal(
          cents(d.taxAmount.amount),
          Math.floor(
            (cents(d.taxableAmount.amount) * Math.round((d.percent ?? 0) * 100) + 5000) / 10000,
          ),
        );
        if (d.categoryCode === 'S')
          assert.ok([20, 10, 5.5, 2.1].includes(d.percent!), `rate ${d.percent}`);
        else {
          assert.ok(['E', 'AE', 'K', 'G'].includes(d.categoryCode));
          assert.equal(d.percent, 0);
          assert.ok(d.exemptionReason && d.exemptionReasonCode);
        }
      }
      const prepaid = cents(m.prepaidTotalAmount?.amount ?? 0);
      const rounding = cents(m.roundingAmount?.amount ?? 0);
      assert.equal(cents(m.payableAmount.amount), total - prepaid + rounding, `BT-115 on ${id}`);
      const lines = cents(m.lineTotalAmount!.amount);
      assert.equal(
        lines -
          cents(m.allowanceTotalAmount?.amount ?? 0) +
          cents(m.chargeTotalAmount?.amount ?? 0),
        basis,
        `BT-106 − BT-107 + BT-108 = BT-109 on ${id}`,
      );
      assert.ok(total > 0);
    }
  });

  test('way matches direction, and our company is the seller of OUTBOUND and the buyer of INBOUND', () => {
    const our = ds.pool.our;
    for (const [i, r] of ds.records.entries()) {
      const inv = invoices[i]!;
      assert.equal(inv.way, r.direction === 'INBOUND' ? 'RECEIVED' : 'EMITTED');
      const ours = r.direction === 'OUTBOUND' ? inv.businessData.seller : inv.businessData.buyer;
      const theirs = r.direction === 'OUTBOUND' ? inv.businessData.buyer : inv.businessData.seller;
      assert.equal(ours.siren, our.siren);
      assert.notEqual(theirs.name, our.name);
    }
  });

  test('invoice numbers, dates, identifiers and formats are plausible and coherent', () => {
    for (const [i, r] of ds.records.entries()) {
      const b = invoices[i]!.businessData;
      assert.ok(b.invoiceId.length > 0 && b.invoiceId.length <= 20, b.invoiceId);
      if (r.direction === 'OUTBOUND')
        // The year of the number is the year of issue (a duplicate repeats an earlier one).
        assert.ok(
          /^(F|AV)\d{4}-\d{5,6}$/.test(b.invoiceId) &&
            b.invoiceId.replace(/^\D+/, '').slice(0, 4) <= b.invoiceDate.slice(0, 4),
          b.invoiceId,
        );
      assert.ok(b.invoiceDate >= FIRST_DAY && b.invoiceDate < START_DAY, b.invoiceDate);
      const due = (Date.parse(b.invoiceDueDate!) - Date.parse(b.invoiceDate)) / 86_400_000;
      assert.ok(due >= 30 && due <= 60, `due ${due} days`);
      assert.ok(b.invoiceDate <= invoices[i]!.date, 'issued on or before deposit');
      for (const party of [b.seller, b.buyer]) {
        if (party.postalAddress?.country === 'FR') {
          assert.ok(luhnValid(party.siren!) && luhnValid(party.siret!), party.name);
          assert.ok(party.siret!.startsWith(party.siren!));
          if (party.vatNumber) assert.equal(party.vatNumber, frVatNumber(party.siren!));
          assert.match(party.postalAddress.postalCode!, /^\d{5}$/);
        }
        assert.match(party.electronicAddress!, /^\d{4}:[A-Z0-9]+$/);
      }
      for (const means of b.paymentMeans ?? []) {
        assert.ok(['30', '58', '49', '48'].includes(means.typeCode));
        if (means.bankTransfer)
          assert.ok(ibanValid(means.bankTransfer.iban), means.bankTransfer.iban);
        if (means.bankDirectDebit) assert.ok(ibanValid(means.bankDirectDebit.iban));
      }
      const foreign =
        b.seller.postalAddress?.country !== 'FR' || b.buyer.postalAddress?.country !== 'FR';
      const inv = invoices[i]!;
      if (foreign)
        assert.deepEqual(
          [inv.originalNetwork, inv.originalFormat, inv.originalFlavor],
          ['PEPPOL_INTERNATIONAL', 'UBL', 'PEPPOL_BIS_3'],
        );
      else assert.equal(inv.originalNetwork, 'DOMESTIC_FR');
      if (b.monetary.invoiceCurrency !== 'EUR') assert.equal(b.monetary.taxCurrency, 'EUR');
    }
    const currencies = invoices.filter(
      (inv) => inv.businessData.monetary.invoiceCurrency === 'EUR',
    ).length;
    assert.ok(currencies / COUNT > 0.95, 'EUR mostly');
  });

  test('credit notes reference an earlier commercial invoice of the same partner', () => {
    const credits = ds.records.filter((r) => r.type === 381);
    assert.ok(credits.length > COUNT * 0.03, `${credits.length} credit notes`);
    const numbers = new Set(
      ds.records
        .filter((r) => r.type === 380)
        .map((r) => `${r.direction}:${r.counterparty}:${r.number}`),
    );
    for (const r of credits) {
      const refs = ds.invoice(r).businessData.referencedDocuments;
      assert.equal(refs?.length, 1);
      assert.equal(refs![0]!.type, '380');
      assert.ok(refs![0]!.date! <= r.invoiceDate);
      assert.ok(numbers.has(`${r.direction}:${r.counterparty}:${refs![0]!.invoiceId}`));
    }
  });

  test('a believable spread of states and directions', () => {
    const count = (pred: (s: string) => boolean): number =>
      ds.records.filter((r) => pred(r.state)).length;
    const delivered = count((s) => s === 'DELIVERED') / COUNT;
    assert.ok(delivered > 0.6 && delivered < 0.85, `DELIVERED ${delivered}`);
    for (const state of [
      'DELIVERY_PENDING',
      'PROCESSING',
      'INVALID',
      'DUPLICATED',
      'WRONG_ROUTING',
      'NOT_DELIVERED',
    ]) {
      const share = count((s) => s === state) / COUNT;
      assert.ok(share > 0.003 && share < 0.15, `${state} ${share}`);
    }
    assert.ok(ds.records.every((r) => (INVOICE_STATES as readonly string[]).includes(r.state)));
    const inbound = ds.records.filter((r) => r.direction === 'INBOUND').length / COUNT;
    assert.ok(inbound > 0.45 && inbound < 0.65);
  });

  test('lastStatusData agrees with the invoice state and uses reform lifecycle codes', () => {
    let withStatus = 0;
    for (const r of ds.records) {
      const s = ds.lastStatus(r, LATER);
      if (!s) {
        assert.ok(['PENDING', 'PROCESSING', 'VALID', 'CONVERTED'].includes(r.state), r.state);
        continue;
      }
      withStatus++;
      assert.ok(Object.hasOwn(LIFECYCLE_CODES, s.code), s.code);
      if (r.state === 'DELIVERED') assert.equal(s.state, 'DELIVERED');
      if (r.state === 'DELIVERY_PENDING') assert.equal(s.state, 'DELIVERY_PENDING');
      if (['INVALID', 'DUPLICATED', 'WRONG_ROUTING', 'NOT_DELIVERED'].includes(r.state))
        assert.deepEqual([s.state, s.code], ['NOT_DELIVERED', '213']);
      assert.ok(s.date! >= r.createDate, 'status after deposit');
    }
    assert.ok(withStatus > COUNT * 0.8);
  });

  test('records are in search order: createDate descending, then invoiceId', () => {
    for (let i = 1; i < ds.records.length; i++) {
      const a = ds.records[i - 1]!;
      const b = ds.records[i]!;
      assert.ok(
        a.createDate > b.createDate || (a.createDate === b.createDate && a.invoiceId < b.invoiceId),
      );
    }
    assert.equal(new Set(ds.records.map((r) => r.invoiceId)).size, COUNT);
  });

  test('directory and participants validate, and include foreign Peppol participants', () => {
    for (const e of ds.directory) assert.ok(directoryEntrySchema.safeParse(e).success, e.name);
    for (const p of ds.participants) assert.ok(participantSchema.safeParse(p).success, p.name);
    const countries = new Set(ds.participants.map((p) => p.country));
    assert.ok(countries.has('BE') && countries.has('DE'));
    assert.ok(ds.pool.french.length >= 200);
    assert.ok(
      ds.directory.some((e) =>
        e.identifiers?.some((i) => i.type === 'ROUTING_CODE' && i.scheme === '0224'),
      ),
    );
  });

  test('deterministic: same seed → identical data; another seed → different data', () => {
    const again = createDataset(42, COUNT, { startMs: START + 3_600_000 }); // same day
    assert.deepEqual(again.records, ds.records);
    assert.deepEqual(again.invoice(again.records[123]!), invoices[123]);
    assert.deepEqual(again.directory, ds.directory);
    const other = createDataset(43, COUNT, { startMs: START });
    assert.notDeepEqual(other.records.slice(0, 10), ds.records.slice(0, 10));
    assert.notEqual(other.pool.our.siren, ds.pool.our.siren);
  });

  test('bounds on the invoice count', () => {
    assert.throws(() => createDataset(1, 100_001), RangeError);
    assert.throws(() => createDataset(1, -1), RangeError);
    assert.equal(createDataset(1, 0).records.length, 0);
  });
});
