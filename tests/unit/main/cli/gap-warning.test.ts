// The warning of `fec` and `report` when the archive's gap may reach the period (issue 27, item 3).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gapWarning } from '#main/cli/gap-warning.ts';

const coverage = {
  archivedInvoices: 2400,
  withDetails: 2400,
  lastSyncAt: '2026-11-20T10:00:00Z',
  partitionsCut: 1,
  partitionsUnfinished: 0,
  completeSince: '2026-06-14T08:00:00Z',
};
const period = (from: string, to: string, label: string) => ({ from, to, label });

test('a period that starts before the archive is complete is warned of; a later one is not', () => {
  assert.equal(
    gapWarning('fec', 'Client 2', period('2026-01-01', '2026-12-31', '2026'), coverage),
    'fec: warning: the operator\'s window cut 1 partition(s) of the archive of "Client 2": it is complete only since 2026-06-14, so 2026 may miss invoices; see `archive status`, then `archive complete --ids-file FILE`\n',
  );
  assert.equal(
    gapWarning('fec', 'C', period('2026-07-01', '2026-07-31', '2026-07'), coverage),
    null,
  );
  assert.equal(
    gapWarning('report', 'C', period('2026-01-01', '2026-01-31', '2026-01'), {
      ...coverage,
      partitionsCut: 0,
      completeSince: null,
    }),
    null,
  );
});
