// "Exporter vers Excel" end to end in plain Node: the export:start and export:cancel handlers,
// the demo operator over real HTTP, a real SQLite archive filled by a real sync, the worker
// writing the file, and openpyxl reading it back: typed cells, figures equal to the source, the
// "About" sheet, and no file left behind by a cancel or a folder that refuses writing.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Result, Sourced } from '#shared/contract.ts';
import type { ExportProgress, ExportResult } from '#shared/exports.ts';
import type { Invoice, InvoiceSearchResponse } from '#shared/operator/schemas.ts';
import { startDemoOperator } from '#main/demo-operator/index.ts';
import { createDispatcher, createHandlers, type Dispatch } from '#main/handlers/index.ts';
import { openArchive } from '#main/services/archive/sqlite/archive-store.ts';
import { runSync } from '#main/services/archive/sync.ts';
import { SqliteArchive } from '#main/services/archive/sqlite/archive-port.ts';
import { createServices, type Services } from '#main/services/index.ts';
import { localDay } from '#main/services/export/file-names.ts';
import { fixedClock } from '#main/services/clock.ts';
import {
  column,
  dataRows,
  readXlsx,
  sheetNamed,
  totalsRows,
  type XlsxSheet,
} from '#support/read-xlsx.ts';
import { assertReadable } from '#support/workbook-checks.ts';
import { readOnlyFolder } from '#support/tmpfs.ts';

const silent = { info() {}, warn() {}, error() {} };
const roots: string[] = [];
function folder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  roots.push(dir);
  return dir;
}
after(() => roots.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function value<T>(result: Result<unknown>): T {
  assert.ok(result.ok, `expected ok, got ${JSON.stringify(result)}`);
  return result.value as T;
}

function aboutValue(sheet: XlsxSheet, label: string): unknown {
  return sheet.rows.find((row) => row[0]?.v === label)?.[1]?.v;
}

/** Every cell's text, to prove what is not in a workbook. */
function allText(book: { sheets: XlsxSheet[] }): string {
  return book.sheets.flatMap((s) => s.rows.flatMap((r) => r.map((c) => String(c.v)))).join('\n');
}

interface Harness {
  services: Services;
  dispatch: Dispatch;
  out: string;
  /** What the next save dialog answers: a file name in `out` (default), or null (closed). */
  answer: { path: (name: string) => string | null };
  progress: ExportProgress[];
}

// 23:30 UTC on New Year's Eve: the file name's day is the user's (2027-01-01 in Paris, 2026-12-31
// in UTC), as localDay says in the machine's zone; a fixed clock keeps it from changing mid-test.
const NOW = new Date('2026-12-31T23:30:00Z');

function harness(options: { invoices?: number } = {}): Harness {
  const dataDir = folder('export-data-');
  const out = folder('export-out-');
  const answer = { path: (name: string): string | null => join(out, name) };
  const services = createServices({
    dataDir,
    shell: 'electron',
    env: { INVOICE_DESK_LANG: 'fr' },
    log: silent,
    clock: fixedClock(NOW),
    loadKeytar: () => Promise.reject(new Error('not in this test')),
    chooseExportPath: async (name) => answer.path(name),
    ...(options.invoices
      ? { startDemo: () => startDemoOperator({ port: 0, invoices: options.invoices, now: NOW }) }
      : {}),
  });
  const progress: ExportProgress[] = [];
  services.events.subscribe((event, payload) => {
    if (event === 'export:progress') progress.push(payload as ExportProgress);
  });
  return {
    services,
    dispatch: createDispatcher(createHandlers(services), { log: silent }),
    out,
    answer,
    progress,
  };
}

const exportId = () => crypto.randomUUID();

describe('live exports through the handlers (demo operator, 3,000 invoices)', () => {
  let h: Harness;
  before(() => {
    h = harness();
  });
  after(() => h.services.close());

  it('writes every page the operator gives, up to its window, with the cut said in "À propos"', async () => {
    const id = exportId();
    const result = value<ExportResult>(
      await h.dispatch('export:start', {
        exportId: id,
        target: { kind: 'invoices', source: 'live' },
      }),
    );
    assert.equal(result.exportId, id);
    assert.equal(result.fileName, `Démo (administrateur) Factures ${localDay(NOW)}.xlsx`);
    assert.equal(result.savedTo, join(h.out, result.fileName));
    assert.equal(result.rows, 1200);
    assert.equal(result.downloadUrl, undefined);

    // The same pages, asked of the operator by the app's own channel.
    const pages: Sourced<InvoiceSearchResponse>[] = [];
    for (let offset = 0; offset <= 1000; offset += 200)
      pages.push(value(await h.dispatch('invoices:search', { offset, limit: 200 })));
    const items = pages.flatMap((p) => p.data.data);
    assert.equal(pages[0]?.data.meta.count, 3000);

    const book = readXlsx(result.savedTo as string);
    assert.deepEqual(
      book.sheets.map((s) => s.name),
      ['Dossier', 'Factures', 'À propos'],
    );
    // Whose workbook and of when, first (issue 27, item 1): a never-synced connection's company
    // is unknown, said so; a search's period is its day.
    const head = sheetNamed(book, 'Dossier');
    assert.equal(head.rows[0]?.[0]?.v, 'Factures');
    assert.equal(aboutValue(head, 'Entreprise'), 'inconnue (archive vide)');
    assert.equal(aboutValue(head, 'Connexion'), 'Démo (administrateur)');
    assert.match(String(aboutValue(head, 'Période')), new RegExp(`^${localDay(NOW)}`));
    const sheet = sheetNamed(book, 'Factures');
    assert.equal(dataRows(sheet).length, 1200);
    assert.equal(sheet.freeze, 'A2');
    assert.equal(sheet.autoFilter, 'A1:Z1201'); // through "Payée le" and its source
    assert.ok(
      sheet.rows[0]?.every((cell) => cell.b),
      'a bold header',
    );
    const platformIds = column(sheet, 'Identifiant plateforme');
    const numbers = column(sheet, 'N° facture');
    const ttc = column(sheet, 'Total TTC (avoirs en négatif)');
    const dates = column(sheet, 'Date de facture');
    const sellerSiren = column(sheet, 'SIREN vendeur');
    items.forEach((item, i) => {
      const bd = item.businessData;
      assert.equal(platformIds[i]?.v, item.metadata.invoiceId);
      assert.equal(numbers[i]?.v, bd?.invoiceId);
      assert.equal(numbers[i]?.t, 's');
      const sign = String(bd?.type) === '381' ? -1 : 1;
      assert.equal(ttc[i]?.v, sign * (bd?.monetary?.invoiceAmount.amount ?? 0) || 0);
      assert.equal(ttc[i]?.t, 'n');
      assert.match(ttc[i]?.f ?? '', /^#,##0\.00 "/);
      assert.equal(dates[i]?.v, bd?.invoiceDate);
      assert.equal(dates[i]?.t, 'd');
      if (bd?.seller?.siren) {
        assert.equal(sellerSiren[i]?.v, bd.seller.siren);
        assert.equal(sellerSiren[i]?.t, 's');
      }
    });

    const about = sheetNamed(book, 'À propos');
    assert.equal(aboutValue(about, 'Connexion'), 'Démo (administrateur)');
    assert.equal(aboutValue(about, 'Requête ou filtres'), 'Toutes les factures (aucun filtre)');
    assert.equal(aboutValue(about, 'Source'), 'Opérateur, en direct');
    assert.match(
      String(aboutValue(about, 'Couverture')),
      /^Coupé par la fenêtre de l’opérateur \(1 200 factures\) : 3\u202f000 factures/,
    );
    assert.equal(aboutValue(about, 'Lignes de « Factures »'), 1200);
    assert.equal(aboutValue(about, 'Version d’Invoice Desk'), h.services.version);
    assert.ok(aboutValue(about, 'Données du'), 'the date of the data');
    assert.ok(aboutValue(about, 'Exporté le'));

    // Nothing secret: not the demo clients' secrets, not a token.
    const demo = await h.services.demo.ensureStarted();
    const text = allText(book);
    for (const client of Object.values(demo.clients)) {
      assert.ok(!text.includes(client.clientSecret), 'no client secret in the workbook');
    }
    assert.ok(!/bearer|access_token/i.test(text));

    // Progress: fetching then writing, rows growing to the total, then done.
    const mine = h.progress.filter((p) => p.exportId === id);
    assert.equal(mine[0]?.phase, 'fetching');
    assert.ok(mine.some((p) => p.phase === 'writing' && p.total === 1200));
    assert.deepEqual(mine.at(-1), { exportId: id, phase: 'done', rows: 1200, total: 1200 });
    const writing = mine.filter((p) => p.phase === 'writing').map((p) => p.rows);
    assert.deepEqual(
      writing,
      [...writing].sort((a, b) => a - b),
      'rows written only grow',
    );
  });

  it('a query the window does not cut is exported whole and says so', async () => {
    const q = 'invoice.state:"VALID"';
    const search = value<Sourced<InvoiceSearchResponse>>(
      await h.dispatch('invoices:search', { q, offset: 0, limit: 200 }),
    );
    const count = search.data.meta.count;
    assert.ok(count > 0 && count <= 200, `a small query (${count})`);
    const result = value<ExportResult>(
      await h.dispatch('export:start', {
        exportId: exportId(),
        target: { kind: 'invoices', source: 'live', q },
      }),
    );
    assert.equal(result.rows, count);
    const book = readXlsx(result.savedTo as string);
    const about = sheetNamed(book, 'À propos');
    assert.equal(aboutValue(about, 'Requête ou filtres'), q);
    assert.equal(
      aboutValue(about, 'Couverture'),
      `Toutes les factures que l’opérateur donne pour cette requête (${count}).`,
    );
    const states = column(sheetNamed(book, 'Factures'), 'Code état');
    assert.ok(states.every((cell) => cell.v === 'VALID'));
  });

  it('one invoice: a workbook laid out like the detail panel, named after its number', async () => {
    const search = value<Sourced<InvoiceSearchResponse>>(
      await h.dispatch('invoices:search', { offset: 0, limit: 1 }),
    );
    const invoiceId = search.data.data[0]?.metadata.invoiceId as string;
    const invoice = value<Sourced<Invoice>>(await h.dispatch('invoices:get', { invoiceId })).data;
    const result = value<ExportResult>(
      await h.dispatch('export:start', {
        exportId: exportId(),
        target: { kind: 'invoice', invoiceId },
      }),
    );
    assert.equal(result.rows, 1);
    assert.match(
      result.fileName,
      new RegExp(
        `^ATELIERS DUVAL AGENCEMENT \\d{9} Facture ${invoice.businessData.invoiceId} ${localDay(NOW)}\\.xlsx$`,
      ),
    );
    const book = readXlsx(result.savedTo as string);
    assert.deepEqual(
      book.sheets.map((s) => s.name),
      ['Facture', 'À propos'],
    );
    const text = allText(book);
    assert.ok(text.includes(invoice.businessData.invoiceId));
    assert.ok(text.includes(invoice.businessData.seller.name));
    const about = sheetNamed(book, 'À propos');
    assert.equal(
      aboutValue(about, 'Requête ou filtres'),
      `Facture ${invoice.businessData.invoiceId} (identifiant plateforme ${invoiceId})`,
    );

    const missing = await h.dispatch('export:start', {
      exportId: exportId(),
      target: { kind: 'invoice', invoiceId: '00000000-0000-4000-8000-000000000000' },
    });
    assert.equal(!missing.ok && missing.error.kind, 'not_found');
  });

  it('directory results: every page of the query, one row per entry', async () => {
    const q = 'name:"BOULANGERIE*"';
    const search = value<
      Sourced<{ data: { businessEntityId: string; name: string }[]; meta: { count: number } }>
    >(await h.dispatch('directory:search', { q, offset: 0, limit: 200 }));
    const result = value<ExportResult>(
      await h.dispatch('export:start', { exportId: exportId(), target: { kind: 'directory', q } }),
    );
    assert.match(
      result.fileName,
      new RegExp(`^ATELIERS DUVAL AGENCEMENT \\d{9} Annuaire ${localDay(NOW)}\\.xlsx$`),
    );
    assert.equal(result.rows, search.data.meta.count);
    const sheet = sheetNamed(readXlsx(result.savedTo as string), 'Annuaire');
    assert.deepEqual(
      column(sheet, 'Identifiant annuaire').map((c) => c.v),
      search.data.data.map((e) => e.businessEntityId),
    );
    assert.deepEqual(
      column(sheet, 'Nom').map((c) => c.v),
      search.data.data.map((e) => e.name),
    );
  });

  it('participants and webhooks: one sheet each, as listed', async () => {
    const participants = value<Sourced<{ participantId: string }[]>>(
      await h.dispatch('participants:search', { value: 'BOUL', offset: 0, limit: 200 }),
    );
    const p = value<ExportResult>(
      await h.dispatch('export:start', {
        exportId: exportId(),
        target: { kind: 'participants', value: 'BOUL' },
      }),
    );
    assert.equal(p.rows, participants.data.length);
    assert.deepEqual(
      column(
        sheetNamed(readXlsx(p.savedTo as string), 'Participants'),
        'Identifiant participant',
      ).map((c) => c.v),
      participants.data.map((x) => x.participantId),
    );

    value(
      await h.dispatch('webhooks:create', {
        label: 'ERP export test',
        filterStreamDirection: 'INBOUND',
        interopData: {
          endpoints: {
            status: { callbackUrl: 'https://erp.example.fr/status?token=s3cr3t-value' },
          },
        },
      }),
    );
    const w = value<ExportResult>(
      await h.dispatch('export:start', { exportId: exportId(), target: { kind: 'webhooks' } }),
    );
    const book = readXlsx(w.savedTo as string);
    const labels = column(sheetNamed(book, 'Webhooks'), 'Libellé').map((c) => c.v);
    assert.ok(labels.includes('ERP export test'), `labels: ${labels.join(', ')}`);
    assert.ok(!allText(book).includes('s3cr3t-value'), 'a secret-looking query value is masked');
  });

  it('a closed save dialog answers null and writes nothing', async () => {
    h.answer.path = () => null;
    try {
      const before = readdirSync(h.out).length;
      const result = await h.dispatch('export:start', {
        exportId: exportId(),
        target: { kind: 'webhooks' },
      });
      assert.deepEqual(result, { ok: true, value: null });
      assert.equal(readdirSync(h.out).length, before);
    } finally {
      h.answer.path = (name) => join(h.out, name);
    }
  });

  it('cancel stops the export, says "cancelled", and leaves no file', async () => {
    const dir = folder('export-cancel-');
    h.answer.path = (name) => join(dir, name);
    const id = exportId();
    const unsubscribe = h.services.events.subscribe((event, payload) => {
      // Cancel as soon as the first page has been read.
      if (event === 'export:progress' && (payload as ExportProgress).exportId === id) {
        if ((payload as ExportProgress).rows > 0)
          void h.dispatch('export:cancel', { exportId: id });
      }
    });
    try {
      const result = await h.dispatch('export:start', {
        exportId: id,
        target: { kind: 'invoices', source: 'live' },
      });
      assert.equal(!result.ok && result.error.kind, 'cancelled');
      assert.deepEqual(readdirSync(dir), [], 'neither the file nor a temporary one');
      // Cancelling what is not running is harmless.
      assert.deepEqual(await h.dispatch('export:cancel', { exportId: id }), {
        ok: true,
        value: undefined,
      });
    } finally {
      unsubscribe();
      h.answer.path = (name) => join(h.out, name);
    }
  });

  it('a folder that refuses writing: kind "file", reason "permission", nothing left', async (t) => {
    const mounted = readOnlyFolder(join(folder('export-ro-'), 'locked'));
    if (!mounted) return t.skip('no way to make a read-only folder here (root without mount)');
    h.answer.path = (name) => join(mounted.dir, name);
    try {
      const result = await h.dispatch('export:start', {
        exportId: exportId(),
        target: { kind: 'invoices', source: 'live', q: 'invoice.state:"VALID"' },
      });
      assert.ok(!result.ok);
      assert.equal(result.error.kind, 'file');
      assert.equal(result.error.reason, 'permission');
      assert.match(result.error.message, /cannot be written to/);
      assert.deepEqual(readdirSync(mounted.dir), []);
    } finally {
      h.answer.path = (name) => join(h.out, name);
      mounted.release();
    }
  });

  it('a folder that is gone: kind "file", reason "folder_missing"', async () => {
    h.answer.path = (name) => join(h.out, 'gone', 'deeper', name);
    try {
      const result = await h.dispatch('export:start', {
        exportId: exportId(),
        target: { kind: 'webhooks' },
      });
      assert.equal(!result.ok && result.error.kind, 'file');
      assert.equal(!result.ok && result.error.reason, 'folder_missing');
    } finally {
      h.answer.path = (name) => join(h.out, name);
    }
  });

  it('refuses an exportId already running; a report exports through the same channel', async () => {
    const id = exportId();
    const first = h.dispatch('export:start', {
      exportId: id,
      target: { kind: 'invoices', source: 'live' },
    });
    const second = await h.dispatch('export:start', { exportId: id, target: { kind: 'webhooks' } });
    assert.equal(!second.ok && second.error.kind, 'invalid_input');
    value(await first);

    // Main built report exports (the Rapports screen's Exporter vers Excel): written where chosen.
    const report = value<ExportResult>(
      await h.dispatch('export:start', {
        exportId: exportId(),
        target: {
          kind: 'report',
          report: 'vat',
          period: { from: '2026-01-01', to: '2026-03-31', label: '2026-Q1' },
        },
      }),
    );
    assert.equal(report.savedTo, join(h.out, report.fileName));
    assert.ok(existsSync(report.savedTo));
  });

  it('a target outside the contract is refused before anything runs', async () => {
    const result = await h.dispatch('export:start', {
      exportId: exportId(),
      target: { kind: 'invoices', source: 'archive', filter: { invoiceDateFrom: '31/03/2026' } },
    });
    assert.equal(!result.ok && result.error.kind, 'invalid_input');
  });
});

describe('archive exports (a real sync of a small demo operator into SQLite)', () => {
  let h: Harness;
  before(async () => {
    h = harness({ invoices: 150 });
    const client = await h.services.operators.forConnection('demo-admin');
    const archive = openArchive(h.services.dataDir, 'demo-admin');
    try {
      const summary = await runSync({
        client,
        archive: new SqliteArchive(archive),
        requestsPerMinute: 1_000_000,
      });
      assert.equal(summary.cancelled, false);
    } finally {
      archive.close();
    }
  });
  after(() => h.services.close());

  it('every archived row matching the filters, and the VAT lines of the archived details', async () => {
    const archive = openArchive(h.services.dataDir, 'demo-admin');
    const filter = { direction: 'INBOUND' as const, invoiceDateFrom: '2000-01-01' };
    const sort = { key: 'invoiceNumber' as const };
    let expected;
    let details: Invoice[];
    try {
      expected = archive.queryInvoices({ filter, sort, limit: 10_000 });
      details = [...archive.iterateDetails({ filter: { ...filter, detailFetched: true }, sort })]
        .map((a) => a.detail)
        .filter((d): d is Invoice => d !== null);
    } finally {
      archive.close();
    }
    assert.ok(expected.total > 10, `some received invoices (${expected.total})`);
    assert.ok(details.length > 0, 'details were archived by the sync');

    const result = value<ExportResult>(
      await h.dispatch('export:start', {
        exportId: exportId(),
        target: { kind: 'invoices', source: 'archive', filter, sort },
      }),
    );
    assert.match(result.fileName, new RegExp(`^.+ Factures archive ${localDay(NOW)}\\.xlsx$`));
    assert.equal(result.rows, expected.total);
    const book = readXlsx(result.savedTo as string);
    assert.deepEqual(
      book.sheets.map((s) => s.name),
      ['Dossier', 'Factures', 'Ventilation TVA', 'À propos'],
    );
    // The archive names the company: its name and SIREN head the workbook, as in its file name.
    const head = sheetNamed(book, 'Dossier');
    assert.equal(head.rows[0]?.[0]?.v, 'Factures archive');
    const siren = String(aboutValue(head, 'SIREN'));
    assert.match(siren, /^\d{9}$/);
    assert.ok(result.fileName.includes(` ${siren} `), result.fileName);
    assert.ok(String(aboutValue(head, 'Entreprise')).length > 0);
    assert.notEqual(aboutValue(head, 'Entreprise'), 'inconnue (archive vide)');
    assert.equal(aboutValue(head, 'Connexion'), 'Démo (administrateur)');
    assert.match(String(aboutValue(head, 'Période')), new RegExp(`^${localDay(NOW)}`));
    const sheet = sheetNamed(book, 'Factures');
    const ids = column(sheet, 'Identifiant plateforme');
    const ht = column(sheet, 'Total HT (avoirs en négatif)');
    const tva = column(sheet, 'Total TVA (avoirs en négatif)');
    const ttc = column(sheet, 'Total TTC (avoirs en négatif)');
    const directions = column(sheet, 'Sens');
    const buyerSiret = column(sheet, 'SIRET acheteur');
    expected.rows.forEach((row, i) => {
      assert.equal(ids[i]?.v, row.invoiceId);
      const euros = (cents: number | null) =>
        cents === null ? null : ((row.typeCode === '381' ? -1 : 1) * cents) / 100 || 0;
      assert.equal(ht[i]?.v, euros(row.htCents));
      assert.equal(tva[i]?.v, euros(row.tvaCents));
      assert.equal(ttc[i]?.v, euros(row.ttcCents));
      assert.equal(directions[i]?.v, 'Reçue');
      if (row.buyerSiret) {
        assert.equal(buyerSiret[i]?.v, row.buyerSiret);
        assert.equal(buyerSiret[i]?.t, 's');
      }
    });

    const vat = sheetNamed(book, 'Ventilation TVA');
    const lines = details.flatMap((d) => d.businessData.taxDetails.map((tax) => ({ d, tax })));
    assert.equal(dataRows(vat).length, lines.length);
    const bases = column(vat, 'Base HT (avoirs en négatif)');
    const amounts = column(vat, 'Montant de TVA (avoirs en négatif)');
    const rates = column(vat, 'Taux de TVA');
    lines.forEach(({ d, tax }, i) => {
      const sign = String(d.businessData.type) === '381' ? -1 : 1;
      assert.equal(bases[i]?.v, sign * tax.taxableAmount.amount || 0);
      assert.equal(amounts[i]?.v, sign * tax.taxAmount.amount || 0);
      assert.equal(rates[i]?.t, 'n');
    });

    // Totals, streamed with the rows: per currency, the sum of the rows above, below the filter.
    assert.equal(sheet.autoFilter, `A1:Z${expected.total + 1}`);
    const currencies = column(sheet, 'Devise');
    for (const [header, cells] of [
      ['Total HT (avoirs en négatif)', ht],
      ['Total TVA (avoirs en négatif)', tva],
      ['Total TTC (avoirs en négatif)', ttc],
    ] as const) {
      const sums = new Map<string, number>();
      cells.forEach((cell, i) => {
        const currency = String(currencies[i]?.v);
        if (typeof cell.v === 'number')
          sums.set(currency, (sums.get(currency) ?? 0) + Math.round(cell.v * 100));
      });
      const at = sheet.rows[0]!.findIndex((cell) => cell.v === header);
      const currencyAt = sheet.rows[0]!.findIndex((cell) => cell.v === 'Devise');
      assert.deepEqual(
        new Map(
          totalsRows(sheet).map((row) => [
            String(row[currencyAt]?.v),
            Math.round((row[at]?.v as number) * 100),
          ]),
        ),
        sums,
        header,
      );
    }
    assertReadable(book);

    const about = sheetNamed(book, 'À propos');
    assert.equal(aboutValue(about, 'Source'), 'Archive locale');
    assert.match(String(aboutValue(about, 'Requête ou filtres')), /Sens : Reçue/);
    assert.match(String(aboutValue(about, 'Couverture')), /^Archive : 22 partitions/);
    assert.match(
      String(aboutValue(about, 'Couverture')),
      new RegExp(`détails complets archivés pour ${details.length} factures sur ${expected.total}`),
    );
    assert.equal(aboutValue(about, 'Lignes de « Factures »'), expected.total);
    assert.equal(aboutValue(about, 'Lignes de « Ventilation TVA »'), lines.length);
    assert.ok(aboutValue(about, 'Données du') && aboutValue(about, 'Données jusqu’au'));
  });

  it('a connection never synced exports an empty workbook that says why', async () => {
    // demo-user has no archive file: none is created by the export.
    value(await h.dispatch('settings:update', { activeConnectionId: 'demo-user' }));
    try {
      const result = value<ExportResult>(
        await h.dispatch('export:start', {
          exportId: exportId(),
          target: { kind: 'invoices', source: 'archive' },
        }),
      );
      assert.equal(result.rows, 0);
      const about = sheetNamed(readXlsx(result.savedTo as string), 'À propos');
      assert.equal(
        aboutValue(about, 'Couverture'),
        'L’archive de cette connexion est vide : aucune synchronisation encore.',
      );
      assert.equal(
        existsSync(join(h.services.dataDir, 'archive', 'demo-user.sqlite')),
        false,
        'no archive file made by an export',
      );
    } finally {
      value(await h.dispatch('settings:update', { activeConnectionId: 'demo-admin' }));
    }
  });
});

describe('the Electron bundle of the worker', () => {
  it('writes a workbook through the chunk electron-vite built', async (t) => {
    const chunks = join(process.cwd(), 'out', 'main', 'chunks');
    const worker = existsSync(chunks)
      ? readdirSync(chunks).find((name) => /^workbook-worker-.*\.js$/.test(name))
      : undefined;
    if (!worker) return t.skip('no build in out/ (npm test builds first: electron-vite build)');
    const { writeWorkbook } = await import('#main/services/export/workbook-writer.ts');
    const dir = folder('export-bundle-');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'bundle.xlsx');
    await writeWorkbook(
      path,
      {
        sheets: [
          {
            kind: 'table',
            name: 'Factures',
            columns: [
              { header: 'SIREN', kind: 'id' },
              { header: 'Total', kind: 'amount' },
            ],
            rows: [['012345678', 12.5]],
          },
        ],
      },
      { workerUrl: join(chunks, worker) },
    );
    const sheet = sheetNamed(readXlsx(path), 'Factures');
    assert.equal(sheet.rows[1]?.[0]?.v, '012345678');
    assert.equal(sheet.rows[1]?.[1]?.v, 12.5);
    assert.equal(basename(path), 'bundle.xlsx');
  });
});
