// Why an export could not be written, in words a user can act on: which folder, and what to do.
// Never a stack, never a secret; the UI words each kind in the user's language. Beside the
// services' other errors, not in export/: the FEC (accounting/) writes files too (issue 28, item 6).
import { dirname } from 'node:path';

/** How a write failed, as the export worker reports it (export/protocol.ts). */
export interface WorkerFailure {
  code?: string;
  syscall?: string;
  message: string;
}

export const EXPORT_ERROR_KINDS = [
  'permission', // the folder (or the file) may not be written: rights, read-only disk
  'folder_missing', // the folder is gone (unplugged drive, deleted, renamed)
  'disk_full', // no space left (or over quota, or over the file system's file size limit)
  'file_busy', // the target file is open in another program (Excel keeps it locked)
  'cancelled', // the user cancelled
  'write_failed', // anything else while writing
] as const;
export type ExportErrorKind = (typeof EXPORT_ERROR_KINDS)[number];

export class ExportError extends Error {
  readonly kind: ExportErrorKind;
  /** The folder the workbook was meant to go to. */
  readonly folder: string;
  /** The system's error code (EACCES, ENOSPC…), for logs. */
  readonly code?: string;

  constructor(kind: ExportErrorKind, message: string, folder: string, code?: string) {
    super(message);
    this.name = 'ExportError';
    this.kind = kind;
    this.folder = folder;
    if (code !== undefined) this.code = code;
  }
}

export function isExportError(error: unknown): error is ExportError {
  return error instanceof ExportError;
}

const KIND_BY_CODE: Record<string, ExportErrorKind> = {
  EACCES: 'permission',
  EPERM: 'permission',
  EROFS: 'permission',
  ENOENT: 'folder_missing',
  ENOTDIR: 'folder_missing',
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  EFBIG: 'disk_full',
  EBUSY: 'file_busy',
  ETXTBSY: 'file_busy',
};

export function exportErrorFrom(failure: WorkerFailure, targetPath: string): ExportError {
  const folder = dirname(targetPath);
  // Renaming onto a file another program holds open: the folder is fine, the file is not.
  const kind =
    failure.syscall === 'rename' && (failure.code === 'EPERM' || failure.code === 'EACCES')
      ? 'file_busy'
      : (KIND_BY_CODE[failure.code ?? ''] ?? 'write_failed');
  const messages: Record<ExportErrorKind, string> = {
    permission: `The folder "${folder}" cannot be written to (permission denied or read-only). Choose another folder.`,
    folder_missing: `The folder "${folder}" does not exist any more. Choose another folder.`,
    disk_full: `There is not enough space left in "${folder}" for this export. Free some space or choose another disk.`,
    file_busy: `The file "${targetPath}" is open in another program. Close it, or choose another name.`,
    cancelled: 'The export was cancelled.',
    write_failed: `The export could not be written to "${folder}": ${failure.code ?? failure.message}.`,
  };
  return new ExportError(kind, messages[kind], folder, failure.code);
}

export function cancelledExport(targetPath: string): ExportError {
  return new ExportError('cancelled', 'The export was cancelled.', dirname(targetPath));
}
