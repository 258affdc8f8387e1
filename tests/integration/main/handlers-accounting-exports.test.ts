// "Exporter le FEC" and "Exporter vers Excel" of the Comptabilité screen, through the dispatcher
// as the renderer calls them: export:start with the 'fec' and 'entries' targets over the active
// connection's archive (a real SQLite file), the arguments checked, the FEC saved under its
// legal name and passed by the independent checker, the workbook read back with openpyxl.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { after, test } from 'node:test';
import type { ExportResult } from '#shared/exports.ts';
import { parsePeriod } from '#shared/report-period.ts';
import { archivedHandlers, value } from '#support/archived-handlers.ts';
import { checkFecFile } from '#support/fec-checker.ts';
import { dataRows, readXlsx, sheetNamed } from '#support/read-xlsx.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const { services, dispatch, asked, close } = archivedHandlers({
  prefix: 'fec',
  fill: { seed: 9, invoices: 800, now: NOW },
  env: {},
  probeIntervalMs: 10_000,
});
after(close);

test('export:start of the FEC saves it under its legal name, and the checker passes it', async () => {
  const period = parsePeriod('2026-Q3');
  const result = value<ExportResult>(
    await dispatch('export:start', {
      exportId: crypto.randomUUID(),
      target: { kind: 'fec', period, separator: 'pipe', encoding: 'iso-8859-15' },
    }),
  );
  assert.ok(result.savedTo && existsSync(result.savedTo));
  assert.match(basename(result.savedTo), /^\d{9}FEC20260930\.txt$/);
  assert.equal(asked.at(-1), basename(result.savedTo), 'the dialog offered the legal name');
  const check = checkFecFile(result.savedTo, { encoding: 'iso-8859-15', closingDate: period.to });
  assert.deepEqual(check.problems, []);
  assert.equal(result.rows, check.records.length);
  assert.ok(check.entries > 10);
});

test('export:start of the entries writes the workbook of the same entries', async () => {
  const period = parsePeriod('2026-Q3');
  const result = value<ExportResult>(
    await dispatch('export:start', {
      exportId: crypto.randomUUID(),
      target: { kind: 'entries', period },
    }),
  );
  assert.match(
    basename(result.savedTo ?? ''),
    /^ATELIERS DUVAL AGENCEMENT \d{9} Écritures 2026-Q3\.xlsx$/,
  );
  const book = readXlsx(result.savedTo!);
  assert.equal(dataRows(sheetNamed(book, 'Écritures')).length, result.rows);
  // Its first sheet says whose it is and of when (issue 27, item 1), the SIREN of its name.
  const first = book.sheets[0]!;
  const line = (label: string) => first.rows.find((r) => r[0]?.v === label)?.[1]?.v;
  assert.equal(first.rows[0]?.[0]?.v, 'Écritures');
  assert.match(String(line('Entreprise')), /^ATELIERS DUVAL AGENCEMENT/);
  assert.ok(basename(result.savedTo!).includes(` ${String(line('SIREN'))} `));
  assert.equal(typeof line('Connexion'), 'string');
  assert.equal(line('Période'), '2026-Q3');
  assert.equal(line('Du'), '2026-07-01');
  assert.equal(line('Au'), '2026-09-30');
  const ledger = await services.accounting.ledger('demo-admin', period);
  assert.equal(
    result.rows,
    ledger.entries.reduce((n, e) => n + e.lines.length, 0),
  );
});

test('a separator or an encoding the FEC does not allow: invalid input, nothing asked', async () => {
  const before = asked.length;
  for (const target of [
    { kind: 'fec', period: parsePeriod('2026'), separator: 'semicolon', encoding: 'utf-8' },
    { kind: 'fec', period: parsePeriod('2026'), separator: 'tab', encoding: 'latin1' },
    { kind: 'fec', period: parsePeriod('2026'), separator: 'tab' },
    { kind: 'entries' },
  ]) {
    const answer = await dispatch('export:start', { exportId: crypto.randomUUID(), target });
    assert.equal(!answer.ok && answer.error.kind, 'invalid_input', JSON.stringify(target));
  }
  assert.equal(asked.length, before);
});
