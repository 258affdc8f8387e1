// Serves the built renderer: files only (no listing), confined to the renderer folder.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export interface StaticFile {
  path: string;
  size: number;
  contentType: string;
  open(): NodeJS.ReadableStream;
}

/**
 * The file a URL path names inside root, or undefined (→ 404) for anything else: a directory,
 * a missing file, an encoded or literal `..`, a NUL, a backslash, a symlink leading outside.
 */
export async function resolveStaticFile(
  root: string,
  urlPath: string,
): Promise<StaticFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\'))
    return undefined;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.')) return undefined;
  const relative = segments.length === 0 ? ['index.html'] : segments;
  try {
    const realRoot = await realpath(root);
    const real = await realpath(join(realRoot, ...relative));
    if (!real.startsWith(realRoot + sep)) return undefined;
    const info = await stat(real);
    if (!info.isFile()) return undefined;
    return {
      path: real,
      size: info.size,
      contentType: contentTypeOf(real),
      open: () => createReadStream(real),
    };
  } catch {
    return undefined;
  }
}
