// `cli.ts bank`: a connection's bank statements matched to its invoices (issue 29).
//   npm run cli -- bank import --connection demo-admin --file releve.cfonb --json
//   npm run cli -- bank matches --connection demo-admin --json
//   npm run cli -- bank confirm --connection demo-admin --line <id> [--invoices <uuid>,<uuid>]
//   npm run cli -- bank undo --connection demo-admin --line <id>
//   npm run cli -- bank accounts --connection demo-admin [--account IBAN --ledger 512100 --name N]
//   npm run cli -- bank settings --connection demo-admin [--window 90] [--tolerance 0.50]
//   npm run cli -- bank demo-files --dir DIR   (a year of the demo company's statements)
// The lines live in the connection's bank (its bank file beside its archive, or the firm's archive
// when this workstation is connected to one: issue 30); matching reads the archive's invoices
// (sync it first). Exit codes: 0 done, 1 failed (one line on stderr says why; a bank
// file refused names its line and reason, and nothing of it is imported), 2 bad usage.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, basename, resolve } from 'node:path';
import { AppFailure } from '../services/app-failure.ts';
import type { BankMatchRow, BankPort } from '../services/archive/bank-port.ts';
import { clockFromEnv } from '../services/clock.ts';
import type { InvoiceSource } from '../services/bank/bank-import.ts';
import {
  confirmMatchOn,
  importBankFileInto,
  saveSettingsOn,
  undoMatchOn,
} from '../services/bank/bank-on-port.ts';
import { demoStatementFiles, demoStatements } from '../services/bank/demo-statements.ts';
import { DEFAULT_MATCH_OPTIONS } from '../services/bank/matching.ts';
import { createDataset } from '../demo-operator/data/dataset.ts';
import type { Services } from '../services/index.ts';
import { commandFor, EXIT, withServices, writeJsonLine } from './command.ts';

export const BANK_USAGE = `Usage: npm run cli -- bank <import|matches|confirm|undo|accounts|settings|demo-files> [options]
  import      --connection C --file F [--json]   reads a CFONB 120, CAMT.053 or OFX file (the
              format is told from its content), adds its new lines and matches them; a file that
              does not add up, is truncated or unknown is refused with its line, nothing imported
  matches     --connection C [--state auto|suggested|confirmed|unmatched] [--json]
              each line: id, day, amount, label, state, the invoice ids, the rule
  confirm     --connection C --line ID [--invoices ID,ID]   confirms the line's match (or its
              first suggestion), or matches it to these invoices; --invoices "" : no invoice
  undo        --connection C --line ID   takes a confirmation back
  accounts    --connection C [--account IBAN [--ledger 512xxx] [--name NAME]] [--json]
  settings    --connection C [--window DAYS] [--tolerance EUROS] [--json]   the matching's date
              window (default 90 days) and tolerance (default none)
  demo-files  --dir DIR   writes a year of the demo company's statements in the three formats
              (the demo operator's data: seed 42, 3,000 invoices; --start YYYY-MM-DD its start)

Exit codes: 0 done, 1 failed (the reason on stderr), 2 bad usage.`;

const cli = commandFor(BANK_USAGE);

const OPTIONS = {
  connection: { type: 'string' },
  file: { type: 'string' },
  json: { type: 'boolean' },
  state: { type: 'string' },
  line: { type: 'string' },
  invoices: { type: 'string' },
  account: { type: 'string' },
  ledger: { type: 'string' },
  name: { type: 'string' },
  window: { type: 'string' },
  tolerance: { type: 'string' },
  dir: { type: 'string' },
  start: { type: 'string' },
} as const;

/** A year of statements is a few MB; anything much bigger is not a statement. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

function readBankFile(path: string): Uint8Array {
  try {
    if (statSync(path).size > MAX_FILE_BYTES) {
      throw new AppFailure(
        'invalid_input',
        `The file "${path}" is over 64 MB: not a bank statement.`,
      );
    }
    return readFileSync(path);
  } catch (error) {
    if (error instanceof AppFailure) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new AppFailure('not_found', `There is no file "${path}".`, { path });
    throw new AppFailure(
      'file',
      `The file "${path}" could not be read: ${code ?? (error as Error).message}.`,
      { path },
    );
  }
}

const euros = (cents: number): string => (cents / 100).toFixed(2);

function printRow(row: BankMatchRow): string {
  const invoices = row.allocations.map((a) => a.invoiceId).join(',');
  const suggested = row.candidates.map((c) => c.map((a) => a.invoiceId).join('+')).join(' | ');
  return `${row.id}  ${row.day}  ${euros(row.cents).padStart(12)}  ${row.state.padEnd(9)}  ${(row.rule ?? '').padEnd(19)}  ${row.label}${invoices ? `  → ${invoices}` : ''}${suggested ? `  ? ${suggested}` : ''}\n`;
}

async function withBank<T>(
  services: Services,
  connectionId: string,
  use: (bank: BankPort, invoices: InvoiceSource) => Promise<T>,
): Promise<T> {
  // The archive's payable invoices, read through its port before the bank is.
  const invoices = await services.readArchive(connectionId, async (archive) => {
    const all = [];
    for await (const batch of archive.bankInvoices()) all.push(...batch);
    return all;
  });
  return use(await services.bank.of(connectionId), () => invoices);
}

function toleranceCents(text: string): number {
  const m = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) throw cli.error('--tolerance must be an amount in euros, e.g. 0.50');
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export async function run(argv: string[]): Promise<number> {
  return cli.run(argv, OPTIONS, { min: 0, max: 1 }, async ({ values, positionals }) => {
    const sub = positionals[0];
    const json = values.json === true;
    if (sub === 'demo-files') {
      const dir = resolve(cli.required(values.dir, 'dir'));
      const startMs = values.start
        ? Date.parse(`${values.start}T12:00:00Z`)
        : clockFromEnv(process.env).now().getTime();
      if (Number.isNaN(startMs)) throw cli.error('--start must be a day YYYY-MM-DD');
      mkdirSync(dir, { recursive: true });
      const files = demoStatementFiles(demoStatements(createDataset(42, 3000, { startMs })));
      for (const f of files) writeFileSync(join(dir, f.name), f.bytes);
      if (json) writeJsonLine({ ok: true, dir, files: files.map((f) => f.name) });
      else process.stdout.write(`Wrote ${files.length} statements to ${dir}\n`);
      return EXIT.ok;
    }
    if (!['import', 'matches', 'confirm', 'undo', 'accounts', 'settings'].includes(sub ?? '')) {
      return cli.badSubcommand(sub);
    }
    const ref = cli.required(values.connection, 'connection');
    return withServices(async (services) => {
      const connection = cli.connection(services, ref);
      return withBank(services, connection.id, async (store, invoices) => {
        switch (sub) {
          case 'import': {
            const path = resolve(cli.required(values.file, 'file'));
            const summary = await importBankFileInto(
              store,
              invoices,
              { name: basename(path), bytes: readBankFile(path) },
              services.clock.now(),
            );
            if (json) writeJsonLine({ ok: true, connection: connection.name, ...summary });
            else
              process.stdout.write(
                `Imported ${summary.file} (${summary.format}) into "${connection.name}": ${summary.lines} lines, ${summary.added} new, ${summary.already} already imported; ${summary.auto} matched automatically, ${summary.suggested} suggested, ${summary.confirmed} confirmed, ${summary.unmatched} unmatched\n`,
              );
            return EXIT.ok;
          }
          case 'matches': {
            const state = values.state;
            if (state && !['auto', 'suggested', 'confirmed', 'unmatched'].includes(state)) {
              throw cli.error('--state must be auto, suggested, confirmed or unmatched');
            }
            const rows = (await store.matches()).filter((r) => !state || r.state === state);
            if (json) {
              writeJsonLine({
                ok: true,
                connection: connection.name,
                lines: rows.map((r) => ({
                  id: r.id,
                  account: r.account,
                  day: r.day,
                  amount: r.cents / 100,
                  label: r.label,
                  state: r.state,
                  invoiceIds: r.allocations.map((a) => a.invoiceId),
                  allocations: r.allocations,
                  rule: r.rule,
                  suggestions: r.candidates.map((c) => c.map((a) => a.invoiceId)),
                })),
              });
            } else for (const r of rows) process.stdout.write(printRow(r));
            return EXIT.ok;
          }
          case 'confirm': {
            const line = cli.required(values.line, 'line');
            const ids =
              values.invoices === undefined
                ? undefined
                : values.invoices
                    .split(',')
                    .map((s) => s.trim())
                    .filter(Boolean);
            const row = await confirmMatchOn(store, invoices, line, services.clock.now(), ids);
            if (json) writeJsonLine({ ok: true, line: row });
            else process.stdout.write(printRow(row));
            return EXIT.ok;
          }
          case 'undo': {
            const row = await undoMatchOn(store, invoices, cli.required(values.line, 'line'));
            if (json) writeJsonLine({ ok: true, line: row });
            else process.stdout.write(printRow(row));
            return EXIT.ok;
          }
          case 'accounts': {
            if (values.account) {
              if (values.ledger !== undefined && !/^512[0-9A-Z]{0,9}$/.test(values.ledger)) {
                throw cli.error('--ledger must be a 512 account, e.g. 512100');
              }
              const change = {
                ...(values.ledger ? { ledgerAccount: values.ledger } : {}),
                ...(values.name ? { name: values.name } : {}),
              };
              if (!(await store.updateAccount(values.account, change))) {
                throw new AppFailure(
                  'not_found',
                  `There is no bank account "${values.account}" in "${connection.name}".`,
                );
              }
            }
            const accounts = await store.accounts();
            if (json) writeJsonLine({ ok: true, connection: connection.name, accounts });
            else
              for (const a of accounts)
                process.stdout.write(
                  `${a.account}  ${a.ledgerAccount}  ${a.currency}  ${a.name}\n`,
                );
            return EXIT.ok;
          }
          default: {
            const current = (await store.settings()) ?? DEFAULT_MATCH_OPTIONS;
            if (values.window !== undefined || values.tolerance !== undefined) {
              const next = {
                windowDays: cli.integer(values.window, 'window', 1, 366) ?? current.windowDays,
                toleranceCents:
                  values.tolerance !== undefined
                    ? toleranceCents(values.tolerance)
                    : current.toleranceCents,
              };
              await saveSettingsOn(store, invoices, next);
            }
            const settings = (await store.settings()) ?? DEFAULT_MATCH_OPTIONS;
            if (json) writeJsonLine({ ok: true, connection: connection.name, ...settings });
            else
              process.stdout.write(
                `window ${settings.windowDays} days, tolerance ${euros(settings.toleranceCents)} EUR\n`,
              );
            return EXIT.ok;
          }
        }
      });
    });
  });
}
