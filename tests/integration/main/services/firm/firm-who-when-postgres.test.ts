// Who and when on every shared thing of the firm's archive (issue 30, item 4), against a real
// PostgreSQL server (scripts/with-postgres.sh): another workstation's user (Marie, writing
// through the firm's ports under her own name) and this workstation (the app, its channels)
// write the same client's shared work; this workstation's screens and workbooks say who did
// what and when, never "vous" for Marie's, and two writes of the same thing keep both in the
// history (the last write wins).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Sourced } from '#shared/contract.ts';
import type { ExportResult } from '#shared/exports.ts';
import { parsePeriod } from '#shared/report-period.ts';
import type { AgingReport } from '#shared/reports.ts';
import { copyArchive } from '#main/services/archive/postgres/copy-archive.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { workstation, type Workstation } from '#support/firm-workstation.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { column, readXlsx, sheetNamed } from '#support/read-xlsx.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CLIENT = 'demo-admin';
const MARIE = 'marie@poste-2';

describe('who and when on the firm archive', { skip: TEST_PG_URL ? false : NO_SERVER }, () => {
  let firm: Awaited<ReturnType<typeof freshSchema>>;
  let source: string;
  let outDir: string;
  let here: Workstation;

  before(async () => {
    firm = await freshSchema('whowhen');
    source = mkdtempSync(join(tmpdir(), 'firm-who-when-source-'));
    outDir = mkdtempSync(join(tmpdir(), 'firm-who-when-out-'));
    fillDemoArchive(source, CLIENT, { seed: 29, invoices: 300, now: NOW });
    await copyArchive(firm.pool, source, CLIENT);
    here = await workstation(firm.schema, {
      now: NOW,
      client: CLIENT,
      services: { chooseExportPath: async (name) => join(outDir, name) },
    });
  });
  after(async () => {
    await here?.services.close();
    await firm?.drop();
    for (const dir of [source, outDir, here?.dataDir])
      if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the échéancier’s workbook says who marked each paid invoice, and never “vous” for Marie’s', async () => {
    const period = parsePeriod('2026-11');
    const aging = async () =>
      (await here.call<Sourced<AgingReport>>('reports:get', { report: 'aging', period })).data;
    const [first, second] = (await aging()).lines.filter((line) => line.amountCents > 0);
    assert.ok(first && second);
    const marie = await postgresUserDataDirectory(firm.pool, () => MARIE).of(CLIENT);
    await marie.markPaid([first.invoiceId], '2026-11-20', null, new Date('2026-11-21T08:15:00Z'));
    await here.call('payments:mark', {
      connectionId: CLIENT,
      invoiceIds: [second.invoiceId],
      paidOn: '2026-11-21',
    });
    const report = await aging();

    const result = await here.call<ExportResult>('export:start', {
      exportId: crypto.randomUUID(),
      target: { kind: 'report', report: 'aging', period },
    });
    assert.ok(result.savedTo);
    const book = readXlsx(result.savedTo);
    const paid = sheetNamed(book, 'Payées');
    const ids = column(paid, 'Identifiant plateforme').map((c) => c.v);
    assert.equal(ids.length, report.paid.length);
    const by = column(paid, 'Marquée par');
    const at = column(paid, 'Marquée le');
    assert.equal(by[ids.indexOf(first.invoiceId)]?.v, MARIE);
    assert.equal(at[ids.indexOf(first.invoiceId)]?.t, 'd', 'when, as a date-time cell');
    assert.equal(by[ids.indexOf(second.invoiceId)]?.v, 'vous');
    // A status's payment has no mark: no one to name.
    const byStatus = report.paid.find((p) => p.paidSource !== 'marked' && p.markedAt === null);
    if (byStatus) assert.equal(by[ids.indexOf(byStatus.invoiceId)]?.v, null);

    // The summary counts Marie's mark apart, and says "par vous" only of this user's own.
    const summary = sheetNamed(book, 'Échéancier');
    const text = summary.rows.flat().map((c) => String(c.v ?? ''));
    const counts = text.find((t) => t.startsWith('Hors des chiffres'));
    assert.match(String(counts), /1 marquée payée par vous et 1 marquée payée par d’autres postes/);
    assert.ok(text.some((t) => t.includes('par vous ou un autre poste du cabinet')));
  });
});
