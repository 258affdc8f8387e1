// Serves the built renderer: files only (no listing), confined to the renderer folder. Plain Node,
// shared by the browser host and the Electron shell's app:// protocol (src/main/platform).
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { CONTENT_SECURITY_POLICY } from '#shared/csp.ts';
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

function contentTypeOf(path: string): string {
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

/** The headers every renderer file is sent with: the CSP as a header too (a <meta> cannot say
 * frame-ancestors), no sniffing, no referrer. */
const RENDERER_SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/** A fetch Response for a request to the renderer (what Electron's protocol.handle wants): the
 * file with its type and the security headers, 404 for anything outside the renderer folder,
 * 405 for anything but GET and HEAD. Only the URL's path is read (never its host or query). */
export async function rendererResponse(
  root: string,
  requestUrl: string,
  method = 'GET',
): Promise<Response> {
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response('Method not allowed', {
      status: 405,
      headers: { ...RENDERER_SECURITY_HEADERS, allow: 'GET, HEAD' },
    });
  }
  let path: string;
  try {
    path = new URL(requestUrl).pathname;
  } catch {
    return notFound();
  }
  const file = await resolveStaticFile(root, path);
  if (!file) return notFound();
  const headers = {
    ...RENDERER_SECURITY_HEADERS,
    'content-type': file.contentType,
    'content-length': String(file.size),
    'cache-control': file.contentType.startsWith('text/html') ? 'no-store' : 'no-cache',
  };
  if (method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(file.open() as Readable) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

function notFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { ...RENDERER_SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
  });
}
