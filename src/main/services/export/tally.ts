// What an export's source has read so far: the progress it reports, and the dates and counts the
// "À propos" sheet states.
import type { AboutInfo } from './about.ts';

/** An export's progress, as the exporter reports it. */
export interface ExportStep {
  phase: 'fetching' | 'writing';
  /** Rows read from the source (fetching) or written to the main sheet (writing). */
  rows: number;
  /** Rows the main sheet will have, once the source has said. */
  total: number | null;
}

export class Tally {
  /** Rows read from the source. */
  rows = 0;
  /** Rows the main sheet will have, once known. */
  total: number | null;
  /** What the operator says matches, when it says (may exceed what it lets us read). */
  matching: number | null = null;
  /** Oldest and newest fetch (live) or sync (archive) time of the rows, ISO. */
  from?: string;
  to?: string;
  readonly #report: (step: ExportStep) => void;

  constructor(total: number | null, report: (step: ExportStep) => void) {
    this.total = total;
    this.#report = report;
  }

  /** `rows` more were read; said to the progress bar unless `quiet`. */
  add(rows: number, quiet = false): void {
    this.rows += rows;
    if (!quiet) this.#report({ phase: 'fetching', rows: this.rows, total: this.total });
  }

  seen(at: string | null | undefined): void {
    if (!at) return;
    if (this.from === undefined || at < this.from) this.from = at;
    if (this.to === undefined || at > this.to) this.to = at;
  }

  /** The dates of the data read, into the "À propos" sheet. */
  datesInto(about: AboutInfo): void {
    if (this.from) about.dataFrom = this.from;
    if (this.to) about.dataTo = this.to;
  }
}
