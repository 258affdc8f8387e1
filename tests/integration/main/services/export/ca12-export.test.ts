// The CA12's "Exporter vers Excel" through the export service (what export:start runs, issue 26,
// item 4): the workbook `report ca12 --period YYYY` writes, offered under the same name, its cells
// the same (read back with openpyxl; only the "About" sheet's export time differs), progress on
// the year's invoices, a cancel leaving no file, the archive given back either way.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ExportProgress } from '#shared/exports.ts';
import { argSchemas } from '#main/contract-args.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { besideTheArchive } from '#main/services/reports/index.ts';
import { AppFailure } from '#main/services/app-failure.ts';
import { ExportJobs, savingDestination } from '#main/services/export/export-jobs.ts';
import { fileOwnerOf } from '#main/services/export/output-name.ts';
import { runCli } from '#support/cli.ts';
import { fillDemoArchive } from '#support/demo-archive.ts';
import { readXlsx } from '#support/read-xlsx.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const CONNECTION = 'Démo (administrateur)';
let root: string;
let dataDir: string;
before(() => {
  root = mkdtempSync(join(tmpdir(), 'ca12-export-'));
  dataDir = join(root, 'data');
  fillDemoArchive(dataDir, 'demo-admin', { seed: 26, invoices: 1500, now: NOW });
});
after(() => rmSync(root, { recursive: true, force: true }));

/** The export service over the demo archive; `loans` counts the archives not given back. */
function jobs(dir: string, asked: string[], loans: { open: number }) {
  return new ExportJobs({
    exporter: {
      operator: () => Promise.reject(new Error('no operator in this test')),
      borrowArchive: async (connectionId) => {
        assert.equal(connectionId, 'demo-admin');
        const store = openArchive(dataDir, 'demo-admin');
        loans.open += 1;
        return {
          archive: new SqliteArchive(store),
          release: () => {
            store.close();
            loans.open -= 1;
          },
        };
      },
      beside: besideTheArchive(dataDir, { existing: async () => null }),
      company: () => {
        const archive = openArchive(dataDir, 'demo-admin');
        try {
          return fileOwnerOf(CONNECTION, archive, null).company;
        } finally {
          archive.close();
        }
      },
      version: '9.9.9',
      now: () => NOW,
    },
    connectionName: async () => CONNECTION,
    emit: () => undefined,
    destination: savingDestination(async (name) => {
      asked.push(name);
      return join(dir, name);
    }),
  });
}

describe('the CA12 through export:start', () => {
  it('writes the workbook report ca12 writes, under its name, with progress', async () => {
    const cliDir = mkdtempSync(join(root, 'cli-'));
    const run = await runCli(
      ['report', 'ca12', '--connection', CONNECTION, '--period', '2026', '--out', cliDir],
      { dataDir, env: { INVOICE_DESK_LANG: 'fr', INVOICE_DESK_NOW: NOW.toISOString() } },
    );
    assert.equal(run.code, 0, run.stderr);
    const [cliName] = readdirSync(cliDir);
    assert.match(
      cliName ?? '',
      /^ATELIERS DUVAL AGENCEMENT \d{9} Déclaration annuelle CA12 2026\.xlsx$/,
    );

    const dir = mkdtempSync(join(root, 'screen-'));
    const asked: string[] = [];
    const loans = { open: 0 };
    const events: ExportProgress[] = [];
    const exportId = '2f1c0b7e-6a9d-4c3b-8e21-5d4f3a2b1c0d';
    const result = await jobs(dir, asked, loans).start(
      { exportId, target: { kind: 'ca12', year: 2026 } },
      { connectionId: 'demo-admin', language: 'fr', onProgress: (p) => events.push(p) },
    );
    assert.deepEqual(asked, [cliName]);
    assert.equal(result?.fileName, cliName);
    assert.equal(loans.open, 0, 'the archive is given back');

    const screen = readXlsx(join(dir, cliName!));
    const cli = readXlsx(join(cliDir, cliName!));
    const names = (book: typeof cli) => book.sheets.map((sheet) => sheet.name);
    assert.deepEqual(names(screen), names(cli));
    assert.equal(names(screen)[0], 'Déclaration CA12');
    // Every sheet but "About" (which dates the export) holds the same cells.
    for (const [i, sheet] of screen.sheets.entries()) {
      if (sheet.name === 'À propos') continue;
      const values = (s: typeof sheet) => s.rows.map((row) => row.map((cell) => cell.v));
      assert.deepEqual(values(sheet), values(cli.sheets[i]!), `sheet ${sheet.name}`);
    }
    // Progress counts the year's invoices sheet, as a CA3's export does; rows are its rows.
    const writing = events.filter((e) => e.phase === 'writing');
    assert.ok(writing.length > 0, 'progress while writing');
    assert.ok(result!.rows > 0);
    assert.ok(screen.sheets[1]!.rows.length > result!.rows);
  });

  it('stops on cancel, leaves no file and gives the archive back', async () => {
    const dir = mkdtempSync(join(root, 'cancel-'));
    const loans = { open: 0 };
    const exportId = '5b3e9d2a-1c4f-4a8b-9e7d-6f0a2c1b3d4e';
    const running = jobs(dir, [], loans);
    // Cancelled as the writing starts (its place chosen, the archive lent).
    const started = running.start(
      { exportId, target: { kind: 'ca12', year: 2026 } },
      {
        connectionId: 'demo-admin',
        language: 'fr',
        onProgress: (p) => {
          if (p.phase === 'fetching') running.cancel(exportId);
        },
      },
    );
    await assert.rejects(
      started,
      (e: unknown) => e instanceof AppFailure && e.kind === 'cancelled',
    );
    assert.deepEqual(readdirSync(dir), []);
    assert.equal(loans.open, 0);
  });

  it('a CA3 cancelled as its writing starts leaves no file either (the same cancel)', async () => {
    const dir = mkdtempSync(join(root, 'cancel-ca3-'));
    const loans = { open: 0 };
    const exportId = '8c2d4e6f-0a1b-4c3d-9e8f-7a6b5c4d3e2f';
    const running = jobs(dir, [], loans);
    const period = { from: '2026-07-01', to: '2026-09-30', label: '2026-Q3' };
    const started = running.start(
      { exportId, target: { kind: 'report', report: 'ca3', period } },
      {
        connectionId: 'demo-admin',
        language: 'fr',
        onProgress: (p) => {
          if (p.phase === 'fetching') running.cancel(exportId);
        },
      },
    );
    await assert.rejects(
      started,
      (e: unknown) => e instanceof AppFailure && e.kind === 'cancelled',
    );
    assert.deepEqual(readdirSync(dir), []);
    assert.equal(loans.open, 0);
  });

  it("export:start takes a CA12's year as a whole number of a calendar year, nothing else", () => {
    const parse = (target: unknown) =>
      argSchemas['export:start'].safeParse({ exportId: crypto.randomUUID(), target }).success;
    assert.equal(parse({ kind: 'ca12', year: 2026 }), true);
    for (const year of ['2026', 2026.5, 99, null])
      assert.equal(parse({ kind: 'ca12', year }), false);
    assert.equal(parse({ kind: 'ca12' }), false);
    assert.equal(parse({ kind: 'ca12', year: 2026, period: '2026' }), false);
  });
});
