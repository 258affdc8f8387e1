// The demo data over time: nothing is dated after the operator's clock, lifecycle statuses move
// forward as it runs, and arrivals come at the head, deterministic from the seed and the time.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LIFECYCLE_CODES, type LifecycleCode } from '#shared/operator/enums.ts';
import { createDataset, type Dataset } from '#main/demo-operator/data/dataset.ts';
import { FINAL_CODES, lifecycleOf } from '#main/demo-operator/data/lifecycle.ts';
import { taxedOnPayment } from '#main/demo-operator/data/invoices.ts';

const DAY = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const START = Date.UTC(2026, 10, 22, 9, 51, 29);

/** Every date the operator shows for the data set, checked against `nowMs`. */
function assertNothingAfter(ds: Dataset, nowMs: number): void {
  const now = new Date(nowMs).toISOString();
  const today = isoDay(nowMs);
  for (const r of ds.records) {
    assert.ok(r.createDate <= now, `createDate ${r.createDate} after ${now}`);
    const status = ds.lastStatus(r, nowMs);
    if (status) assert.ok(status.date! <= now, `status ${status.code} ${status.date} after ${now}`);
    const b = ds.invoice(r).businessData;
    assert.ok(b.invoiceDate <= today, `invoiceDate ${b.invoiceDate} after ${today}`);
    if (b.shipping?.deliveryDate) assert.ok(b.shipping.deliveryDate <= today);
    for (const ref of b.referencedDocuments ?? []) assert.ok(ref.date! <= today);
  }
}

/** Position of a code along the lifecycle, to tell forward from backward. */
const rank = (code: string): number => Object.keys(LIFECYCLE_CODES).indexOf(code);

describe('demo data: never in the future', () => {
  test('history ends the day before the start, whatever the start', () => {
    for (const start of [START, Date.UTC(2025, 5, 1, 8), Date.now()]) {
      const ds = createDataset(42, 3000, { startMs: start });
      assertNothingAfter(ds, start);
      assert.ok(ds.records[0]!.createDate < `${isoDay(start)}T00:00:00.000Z`);
      assert.ok(ds.records[0]!.createDate >= `${isoDay(start - 4 * DAY)}`, 'recent deposits');
    }
  });

  test('statuses not yet due are not shown: recent invoices show an earlier step', () => {
    const ds = createDataset(42, 3000, { startMs: START });
    let earlier = 0;
    for (const r of ds.records) {
      const steps = lifecycleOf(r, taxedOnPayment(ds.invoice(r)));
      const shown = ds.lastStatus(r, START);
      if (steps.length > 0 && steps.at(-1)!.ms > START) {
        earlier++;
        assert.notEqual(shown?.code, steps.at(-1)!.code);
      }
    }
    assert.ok(earlier > 20, `${earlier} invoices still moving at the start`);
  });

  test('same seed and same day: same data; another day: the history moves with it', () => {
    const a = createDataset(42, 500, { startMs: START });
    const b = createDataset(42, 500, { startMs: START + 3 * 3_600_000 });
    assert.deepEqual(a.records, b.records);
    const c = createDataset(42, 500, { startMs: START + DAY });
    assert.notDeepEqual(a.records, c.records);
    assert.ok(c.records[0]!.createMs < START + DAY && c.records[0]!.createMs > START - 4 * DAY);
  });
});

describe('demo data: lifecycle over time', () => {
  test('each timeline goes forward in time and in code; statuses only move forward', () => {
    const ds = createDataset(42, 3000, { startMs: START });
    let moved = 0;
    for (const r of ds.records) {
      const steps = lifecycleOf(r, taxedOnPayment(ds.invoice(r)));
      for (let i = 1; i < steps.length; i++) {
        assert.ok(steps[i]!.ms > steps[i - 1]!.ms);
        assert.ok(rank(steps[i]!.code) > rank(steps[i - 1]!.code));
        assert.ok(!FINAL_CODES.includes(steps[i - 1]!.code), 'nothing after a final code');
      }
      if (steps.length > 0) assert.ok(steps[0]!.ms > r.createMs, 'first status after deposit');
      const before = ds.lastStatus(r, START);
      const after = ds.lastStatus(r, START + 5 * DAY);
      if (before && after && before.code !== after.code) {
        moved++;
        assert.ok(rank(after.code) > rank(before.code), `${before.code} → ${after.code}`);
        assert.ok(!FINAL_CODES.includes(before.code as LifecycleCode));
      }
      if (before) assert.ok(after, 'a shown status never disappears');
    }
    assert.ok(moved > 10, `${moved} statuses moved forward in 5 days`);
  });
});

describe('demo data: arrivals', () => {
  test('N per minute, at the head, newest first, dated after the start and not after now', () => {
    const ds = createDataset(42, 1000, { startMs: START, arrivalsPerMinute: 30 });
    const oldHead = ds.records[0]!;
    assert.equal(ds.catchUp(START + 59_999), 29);
    assert.equal(ds.catchUp(START + 60_000), 1);
    assert.equal(ds.catchUp(START + 60_000), 0);
    assert.equal(ds.records.length, 1030);
    assert.equal(ds.records[30], oldHead);
    for (let i = 1; i < ds.records.length; i++) {
      const [a, b] = [ds.records[i - 1]!, ds.records[i]!];
      assert.ok(
        a.createDate > b.createDate || (a.createDate === b.createDate && a.invoiceId < b.invoiceId),
      );
    }
    for (const r of ds.records.slice(0, 30)) {
      assert.ok(r.createMs > START && r.createMs <= START + 60_000);
      assert.equal(ds.byId.get(r.invoiceId), r);
    }
    assertNothingAfter(ds, START + 60_000);
    assert.equal(ds.catchUp(START + 3_600_000), 30 * 59);
    assertNothingAfter(ds, START + 3_600_000);
  });

  test('deterministic from the seed and the elapsed time, however the time is walked', () => {
    const stepwise = createDataset(42, 200, { startMs: START, arrivalsPerMinute: 120 });
    for (let t = 0; t <= 300_000; t += 7_000) stepwise.catchUp(START + t);
    stepwise.catchUp(START + 300_000);
    const atOnce = createDataset(42, 200, { startMs: START, arrivalsPerMinute: 120 });
    atOnce.catchUp(START + 300_000);
    assert.equal(atOnce.records.length, 200 + 600);
    assert.deepEqual(stepwise.records, atOnce.records);
    assert.deepEqual(stepwise.invoice(stepwise.records[5]!), atOnce.invoice(atOnce.records[5]!));
    const other = createDataset(43, 200, { startMs: START, arrivalsPerMinute: 120 });
    other.catchUp(START + 300_000);
    assert.notDeepEqual(other.records[0]!.invoiceId, atOnce.records[0]!.invoiceId);
  });

  test('arrivals continue the numbering: our numbers stay unique', () => {
    const ds = createDataset(42, 2000, { startMs: START, arrivalsPerMinute: 600 });
    ds.catchUp(START + 10 * 60_000);
    const ours = ds.records.filter((r) => r.direction === 'OUTBOUND' && r.state !== 'DUPLICATED');
    assert.equal(new Set(ours.map((r) => r.number)).size, ours.length);
    assert.equal(new Set(ds.records.map((r) => r.invoiceId)).size, ds.records.length);
  });

  test('bad options are refused', () => {
    assert.throws(() => createDataset(1, 10, { arrivalsPerMinute: -1 }), RangeError);
    assert.throws(() => createDataset(1, 10, { arrivalsPerMinute: 6001 }), RangeError);
    assert.throws(() => createDataset(1, 10, { startMs: Number.NaN }), RangeError);
  });
});
