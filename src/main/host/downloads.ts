// Exports in the browser host: a browser cannot be handed a path, so each workbook is written to a
// folder of its own under the system's temporary folder and offered once, at
// /download/<random id>?token=<a token for that one download>. The host's own token never goes
// into a download address: an address lands in the browser's history and downloads list, and
// the host's token would open every RPC. The first GET with the right token takes it
// (Content-Disposition: attachment) and the folder is deleted once sent; an export never fetched
// is deleted after a while (its token with it), and every one when the host stops.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { DOWNLOAD_PATH_PREFIX, TOKEN_FRAGMENT_KEY } from '#shared/rpc.ts';
import type { ExportDestination } from '../services/export/export-jobs.ts';
import type { Logger } from '../services/index.ts';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A FEC (.txt): text, its charset the one the user chose (UTF-8 or ISO 8859-15), so unsaid. */
export const TEXT_CONTENT_TYPE = 'text/plain';
/** How long an export waits for its download before it is deleted. */
export const DOWNLOAD_TTL_MS = 10 * 60_000;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Shelved {
  path: string;
  fileName: string;
  /** SHA-256 of this download's own token (equal lengths: a constant-time comparison). */
  tokenDigest: Buffer;
  timer: NodeJS.Timeout;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** What a GET of a download address finds: the export (now off the shelf), a token that is not
 * this download's (the export stays), or nothing (never existed, taken already, or expired). */
export type TakeResult =
  | { found: true; path: string; fileName: string }
  | { found: false; why: 'wrong_token' | 'missing' };

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266, RFC 8187). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export class DownloadShelf {
  readonly #ttlMs: number;
  readonly #log: Logger;
  readonly #shelved = new Map<string, Shelved>();
  /** Folders made by choose() and not yet delivered or discarded. */
  readonly #folders = new Set<string>();

  constructor(options: { log: Logger; ttlMs?: number }) {
    this.#ttlMs = options.ttlMs ?? DOWNLOAD_TTL_MS;
    this.#log = options.log;
  }

  /** What the export service writes to: a fresh temporary folder per export. */
  readonly destination: ExportDestination = {
    choose: async (fileName) => {
      const folder = await mkdtemp(join(tmpdir(), 'invoice-desk-export-'));
      this.#folders.add(folder);
      return join(folder, basename(fileName));
    },
    deliver: async (path, fileName) => {
      const id = randomUUID();
      const token = randomBytes(32).toString('base64url');
      const timer = setTimeout(() => {
        if (this.#shelved.delete(id)) void this.#remove(path);
      }, this.#ttlMs);
      timer.unref();
      this.#shelved.set(id, { path, fileName, tokenDigest: digest(token), timer });
      const query = new URLSearchParams({ [TOKEN_FRAGMENT_KEY]: token });
      return { downloadUrl: `${DOWNLOAD_PATH_PREFIX}${id}?${query}` };
    },
    discard: (path) => this.#remove(path),
  };

  /** Removes the export from the shelf when `token` is its own (one use only) and returns it. */
  take(id: string, token: unknown): TakeResult {
    const shelved = ID.test(id) ? this.#shelved.get(id) : undefined;
    if (!shelved) return { found: false, why: 'missing' };
    if (
      typeof token !== 'string' ||
      token.length === 0 ||
      token.length > 1024 ||
      !timingSafeEqual(shelved.tokenDigest, digest(token))
    )
      return { found: false, why: 'wrong_token' };
    this.#shelved.delete(id);
    clearTimeout(shelved.timer);
    return { found: true, path: shelved.path, fileName: shelved.fileName };
  }

  /** Sends a taken export as an attachment, then deletes it whatever happened. */
  async send(
    res: ServerResponse,
    taken: { path: string; fileName: string },
    headers: Record<string, string>,
  ): Promise<void> {
    try {
      const { size } = await stat(taken.path);
      res.writeHead(200, {
        ...headers,
        'content-type':
          extname(taken.fileName).toLowerCase() === '.txt' ? TEXT_CONTENT_TYPE : XLSX_CONTENT_TYPE,
        'content-length': size,
        'content-disposition': contentDisposition(taken.fileName),
        'cache-control': 'no-store',
      });
      await new Promise<void>((resolve) => {
        const stream = createReadStream(taken.path);
        stream.on('error', (error) => {
          this.#log.warn(`[host] download failed while reading: ${error.message}`);
          res.destroy();
          resolve();
        });
        res.on('close', () => {
          stream.destroy();
          resolve();
        });
        stream.pipe(res);
      });
    } finally {
      await this.#remove(taken.path);
    }
  }

  async #remove(path: string): Promise<void> {
    const folder = dirname(path);
    this.#folders.delete(folder);
    await rm(folder, { recursive: true, force: true }).catch((error: unknown) =>
      this.#log.warn(`[host] could not remove ${folder}: ${(error as Error).message}`),
    );
  }

  /** Deletes every export not downloaded yet (the host stops). */
  async close(): Promise<void> {
    const paths = [...this.#shelved.values()].map((s) => s.path);
    for (const shelved of this.#shelved.values()) clearTimeout(shelved.timer);
    this.#shelved.clear();
    await Promise.all([
      ...paths.map((path) => this.#remove(path)),
      ...[...this.#folders].map((folder) => rm(folder, { recursive: true, force: true })),
    ]);
    this.#folders.clear();
  }
}
