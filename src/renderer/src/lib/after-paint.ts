// Work the first screen does not need waits until that screen has been painted (issue 27,
// item 7): on a fresh start every task before the first invoice rows delays them.

/** The most a deferred piece of work waits: a window that is not painting (hidden, minimised)
 * gets no animation frames, and what waits here must still happen there. */
const AT_THE_LATEST_MS = 250;

/** Runs `work` once, in a task after the next painted frame (or after 250 ms without frames);
 * returns a function that cancels it. */
export function afterPaint(work: () => void): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    if (done) return;
    done = true;
    cancel();
    work();
  };
  const frame = requestAnimationFrame(() => (task = setTimeout(run, 0)));
  const latest = setTimeout(run, AT_THE_LATEST_MS);
  function cancel(): void {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(latest);
  }
  return cancel;
}
