// Error answers shaped like the real operator's: {code?, statusMessage, details?}, always JSON.
import type { ServerResponse } from 'node:http';

export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(typeof body.statusMessage === 'string' ? body.statusMessage : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function badRequest(statusMessage: string, details: unknown): HttpError {
  return new HttpError(400, { code: 'BAD_REQUEST', statusMessage, details });
}

export function notFound(statusMessage: string, details?: unknown): HttpError {
  return new HttpError(404, {
    code: 'NOT_FOUND',
    statusMessage,
    ...(details === undefined ? {} : { details }),
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}
