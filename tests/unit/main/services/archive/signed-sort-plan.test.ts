// The archive's TTC sort is on the amount as shown, a credit note's negative (issue 27), and
// still reads an index rather than sorting the whole archive: SQLite uses an index on an
// expression only when the ORDER BY writes it word for word as schema step 15 does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { orderOf } from '#main/services/archive/sqlite/archive-query.ts';
import { migrate } from '#main/services/archive/sqlite/schema.ts';

test('the signed TTC sort reads its index in both directions, no sort of the whole archive', () => {
  const db = new DatabaseSync(':memory:');
  migrate(db);
  for (const [descending, index] of [
    [true, 'invoices_ttc_signed'],
    [false, 'invoices_ttc_signed_asc'],
  ] as const) {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT rid FROM invoices ${orderOf({ key: 'ttcCents', descending })} LIMIT 100`,
      )
      .all()
      .map((row) => String(row.detail));
    assert.ok(
      plan.some((step) => step.includes(index)),
      `${descending ? 'descending' : 'ascending'}: ${plan.join(' / ')}`,
    );
    assert.ok(!plan.some((step) => step.includes('TEMP B-TREE')), plan.join(' / '));
  }
  db.close();
});
