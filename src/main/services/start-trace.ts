// main's start-up as a timeline (issue 27, item 7): with INVOICE_DESK_TRACE_START=1 each step
// of the first screen's path (the host's requests, the warm-up, the token, the first search, the
// archive) prints one line on stderr, `[start-trace] <epoch ms> <step>`, for its first 10 s.
// Epoch milliseconds (performance.timeOrigin + now), so that bench/start-main-trace.ts can put
// them beside the page's own navigation timings. Off (nothing written, nothing kept) otherwise.
// A step names what happened, never an argument or an answer: no secret can reach it.
import { isMainThread } from 'node:worker_threads';

const ENABLED = process.env.INVOICE_DESK_TRACE_START === '1';
/** Long enough for a loaded machine's first row; short enough not to trace a sync's pages. */
const TRACE_FOR_MS = 10_000;

export const START_TRACE_PREFIX = '[start-trace]';

let begun = false;

/** Notes `step` on the timeline (nothing when tracing is off); the first also notes when this
 * process (or thread) started. */
export function traceStart(step: string): void {
  if (!ENABLED) return;
  const elapsed = performance.now();
  if (elapsed > TRACE_FOR_MS) return;
  if (!begun) {
    begun = true;
    write(performance.timeOrigin, isMainThread ? 'process started' : 'thread started');
  }
  write(performance.timeOrigin + elapsed, step);
}

function write(at: number, step: string): void {
  process.stderr.write(`${START_TRACE_PREFIX} ${at.toFixed(1)} ${step}\n`);
}
