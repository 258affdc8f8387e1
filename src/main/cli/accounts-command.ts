// `cli.ts accounts`: the memory of a connection's third parties (their auxiliary and revenue or
// expense accounts, issue 17) to and from a CSV file, as the Comptabilité screen does: a firm
// brings its plan of third parties from its accounting software, or keeps a copy.
//   npm run cli -- accounts export --connection "Cabinet Martin" --file tiers.csv
//   npm run cli -- accounts import --connection demo-admin --file tiers.csv --json
// The memory lives in the connection's user-data file, never in its archive: no sync needed.
// Exit codes: 0 done (an import with refused lines too: each is listed), 1 failed (one line on
// stderr says why), 2 bad usage.
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ErrorReason } from '#shared/contract.ts';
import { AppFailure } from '../services/app-failure.ts';
import { decodeCsvBytes } from '../services/accounting/third-parties-csv.ts';
import { commandFor, EXIT, withServices, writeJsonLine } from './command.ts';
import { countText } from '#shared/i18n/plural.ts';

const LINES_REFUSED = { one: '{count} line refused', other: '{count} lines refused' };

export const ACCOUNTS_USAGE = `Usage: npm run cli -- accounts (export | import) --connection <id or name> --file FILE.csv [--json]
  export  writes the third parties remembered for this connection (key, role, name, auxiliary
          account, account, label) to FILE.csv: ; separated, UTF-8 with BOM, as French Excel
          opens it (the file is replaced if it exists)
  import  reads FILE.csv (the same columns; the English header, , or tab separators, and
          Windows-1252 files are read too): every good line is added or updated, every bad line
          is refused with its line number and why (on stderr), nothing else changes
  --connection ID|NAME   the connection (its id, or its name as shown in the app)
  --file FILE.csv        the CSV file to write or read
  --json                 one JSON object on stdout: export {file, thirdParties};
                         import {file, added, updated, refused: [{line, code, reason}]}

Exit codes: 0 done, 1 failed (the reason on stderr), 2 bad usage.`;

const cli = commandFor(ACCOUNTS_USAGE);

const OPTIONS = {
  connection: { type: 'string' },
  file: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** A plan of third parties is small; a bigger file is surely not one. */
const MAX_CSV_BYTES = 50 * 1024 * 1024;

const REASON_BY_CODE: Record<string, ErrorReason> = {
  EACCES: 'permission',
  EPERM: 'permission',
  EROFS: 'permission',
  ENOTDIR: 'folder_missing',
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  EBUSY: 'file_busy',
};

/** A system error on `path` as the envelope's `file` failure, in words. */
function fileFailure(error: unknown, path: string, doing: 'read' | 'written'): AppFailure {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ENOENT' && doing === 'read')
    return new AppFailure('not_found', `There is no file "${path}".`, { path });
  const reason = code === 'ENOENT' ? 'folder_missing' : REASON_BY_CODE[code];
  const why =
    reason === 'permission'
      ? 'permission denied'
      : reason === 'folder_missing'
        ? `the folder "${dirname(path)}" does not exist`
        : reason === 'disk_full'
          ? 'no space left on the disk'
          : reason === 'file_busy'
            ? 'another program holds it'
            : code || (error as Error).message;
  return new AppFailure(
    'file',
    `The file "${path}" could not be ${doing}: ${why}.`,
    { path },
    reason,
  );
}

function csvPath(file: string | undefined): string {
  const path = cli.required(file, 'file');
  return resolve(path);
}

/** Writes beside the target then renames: a failed write never leaves half a file. */
function writeCsv(path: string, text: string): void {
  const part = `${path}.part`;
  try {
    writeFileSync(part, text, 'utf8');
    renameSync(part, path);
  } catch (error) {
    rmSync(part, { force: true });
    throw fileFailure(error, path, 'written');
  }
}

function readCsv(path: string): string {
  try {
    if (statSync(path).size > MAX_CSV_BYTES)
      throw new AppFailure(
        'invalid_input',
        `The file "${path}" is over ${MAX_CSV_BYTES / 1024 / 1024} MB: not a CSV of third parties.`,
      );
    return decodeCsvBytes(readFileSync(path));
  } catch (error) {
    if (error instanceof AppFailure) throw error;
    throw fileFailure(error, path, 'read');
  }
}

export async function run(argv: string[]): Promise<number> {
  return cli.run(argv, OPTIONS, { min: 0, max: 1 }, async ({ values, positionals }) => {
    const sub = positionals[0];
    if (sub !== 'export' && sub !== 'import') return cli.badSubcommand(sub);
    const ref = cli.required(values.connection, 'connection');
    const path = csvPath(values.file);
    if (!/\.(csv|txt)$/i.test(path)) throw cli.error('--file must name a .csv (or .txt) file');
    const json = values.json === true;

    return withServices(async (services) => {
      const connection = cli.connection(services, ref);
      if (sub === 'export') {
        // Reading never creates the user-data file: no file, an empty memory (the header alone).
        const csv = await services.accounting.exportThirdPartiesCsv(connection.id);
        const count = (await services.accounting.thirdParties(connection.id)).length;
        writeCsv(path, csv);
        if (json)
          writeJsonLine({ ok: true, file: path, connection: connection.name, thirdParties: count });
        else
          process.stdout.write(
            `Wrote ${count} third part${count === 1 ? 'y' : 'ies'} of "${connection.name}" to ${path}\n`,
          );
        return EXIT.ok;
      }
      const text = readCsv(path);
      const result = await services.accounting.importThirdPartiesCsv(connection.id, text);
      if (json) writeJsonLine({ ok: true, file: path, connection: connection.name, ...result });
      else {
        for (const r of result.refused)
          process.stderr.write(`line ${r.line} refused: ${r.reason}\n`);
        process.stdout.write(
          `Imported ${path} into "${connection.name}": ${result.added} added, ${result.updated} updated, ${countText(LINES_REFUSED, result.refused.length, 'en')}\n`,
        );
      }
      return EXIT.ok;
    });
  });
}
