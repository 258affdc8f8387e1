// The demo operator's request log (--log FILE): one JSON line per request, written with a plain
// append before the answer leaves, so a test that has its answer can already read the line, and a
// killed process loses none. Only the method, the path with its query, the status and the time:
// never a header (Authorization) nor a body (client secrets, tokens).
import { closeSync, openSync, writeSync } from 'node:fs';

export interface RequestLogEntry {
  /** ISO time on the demo operator's clock. */
  time: string;
  method: string;
  /** Path with its query string, as requested (the token path without its query). */
  path: string;
  /** HTTP status; 499 when the client left before the answer was sent (nginx's convention). */
  status: number;
}

/** Status logged for a request whose client closed the connection before the answer. */
export const CLIENT_CLOSED = 499;

export class RequestLog {
  private fd: number | undefined;
  private failed = false;

  /** Opens (creates) the file for appending; throws at once if it cannot be written. */
  constructor(file: string) {
    this.fd = openSync(file, 'a', 0o644);
  }

  write(entry: RequestLogEntry): void {
    if (this.fd === undefined) return;
    try {
      writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    } catch (e) {
      // A full disk must not take the operator down: say it once, keep serving.
      if (!this.failed)
        process.stderr.write(
          `demo operator: cannot write the request log: ${(e as Error).message}\n`,
        );
      this.failed = true;
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}
