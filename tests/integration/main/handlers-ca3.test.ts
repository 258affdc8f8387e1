// The CA3 draft through the dispatcher, as the renderer asks for it (issue 18): 'reports:get'
// answers 'ca3' from a real archive file, and 'reports:setCarriedCredit' keeps line 22 in the
// user-data file (a real SQLite file beside the archive): in the return at once, kept when the
// archive is cleared, refused for a bad amount, a bad period or another connection.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Ca3Report } from '#shared/ca3.ts';
import type { Sourced } from '#shared/contract.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { Report, VatReport } from '#shared/reports.ts';
import { archivedHandlers, failure, value } from '#support/archived-handlers.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const Q3 = parsePeriod('2026-Q3');
const { dispatch, close } = archivedHandlers({
  prefix: 'ca3',
  fill: { seed: 9, invoices: 1500, now: NOW },
});
after(close);

async function ca3(): Promise<Ca3Report> {
  const answer = value<Sourced<Report>>(
    await dispatch('reports:get', { report: 'ca3', period: Q3 }),
  );
  assert.equal(answer.source, 'archive');
  assert.equal(answer.data.kind, 'ca3');
  return answer.data as Ca3Report;
}

const amount = (report: Ca3Report, code: string): number =>
  report.boxes.find((b) => b.code === code)!.amountCents;

test("'reports:get' computes the CA3 of a quarter from the archive, box by box", async () => {
  const report = await ca3();
  assert.deepEqual(report.period, Q3);
  assert.ok(amount(report, 'A1') > 0, 'sales in A1');
  assert.ok(amount(report, '08') > 0, 'VAT at 20 % on 08');
  // 16 adds the rate lines as the form does, rounded to the euro (issue 26, item 7).
  const whole = (code: string) => Math.round(amount(report, code) / 100) * 100;
  assert.equal(amount(report, '16'), whole('08') + whole('9B') + whole('09') + whole('T6'));
  assert.equal(amount(report, '22'), 0, 'no line 22 until the accountant enters one');
  // Every counted invoice behind its box; the rate lines' tax is the sum of theirs.
  for (const code of ['08', '9B', '09', 'T6', '20']) {
    const box = report.boxes.find((b) => b.code === code)!;
    assert.equal(
      box.contributions.reduce((s, c) => s + c.taxCents, 0),
      box.amountCents,
      `box ${code}`,
    );
  }
  // The check against the entries: each gap explained, and the gaps add up.
  const r = report.reconciliation;
  assert.equal(
    r.differenceCents,
    Math.abs(r.collectedReturnCents - r.collectedEntriesCents) +
      Math.abs(r.deductibleReturnCents - r.deductibleEntriesCents),
  );
  if (r.differenceCents !== 0) assert.ok(r.explanations.length > 0, 'a difference is explained');
});

test('the CA3 and the TVA report of the same quarter agree invoice by invoice (item 4)', async () => {
  const report = await ca3();
  const vat = value<Sourced<Report>>(await dispatch('reports:get', { report: 'vat', period: Q3 }))
    .data as VatReport;
  // The TVA report has no hold and counts every currency in its own: the CA3's held and lacking
  // invoices apart, each invoice's collected and deductible VAT is the same in both.
  const apart = new Set([...report.held, ...report.lacking].map((i) => i.invoiceId));
  const sums = new Map<string, { vat: number[]; ca3: number[] }>();
  const of = (id: string) => {
    let s = sums.get(id);
    if (!s) sums.set(id, (s = { vat: [0, 0], ca3: [0, 0] }));
    return s;
  };
  for (const l of vat.lines)
    if (!apart.has(l.invoiceId))
      of(l.invoiceId).vat[l.direction === 'OUTBOUND' ? 0 : 1]! += l.vatCents;
  for (const box of report.boxes) {
    const side = ['08', '9B', '09', 'T6'].includes(box.code)
      ? 0
      : ['19', '20'].includes(box.code)
        ? 1
        : -1;
    if (side < 0) continue;
    for (const c of box.contributions) of(c.invoiceId).ca3[side]! += c.taxCents;
  }
  assert.ok(sums.size > 100);
  for (const [id, s] of sums) assert.deepEqual(s.ca3, s.vat, `invoice ${id}`);
  assert.ok(
    vat.lines.some((l) => l.selfAssessed),
    'reverse charge self-assessed in the TVA report too',
  );
});

test("'reports:setCarriedCredit' keeps line 22: in the return, after clearing the archive", async () => {
  const before = await ca3();
  const saved = value<Sourced<Ca3Report>>(
    await dispatch('reports:setCarriedCredit', {
      connectionId: 'demo-admin',
      period: Q3,
      cents: 123_456,
    }),
  );
  assert.equal(saved.data.carriedCreditCents, 123_456);
  assert.equal(amount(saved.data, '22'), 123_456);
  // 23 adds the rounded boxes, as the form does: 1 234,56 € is 1 235 € there.
  assert.equal(amount(saved.data, '23'), amount(before, '23') + 123_500);
  assert.equal((await ca3()).carriedCreditCents, 123_456, 'read back from the user-data file');
  // Another period has its own line 22.
  const july = value<Sourced<Report>>(
    await dispatch('reports:get', { report: 'ca3', period: parsePeriod('2026-07') }),
  ).data as Ca3Report;
  assert.equal(july.carriedCreditCents, 0);

  value(await dispatch('archive:clear', { connectionId: 'demo-admin' }));
  const cleared = await ca3();
  assert.equal(cleared.carriedCreditCents, 123_456, 'the accountant’s figure survives a clear');
  assert.equal(amount(cleared, 'A1'), 0, 'the archive is empty');

  // 0 forgets it.
  value(
    await dispatch('reports:setCarriedCredit', {
      connectionId: 'demo-admin',
      period: Q3,
      cents: 0,
    }),
  );
  assert.equal((await ca3()).carriedCreditCents, 0);
});

test('a bad line 22 is refused and nothing is written', async () => {
  const cases: unknown[] = [
    { connectionId: 'demo-admin', period: Q3, cents: -1 },
    { connectionId: 'demo-admin', period: Q3, cents: 12.5 },
    { connectionId: 'demo-admin', period: parsePeriod('2026'), cents: 100 },
    {
      connectionId: 'demo-admin',
      period: { from: '2026-07-01', to: '2026-07-15', label: 'x' },
      cents: 100,
    },
  ];
  for (const args of cases) {
    const error = failure(await dispatch('reports:setCarriedCredit', args as never));
    assert.equal(error.kind, 'invalid_input', JSON.stringify(args));
  }
  assert.equal((await ca3()).carriedCreditCents, 0);
  const other = failure(
    await dispatch('reports:setCarriedCredit', {
      connectionId: 'demo-user',
      period: Q3,
      cents: 100,
    }),
  );
  assert.notEqual(other.kind, undefined);
  assert.equal((await ca3()).carriedCreditCents, 0);
});
