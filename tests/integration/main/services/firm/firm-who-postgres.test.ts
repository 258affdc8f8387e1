// Who marked an invoice paid, on the firm's archive (issue 30, item 2), against a real
// PostgreSQL server (scripts/with-postgres.sh): a mark another workstation's user made says who
// (payments:get, the échéancier's paid list), one this user made does not ("par vous"), and the
// échéancier's "par vous" count leaves the other workstation's marks out.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Sourced } from '#shared/contract.ts';
import type { InvoicePayment } from '#shared/payments.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport } from '#shared/reports.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import { workstationUser } from '#main/services/workstation-user.ts';
import {
  firmWithClient,
  type FirmWithClient,
  type Workstation,
} from '#support/firm-workstation.ts';
import { NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CLIENT = 'demo-admin';
const OTHER = 'marie@poste-2';

describe('who marked it, on the firm archive', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  let firm: FirmWithClient;
  let here: Workstation;

  before(async () => {
    firm = await firmWithClient('who', { client: CLIENT, seed: 23, invoices: 300, now: NOW });
    here = await firm.workstation();
  });
  after(async () => {
    await firm?.close();
  });

  test('another workstation’s mark says who; this user’s own does not, nor counts as theirs', async () => {
    const aging = () =>
      here
        .call<Sourced<AgingReport>>('reports:get', {
          report: 'aging',
          period: parsePeriod('2026-11'),
        })
        .then((r) => r.data);
    const before = await aging();
    const [first, second] = before.lines.filter((line) => line.amountCents > 0);
    assert.ok(first && second);
    // Marie marks the first on her workstation (the firm's archive records her as its writer).
    const marie = await postgresUserDataDirectory(firm.pool, () => OTHER).of(CLIENT);
    await marie.markPaid([first.invoiceId], '2026-11-20', null, new Date('2026-11-21T08:15:00Z'));
    // This user marks the second here.
    await here.call('payments:mark', {
      connectionId: CLIENT,
      invoiceIds: [second.invoiceId],
      paidOn: '2026-11-21',
    });

    const payments = await here.call<InvoicePayment[]>('payments:get', {
      connectionId: CLIENT,
      invoiceIds: [first.invoiceId, second.invoiceId],
    });
    assert.equal(payments[0]?.mark?.markedBy, OTHER);
    assert.equal(payments[0]?.mark?.markedAt, '2026-11-21T08:15:00.000Z');
    assert.ok(payments[1]?.mark);
    assert.equal(payments[1]?.mark?.markedBy, undefined);

    const after = await aging();
    assert.equal(after.paidByMark, before.paidByMark + 2);
    assert.equal(after.paidByOthers, 1);
    const paid = new Map(after.paid.map((p) => [p.invoiceId, p]));
    assert.equal(paid.get(first.invoiceId)?.markedBy, OTHER);
    assert.equal(paid.get(second.invoiceId)?.markedBy, undefined);
    assert.ok(paid.get(second.invoiceId)?.markedAt);

    // The firm's archive names this user as the exceptions list and declared returns do: one
    // name for one person (it once wrote "user@host" where they said "user").
    const written = await firm.pool.query<{ written_by: string }>(
      `SELECT written_by FROM ${firm.schema}.payment_marks
       WHERE connection_id = $1 AND invoice_id = $2`,
      [CLIENT, second.invoiceId],
    );
    assert.deepEqual(
      written.rows.map((r) => r.written_by),
      [workstationUser()],
    );
  });
});
