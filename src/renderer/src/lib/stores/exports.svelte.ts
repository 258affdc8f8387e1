// The Excel exports of this window, one per place that offers "Exporter vers Excel" (a screen's
// results, one invoice). They live outside the screens: an export keeps running, and its outcome
// waits, while the user looks at another screen. Main does the work and chooses where the file
// goes; in the browser the finished workbook is fetched once from the address main gives.
import type { AppError } from '#shared/contract.ts';
import type { ExportProgress, ExportTarget } from '#shared/exports.ts';
import { untrack } from 'svelte';
import { api } from '../api.ts';
import { session } from './session.svelte.ts';

export type ExportOutcome =
  | { kind: 'saved'; path: string; rows: number }
  | { kind: 'downloaded'; fileName: string; rows: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: AppError };

export class ExportRun {
  readonly exportId: string;
  readonly target: ExportTarget;
  running = $state(true);
  /** The last step main reported; null until the first. */
  progress = $state<ExportProgress | null>(null);
  outcome = $state<ExportOutcome | null>(null);

  constructor(exportId: string, target: ExportTarget) {
    this.exportId = exportId;
    this.target = target;
  }
}

/** Starts the browser's download of a one-time address (the browser host). */
function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** A place's runs are the active connection's: an export started under another connection runs
 * on, unseen, and shows again (progress, outcome) if that connection becomes active again. */
function slot(place: string): string {
  return `${session.owner}\n${place}`;
}

class Exports {
  /** The last export of each place of each connection, by slot(place). */
  #runs = $state<Record<string, ExportRun>>({});
  #byExportId = new Map<string, ExportRun>();
  #listening = false;

  get(place: string): ExportRun | undefined {
    return this.#runs[slot(place)];
  }

  async start(where: string, target: ExportTarget): Promise<void> {
    const place = untrack(() => slot(where));
    if (this.#runs[place]?.running) return;
    this.#listen();
    // A plain object: Electron's IPC cannot clone a reactive proxy.
    const run = new ExportRun(crypto.randomUUID(), $state.snapshot(target) as ExportTarget);
    this.#runs[place] = run;
    this.#byExportId.set(run.exportId, run);
    const r = await api.invoke('export:start', { exportId: run.exportId, target: run.target });
    this.#byExportId.delete(run.exportId);
    run.running = false;
    if (!r.ok) {
      run.outcome =
        r.error.kind === 'cancelled' ? { kind: 'cancelled' } : { kind: 'failed', error: r.error };
    } else if (r.value === null) {
      // The user closed the save dialog: nothing happened, nothing to say.
      if (this.#runs[place] === run) delete this.#runs[place];
    } else if (r.value.downloadUrl) {
      download(r.value.downloadUrl, r.value.fileName);
      run.outcome = { kind: 'downloaded', fileName: r.value.fileName, rows: r.value.rows };
    } else {
      run.outcome = {
        kind: 'saved',
        path: r.value.savedTo ?? r.value.fileName,
        rows: r.value.rows,
      };
    }
  }

  async cancel(place: string): Promise<void> {
    const run = this.#runs[untrack(() => slot(place))];
    if (run?.running) await api.invoke('export:cancel', { exportId: run.exportId });
  }

  /** Forgets a finished export's outcome (the message is closed). */
  dismiss(where: string): void {
    const place = untrack(() => slot(where));
    if (this.#runs[place] && !this.#runs[place].running) delete this.#runs[place];
  }

  #listen(): void {
    if (this.#listening) return;
    this.#listening = true;
    api.on('export:progress', (progress) => {
      const run = progress ? this.#byExportId.get(progress.exportId) : undefined;
      if (run) run.progress = progress;
    });
  }
}

export const excelExports = new Exports();
