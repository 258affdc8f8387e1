// What the two commands that write a workbook (export, report) share on top of command.ts: the
// --out file, the workbook's language, and the summary line a failure leaves for --json readers.
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileOwnerFrom } from '../services/export/output-name.ts';
import type { Language } from '#shared/contract.ts';
import { resolveLanguage } from '../handlers/index.ts';
import type { Services } from '../services/index.ts';
import { UsageError, failureOf, withServices, withStopSignals, writeJsonLine } from './command.ts';

/** Where --out says the workbook goes: a file (ending in .xlsx), or a folder (an existing one,
 * or a path ending in /) where it takes its default name, `<company> <SIREN> <what> <period>.xlsx`;
 * no --out: that name in the current folder. */
export type WorkbookOut = { file: string } | { folder: string };

export function workbookOut(out: string | undefined, usage: string): WorkbookOut {
  if (out === undefined) return { folder: process.cwd() };
  if (out.trim() === '') throw new UsageError('--out must not be empty', usage);
  if (/[\\/]$/.test(out) || isFolder(out)) return { folder: resolve(out) };
  if (!/\.xlsx$/i.test(out))
    throw new UsageError('--out must name an .xlsx file or a folder', usage);
  return { file: resolve(out) };
}

/** The file --out leads to, once the default name is known. */
export function workbookPathOf(out: WorkbookOut, defaultName: string): string {
  if ('file' in out) return out.file;
  mkdirSync(out.folder, { recursive: true });
  return join(out.folder, defaultName);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The owner of a connection's files (output-name.ts), from its archive and user data if any. */
export async function workbookOwner(services: Services, connection: { id: string; name: string }) {
  return fileOwnerFrom(
    connection.name,
    await services.archives.ports.existing(connection.id),
    await services.userData.existing(connection.id),
  );
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

/** A command writing one file of a connection: the services opened, Ctrl-C aborting the write
 * (`signal`), and a failure summarized as --json wants (summarizingFailure). */
export function writingFile(
  json: boolean,
  body: (services: Services, signal: AbortSignal) => Promise<number>,
): Promise<number> {
  const controller = new AbortController();
  return withStopSignals(
    () => controller.abort(),
    () =>
      withServices((services) => summarizingFailure(json, () => body(services, controller.signal))),
  );
}
