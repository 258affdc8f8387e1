// What the two commands that write a workbook (export, report) share on top of command.ts: the
// --out file, the workbook's language, and the summary line a failure leaves for --json readers.
import { resolve } from 'node:path';
import type { Language } from '#shared/contract.ts';
import { resolveLanguage } from '../handlers.ts';
import type { Services } from '../services/index.ts';
import { UsageError, failureOf, required, writeJsonLine } from './command.ts';

/** --out, required and ending in .xlsx, as an absolute path. */
export function workbookPath(out: string | undefined, usage: string): string {
  const path = required(out, 'out', usage);
  if (!/\.xlsx$/i.test(path)) throw new UsageError('--out must name an .xlsx file', usage);
  return resolve(path);
}

/** The language chosen on the command line, else the app's (INVOICE_DESK_LANG, settings, OS). */
export function workbookLanguage(services: Services, chosen?: Language): Language {
  if (chosen) return chosen;
  const settings = services.connections.getSettings();
  return resolveLanguage(services.env, settings, services.osLocale()).language;
}

/** Runs `body`; with --json, a failure also ends stdout with
 * {"type":"summary","ok":false,"error":{kind,reason?,message}} (stderr says it too). */
export async function summarizingFailure(
  json: boolean,
  body: () => Promise<number>,
): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (json && !(error instanceof UsageError))
      writeJsonLine({ type: 'summary', ok: false, error: failureOf(error) });
    throw error;
  }
}
