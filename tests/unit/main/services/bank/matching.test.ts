// Matching statement lines to invoices (issue 29), tier by tier: what each rule matches, that
// two fitting candidates are suggested and never matched automatically, and that what is
// settled or of the other direction is left alone.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { matchLines, type LineToMatch, type Proposal } from '#main/services/bank/matching.ts';
import type { PayableInvoice } from '#shared/payable.ts';

const ACME_IBAN = 'FR7630006000011234567890189';

function invoice(over: Partial<PayableInvoice> & { id: string }): PayableInvoice {
  return {
    direction: 'OUTBOUND',
    number: `F2026-${over.id.padStart(6, '0')}`,
    day: '2026-03-01',
    cents: 120000,
    currency: 'EUR',
    counterpartyName: 'ACME INDUSTRIE SAS',
    counterpartySiren: '552100554',
    counterpartyIbans: [],
    ...over,
  };
}

function line(over: Partial<LineToMatch> & { id: string }): LineToMatch {
  return {
    bookingDay: '2026-03-20',
    cents: 120000,
    label: 'VIR SEPA RECU',
    sourceLine: 0,
    ...over,
  };
}

const ids = (p: Proposal): string[] =>
  p.state === 'auto' ? p.allocations.map((a) => a.invoiceId) : [];
const suggested = (p: Proposal): string[][] =>
  p.state === 'suggested' ? p.candidates.map((c) => c.map((a) => a.invoiceId)) : [];

describe('matching, tier (a): a reference in the label', () => {
  test('the invoice number in the remittance, even with its dash turned into a space', () => {
    const invoices = [invoice({ id: '12' }), invoice({ id: '13' })];
    const [a, b] = matchLines(
      [
        line({ id: 'L1', remittance: 'FACTURE F2026-000012' }),
        line({ id: 'L2', label: 'VIR ACME F2026 000013' }),
      ],
      invoices,
    );
    assert.deepEqual(
      [a!.state, ids(a!), a!.state === 'auto' && a!.rule],
      ['auto', ['12'], 'reference'],
    );
    assert.deepEqual(ids(b!), ['13']);
  });

  test('the payment reference (BT-83) when it is not the number', () => {
    const [p] = matchLines(
      [line({ id: 'L', remittance: 'RF18539007547034' })],
      [invoice({ id: '1', paymentReference: 'RF18 5390 0754 7034' })],
    );
    assert.deepEqual(ids(p!), ['1']);
  });

  test('a number two suppliers share: the one the label names', () => {
    const invoices = [
      invoice({
        id: 'a',
        direction: 'INBOUND',
        number: 'FA-0042',
        counterpartyName: 'BETA SARL',
        counterpartySiren: '111111111',
      }),
      invoice({
        id: 'b',
        direction: 'INBOUND',
        number: 'FA-0042',
        counterpartyName: 'GAMMA SAS',
        counterpartySiren: '222222222',
      }),
    ];
    const [p] = matchLines(
      [line({ id: 'L', cents: -120000, label: 'VIR SEPA EMIS /A GAMMA', remittance: 'FA-0042' })],
      invoices,
    );
    assert.deepEqual(ids(p!), ['b']);
  });

  test('one transfer citing several invoices that add up', () => {
    const invoices = [invoice({ id: '1', cents: 50000 }), invoice({ id: '2', cents: 70000 })];
    const [p] = matchLines(
      [line({ id: 'L', remittance: 'FACT F2026-000001 F2026-000002' })],
      invoices,
    );
    assert.deepEqual(ids(p!).sort(), ['1', '2']);
  });

  test('a part of the invoice cited: matched as partial, the rest paid later by its amount', () => {
    const invoices = [invoice({ id: '7', cents: 100000 })];
    const [first, rest] = matchLines(
      [
        line({ id: 'L1', cents: 40000, remittance: 'ACOMPTE F2026-000007' }),
        line({
          id: 'L2',
          bookingDay: '2026-04-10',
          cents: 60000,
          label: 'VIR SEPA RECU /DE ACME INDUSTRIE',
        }),
      ],
      invoices,
    );
    assert.equal(first!.state === 'auto' && first!.rule, 'partial');
    assert.deepEqual(first!.state === 'auto' && first!.allocations, [
      { invoiceId: '7', cents: 40000 },
    ]);
    assert.equal(rest!.state === 'auto' && rest!.rule, 'amount-counterparty');
    assert.deepEqual(ids(rest!), ['7']);
  });
});

describe('matching, tier (b): the exact amount and the counterparty', () => {
  test('by the payer IBAN, by the name, by the SIREN', () => {
    const invoices = [invoice({ id: '1', counterpartyIbans: [ACME_IBAN] })];
    for (const l of [
      line({ id: 'iban', counterpartyIban: ACME_IBAN }),
      line({ id: 'name', counterpartyName: 'Acme Industrie' }),
      line({ id: 'siren', remittance: 'CLIENT 552100554' }),
    ]) {
      const [p] = matchLines([l], invoices);
      assert.equal(p!.state === 'auto' && p!.rule, 'amount-counterparty', l.id);
    }
  });

  test('outside the 90-day window, or another amount, or money the other way: no match', () => {
    const invoices = [invoice({ id: '1', day: '2025-12-01' })];
    const [late] = matchLines(
      [line({ id: 'L', bookingDay: '2026-03-02', counterpartyName: 'ACME INDUSTRIE' })],
      invoices,
    );
    assert.equal(late!.state, 'unmatched');
    const [near] = matchLines(
      [line({ id: 'L', bookingDay: '2026-02-28', counterpartyName: 'ACME INDUSTRIE' })],
      invoices,
    );
    assert.equal(near!.state, 'auto');
    const [out] = matchLines(
      [
        line({
          id: 'L',
          cents: -120000,
          bookingDay: '2026-02-28',
          counterpartyName: 'ACME INDUSTRIE',
        }),
      ],
      invoices,
    );
    assert.equal(out!.state, 'unmatched');
  });

  test('two invoices that fit are suggested, the closest date first, never matched', () => {
    const invoices = [
      invoice({ id: 'jan', day: '2026-01-15' }),
      invoice({ id: 'mar', day: '2026-03-10' }),
    ];
    const [p] = matchLines([line({ id: 'L', counterpartyName: 'ACME INDUSTRIE' })], invoices);
    assert.equal(p!.state, 'suggested');
    assert.deepEqual(suggested(p!), [['mar'], ['jan']]);
  });

  test('a name alone is not enough: no counterparty, a rare amount is only suggested', () => {
    const [p] = matchLines([line({ id: 'L', label: 'REMISE CHEQUES' })], [invoice({ id: '1' })]);
    assert.equal(p!.state, 'suggested');
  });
});

describe('matching, tier (c) and (d): groups, parts, tolerance', () => {
  test('one transfer for several invoices of one counterparty, found by their sum', () => {
    const invoices = [
      invoice({ id: '1', cents: 30000 }),
      invoice({ id: '2', cents: 45000 }),
      invoice({ id: '3', cents: 99900 }),
    ];
    const [p] = matchLines(
      [line({ id: 'L', cents: 75000, counterpartyName: 'ACME INDUSTRIE' })],
      invoices,
    );
    assert.equal(p!.state === 'auto' && p!.rule, 'grouped');
    assert.deepEqual(ids(p!).sort(), ['1', '2']);
  });

  test('two sets that add up the same are suggested', () => {
    const invoices = [10000, 20000, 15000, 15000].map((cents, i) =>
      invoice({ id: String(i), cents }),
    );
    const [p] = matchLines(
      [line({ id: 'L', cents: 30000, counterpartyName: 'ACME INDUSTRIE' })],
      invoices,
    );
    assert.equal(p!.state, 'suggested');
    assert.ok(suggested(p!).length >= 2);
  });

  test('less than the only open invoice, without reference: a suggested part', () => {
    const [p] = matchLines(
      [line({ id: 'L', cents: 50000, counterpartyName: 'ACME INDUSTRIE' })],
      [invoice({ id: '1' })],
    );
    assert.equal(p!.state === 'suggested' && p!.rule, 'partial');
  });

  test('no tolerance by default; the firm sets one', () => {
    const l = line({ id: 'L', cents: 119950, counterpartyName: 'ACME INDUSTRIE' });
    const [strict] = matchLines([l], [invoice({ id: '1' })]);
    assert.notEqual(strict!.state, 'auto');
    const [tolerant] = matchLines([l], [invoice({ id: '1' })], {
      windowDays: 90,
      toleranceCents: 100,
    });
    assert.equal(tolerant!.state === 'auto' && tolerant!.rule, 'tolerance');
  });

  test('a cited invoice short by less than the tolerance is settled, not a part', () => {
    const l = line({ id: 'L', cents: 119200, remittance: 'F2026-000001' });
    const [strict] = matchLines([l], [invoice({ id: '1' })]);
    assert.equal(strict!.state === 'auto' && strict!.rule, 'partial');
    const [tolerant] = matchLines([l], [invoice({ id: '1' })], {
      windowDays: 90,
      toleranceCents: 1000,
    });
    assert.equal(tolerant!.state === 'auto' && tolerant!.rule, 'tolerance');
    assert.deepEqual(tolerant!.state === 'auto' && tolerant!.allocations, [
      { invoiceId: '1', cents: 120000 },
    ]);
  });

  test('what confirmed matches settled is not matched again', () => {
    const [p] = matchLines(
      [line({ id: 'L', remittance: 'F2026-000001' })],
      [invoice({ id: '1' })],
      undefined,
      new Map([['1', 120000]]),
    );
    assert.equal(p!.state, 'unmatched');
  });
});
