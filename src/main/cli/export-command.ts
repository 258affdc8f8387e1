// `cli.ts export`: an Excel export without the window, for scheduled jobs. The same export
// service as the app's button, on a connection named by id or name, to the file --out names.
//   npm run cli -- export --connection "Démo (administrateur)" --query 'invoice.state:"VALID"' --out valides.xlsx
//   npm run cli -- export --connection demo-admin --archive --from 2026-01-01 --to 2026-03-31 --out t1.xlsx --json
// Exit codes: 0 done, 1 failed (one line on stderr says why), 2 bad usage.
import { randomUUID } from 'node:crypto';
import type { ArchiveFilter, ArchiveSort } from '#shared/archive.ts';
import type { ExportProgress, ExportTarget } from '#shared/exports.ts';
import { argSchemas } from '../contract-args.ts';
import { toCents } from '../services/archive/amounts.ts';
import {
  commandFor,
  EXIT,
  type OptionValues,
  withServices,
  withStopSignals,
  writeJsonLine,
} from './command.ts';
import { summarizingFailure, workbookLanguage, workbookOut, workbookPathOf } from './workbook.ts';

export const EXPORT_USAGE = `Usage: npm run cli -- export --connection <id or name> (--query Q | --archive [filters]) [--out FILE.xlsx|FOLDER] [--json]

  --connection ID|NAME   the connection (its id, or its name as shown in the app)
  --query Q              live: every invoice the operator gives for the q expression ("" for all;
                         at most 1,200, the operator's window)
  --archive              the local archive: every archived invoice matching the filters below,
                         plus the VAT breakdown of those whose details are archived
    --from DATE --to DATE            invoice date range (YYYY-MM-DD, both included)
    --due-from DATE --due-to DATE    due date range
    --counterparty X                 SIREN, SIRET, VAT number or name of the other party
    --text X                         the archive screen's search: an invoice number (or any
                                     part of it), a party's name, SIREN, SIRET or VAT number
    --direction received|issued      (or INBOUND|OUTBOUND)
    --state S[,S…]                   invoice states, e.g. VALID,DELIVERED
    --lifecycle CODE[,CODE…]         last lifecycle codes, e.g. 210,213
    --kind invoice|credit-note
    --min-ttc EUR --max-ttc EUR      total incl. VAT range, in euros
    --sort KEY[:desc]                e.g. invoiceDate:desc
  --out FILE.xlsx|FOLDER where to write the workbook (replaced if it exists); a folder, or no
                         --out (the current folder): under its default name,
                         "<company> <SIREN> <what> <day>.xlsx"
  --json                 one JSON line per progress step on stdout, then a summary line

Exit codes: 0 done, 1 failed (the reason on stderr), 2 bad usage.`;

const cli = commandFor(EXPORT_USAGE);

const OPTIONS = {
  connection: { type: 'string' },
  query: { type: 'string' },
  archive: { type: 'boolean' },
  from: { type: 'string' },
  to: { type: 'string' },
  'due-from': { type: 'string' },
  'due-to': { type: 'string' },
  counterparty: { type: 'string' },
  text: { type: 'string' },
  direction: { type: 'string' },
  state: { type: 'string', multiple: true },
  lifecycle: { type: 'string', multiple: true },
  kind: { type: 'string' },
  'min-ttc': { type: 'string' },
  'max-ttc': { type: 'string' },
  sort: { type: 'string' },
  out: { type: 'string' },
  json: { type: 'boolean' },
} as const;

type Values = OptionValues<typeof OPTIONS>;

const ARCHIVE_ONLY = [
  'from',
  'to',
  'due-from',
  'due-to',
  'counterparty',
  'text',
  'direction',
  'state',
  'lifecycle',
  'kind',
  'min-ttc',
  'max-ttc',
  'sort',
] as const;

function list(values: readonly string[] | undefined): string[] | undefined {
  const items = values
    ?.flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

function euros(option: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const cents = toCents(value.replace(',', '.'));
  if (cents === null) throw cli.error(`--${option} must be an amount in euros, e.g. 1500.00`);
  return cents;
}

/** The export target the options describe (checked against the contract's schema after). */
function targetOf(values: Values): ExportTarget {
  if (values.query !== undefined && values.archive) {
    throw cli.error('choose one of --query and --archive');
  }
  if (values.query === undefined && !values.archive) {
    throw cli.error('say what to export: --query Q (live) or --archive [filters]');
  }
  if (values.query !== undefined) {
    const given = ARCHIVE_ONLY.filter((name) => values[name] !== undefined);
    if (given.length > 0) {
      throw cli.error(
        `${given.map((name) => `--${name}`).join(', ')} filter the archive: add --archive instead of --query`,
      );
    }
    const q = values.query.trim();
    return { kind: 'invoices', source: 'live', ...(q ? { q } : {}) };
  }
  const direction = values.direction?.trim().toLowerCase();
  const directions: Record<string, ArchiveFilter['direction']> = {
    received: 'INBOUND',
    inbound: 'INBOUND',
    issued: 'OUTBOUND',
    outbound: 'OUTBOUND',
  };
  if (direction !== undefined && !directions[direction]) {
    throw cli.error('--direction is received or issued (INBOUND or OUTBOUND)');
  }
  const kind = values.kind?.trim().toLowerCase().replace('-', '_');
  if (kind !== undefined && kind !== 'invoice' && kind !== 'credit_note') {
    throw cli.error('--kind is invoice or credit-note');
  }
  const states = list(values.state)?.map((state) => state.toUpperCase());
  const lifecycle = list(values.lifecycle);
  const ttcMin = euros('min-ttc', values['min-ttc']);
  const ttcMax = euros('max-ttc', values['max-ttc']);
  const filter: ArchiveFilter = {
    ...(values.from !== undefined ? { invoiceDateFrom: values.from } : {}),
    ...(values.to !== undefined ? { invoiceDateTo: values.to } : {}),
    ...(values['due-from'] !== undefined ? { dueDateFrom: values['due-from'] } : {}),
    ...(values['due-to'] !== undefined ? { dueDateTo: values['due-to'] } : {}),
    ...(values.counterparty !== undefined ? { counterparty: values.counterparty } : {}),
    ...(values.text !== undefined ? { text: values.text } : {}),
    ...(direction !== undefined ? { direction: directions[direction] } : {}),
    ...(states ? { states: states as ArchiveFilter['states'] } : {}),
    ...(lifecycle ? { lifecycleCodes: lifecycle } : {}),
    ...(kind !== undefined ? { kind } : {}),
    ...(ttcMin !== undefined ? { ttcMinCents: ttcMin } : {}),
    ...(ttcMax !== undefined ? { ttcMaxCents: ttcMax } : {}),
  };
  let sort: ArchiveSort | undefined;
  if (values.sort !== undefined) {
    const [key, order, ...rest] = values.sort.split(':');
    if (rest.length > 0 || (order !== undefined && !/^(asc|desc)$/i.test(order))) {
      throw cli.error('--sort is KEY or KEY:desc, e.g. invoiceDate:desc');
    }
    sort = {
      key: key as ArchiveSort['key'],
      ...(order?.toLowerCase() === 'desc' ? { descending: true } : {}),
    };
  }
  return {
    kind: 'invoices',
    source: 'archive',
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    ...(sort ? { sort } : {}),
  };
}

/** The target as the app's calls are checked: dates, states, sort keys, lengths. */
function checkedTarget(exportId: string, target: ExportTarget): ExportTarget {
  const checked = argSchemas['export:start'].safeParse({ exportId, target });
  if (checked.success) return checked.data.target as ExportTarget;
  const where = [
    ...new Set(checked.error.issues.map((i) => `${i.path.slice(1).join('.')}: ${i.message}`)),
  ];
  throw cli.error(`invalid filters: ${where.join('; ')}`);
}

export async function run(argv: string[]): Promise<number> {
  return cli.run(argv, OPTIONS, { min: 0, max: 0 }, async ({ values }) => {
    const ref = cli.required(values.connection, 'connection');
    const out = workbookOut(values.out, EXPORT_USAGE);
    const exportId = randomUUID();
    const target = checkedTarget(exportId, targetOf(values));
    const json = values.json === true;

    return withServices(
      (services) =>
        summarizingFailure(json, async () => {
          const connection = cli.connection(services, ref);
          const language = workbookLanguage(services);
          let lastPhase = '';
          const onProgress = ({ phase, rows, total }: ExportProgress): void => {
            if (json) writeJsonLine({ type: 'progress', phase, rows, total });
            else if (phase !== lastPhase && phase !== 'done') process.stderr.write(`${phase}…\n`);
            lastPhase = phase;
          };
          const result = await withStopSignals(
            () => services.exports.cancel(exportId),
            () =>
              services.exports.start(
                { exportId, target },
                { connectionId: connection.id, language, onProgress },
              ),
          );
          const file = result?.savedTo ?? '';
          const rows = result?.rows ?? 0;
          if (json)
            writeJsonLine({ type: 'summary', ok: true, file, rows, connection: connection.name });
          else process.stdout.write(`Exported ${rows} rows to ${file}\n`);
          return EXIT.ok;
        }),
      { chooseExportPath: async (fileName) => workbookPathOf(out, fileName) },
    );
  });
}
