// Headless entry: `node src/main/cli.ts <command> [options]`.
//   web            serve the built renderer and the handlers to a local browser (npm run start:web)
//   demo-operator  run the demo operator alone (npm run demo-operator; `sandbox` is its old name,
//                  kept so that scripts written for it still work)
//   report         a report (vat, aging, status) of a connection's archive to Excel
import { runWebCli } from './host/web-cli.ts';

/** A command resolves with an exit code when it is done, or with nothing while it keeps serving. */
type Command = (argv: string[]) => Promise<number | void>;

const COMMANDS: Record<string, Command> = {
  web: runWebCli,
  // Loaded on demand: `web` does not need the demo operator's CLI.
  'demo-operator': runDemoOperator,
  sandbox: runDemoOperator,
  report: async (argv) => (await import('./cli/report-command.ts')).runReportCommand(argv),
};

async function runDemoOperator(argv: string[]): Promise<number | void> {
  return (await import('./demo-operator/index.ts')).runDemoOperatorCli(argv);
}

async function main(argv: string[]): Promise<number | void> {
  const [command, ...rest] = argv;
  const run = command === undefined ? undefined : COMMANDS[command];
  if (!run) {
    process.stderr.write(
      `Usage: node src/main/cli.ts <${Object.keys(COMMANDS).join('|')}> [options]\n`,
    );
    return 2;
  }
  return run(rest);
}

if (import.meta.main) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (typeof code === 'number') process.exit(code);
    },
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
