// How the CLI ends: its exit code, once everything it printed has left the process.

/** Exits once stdout and stderr have handed everything to the OS: process.exit() at once
 * dropped all but the first 64 KiB of a long `--json` answer read through a pipe. An empty
 * write's callback runs after the writes queued before it. */
export function exitAfterOutput(code: number): void {
  let pending = 2;
  const done = (): void => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}
