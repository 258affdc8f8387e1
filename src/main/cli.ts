// Headless entry: `node src/main/cli.ts <command> [options]`.
//   web            serve the built renderer and the handlers to a local browser (npm run start:web)
//   demo-operator  run the demo operator alone (npm run demo-operator; `sandbox` is its old name,
//                  kept so that scripts written for it still work)
//   connections    list, add (client secret on stdin, kept in the OS keychain), remove
//   sync           fill a connection's archive from the operator (resumable; --json lines); --all: a round
//   archive        status of a connection's archive (counts, size, coverage per partition)
//   export         an Excel export of a connection's invoices, live or from the archive
//   report         a report (vat, aging, status) of a connection's archive to Excel
//   fec            a period's FEC (fichier des écritures comptables) of a connection's archive
//   accounts       the memory of a connection's third parties' accounts to / from a CSV file
//   bank           a connection's bank statements (CFONB 120, CAMT.053, OFX) matched to invoices
//   payments       mark an invoice paid on a day, or take the mark off (the échéancier's marks)
//   rates          import the ECB's reference rates file (foreign currencies in the VAT return)
//   firm           the firm's shared archive on PostgreSQL: init (administrator), connect, status
// Exit codes: 0 done, 1 failed (one line on stderr says why), 2 bad usage.
// Every command lives under cli/ (<name>-command.ts, exporting `run`); they share their plumbing
// (parsing, exit codes, failures): cli/command.ts.

import { exitAfterOutput } from './cli/exit.ts';

/** A command resolves with an exit code when it is done, or with nothing while it keeps serving. */
type Command = (argv: string[]) => Promise<number | void>;

/** A command in its own module under cli/ (exporting `run`), loaded only when it runs. */
function lazy(load: () => Promise<{ run: Command }>): Command {
  return async (argv) => (await load()).run(argv);
}

const COMMANDS: Record<string, Command> = {
  web: lazy(() => import('./cli/web-command.ts')),
  'demo-operator': lazy(() => import('./cli/demo-operator-command.ts')),
  sandbox: lazy(() => import('./cli/demo-operator-command.ts')),
  connections: lazy(() => import('./cli/connections-command.ts')),
  sync: lazy(() => import('./cli/sync-command.ts')),
  archive: lazy(() => import('./cli/archive-command.ts')),
  export: lazy(() => import('./cli/export-command.ts')),
  report: lazy(() => import('./cli/report-command.ts')),
  fec: lazy(() => import('./cli/fec-command.ts')),
  accounts: lazy(() => import('./cli/accounts-command.ts')),
  bank: lazy(() => import('./cli/bank-command.ts')),
  payments: lazy(() => import('./cli/payments-command.ts')),
  rates: lazy(() => import('./cli/rates-command.ts')),
  firm: lazy(() => import('./cli/firm-command.ts')),
};

async function main(argv: string[]): Promise<number | void> {
  const [command, ...rest] = argv;
  const usage = `Usage: node src/main/cli.ts <${Object.keys(COMMANDS).join('|')}> [options] (--help on each)\n`;
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(usage);
    return 0;
  }
  const run =
    command === undefined
      ? undefined
      : Object.hasOwn(COMMANDS, command)
        ? COMMANDS[command]
        : undefined;
  if (!run) {
    process.stderr.write(usage);
    return 2;
  }
  return run(rest);
}

if (import.meta.main) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (typeof code === 'number') exitAfterOutput(code);
    },
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      exitAfterOutput(1);
    },
  );
}
