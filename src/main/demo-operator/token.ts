// The OAuth 2.0 token endpoint (client credentials grant, RFC 6749 §4.4) at a Keycloak-style
// path, and the in-memory store of the opaque tokens it hands out.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type Role = 'user' | 'admin';

export const REALM = 'invoice-desk-demo';
export const TOKEN_PATH = `/realms/${REALM}/protocol/openid-connect/token`;

/** Well-known demo credentials: they protect nothing but the demo operator's fake data. */
export const DEMO_CLIENTS = {
  admin: { clientId: 'demo-admin', clientSecret: 'demo-admin-secret', role: 'admin' },
  user: { clientId: 'demo-user', clientSecret: 'demo-user-secret', role: 'user' },
} as const;

interface TokenEntry {
  role: Role;
  expiresAt: number;
}

export class TokenStore {
  private readonly tokens = new Map<string, TokenEntry>();
  private readonly lifetimeMs: number;
  private readonly now: () => number;

  constructor(lifetimeSeconds: number, now: () => number = Date.now) {
    this.lifetimeMs = lifetimeSeconds * 1000;
    this.now = now;
  }

  issue(role: Role): { token: string; expiresIn: number } {
    this.purge();
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { role, expiresAt: this.now() + this.lifetimeMs });
    return { token, expiresIn: Math.round(this.lifetimeMs / 1000) };
  }

  /** The role of a live token; undefined for an unknown (forged) or expired one. */
  roleOf(token: string): Role | undefined {
    const entry = this.tokens.get(token);
    if (!entry) return undefined;
    if (this.now() >= entry.expiresAt) {
      this.tokens.delete(token);
      return undefined;
    }
    return entry.role;
  }

  /** Drops expired tokens so that a long-running demo operator does not grow without bound. */
  private purge(): void {
    if (this.tokens.size < 1000) return;
    const now = this.now();
    for (const [token, entry] of this.tokens) if (now >= entry.expiresAt) this.tokens.delete(token);
  }
}

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

function oauthError(
  status: number,
  error: string,
  description: string,
  extra: Record<string, string> = {},
): TokenAnswer {
  return {
    status,
    body: { error, error_description: description },
    headers: { ...NO_STORE, ...extra },
  };
}

/** Compares secrets in constant time (hashing first evens out the lengths). */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(
    createHash('sha256').update(a).digest(),
    createHash('sha256').update(b).digest(),
  );
}

/** Form-urlencoded decoding of the Basic credentials (RFC 6749 §2.3.1); null when malformed. */
function basicCredentials(header: string): { id: string; secret: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    const unform = (s: string): string => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** Answers one token request whose body has already been read. */
export function answerTokenRequest(
  req: IncomingMessage,
  body: string,
  store: TokenStore,
): TokenAnswer {
  const challenge = { 'WWW-Authenticate': `Basic realm="${REALM}"` };
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/x-www-form-urlencoded') {
    return oauthError(
      400,
      'invalid_request',
      'the request body must be application/x-www-form-urlencoded',
    );
  }
  const form = new URLSearchParams(body);
  for (const name of ['grant_type', 'client_id', 'client_secret']) {
    if (form.getAll(name).length > 1)
      return oauthError(400, 'invalid_request', `parameter ${name} is repeated`);
  }
  const grantType = form.get('grant_type');
  if (!grantType) return oauthError(400, 'invalid_request', 'missing grant_type');

  const authorization = req.headers.authorization;
  let credentials: { id: string; secret: string } | null;
  if (authorization !== undefined) {
    if (form.has('client_secret')) {
      return oauthError(400, 'invalid_request', 'use one client authentication method, not both');
    }
    credentials = basicCredentials(authorization);
  } else {
    const id = form.get('client_id');
    const secret = form.get('client_secret');
    credentials = id !== null && secret !== null ? { id, secret } : null;
  }
  const client = credentials
    ? Object.values(DEMO_CLIENTS).find(
        (c) => c.clientId === credentials.id && sameSecret(c.clientSecret, credentials.secret),
      )
    : undefined;
  if (!client) return oauthError(401, 'invalid_client', 'client authentication failed', challenge);

  if (grantType !== 'client_credentials') {
    return oauthError(
      400,
      'unsupported_grant_type',
      `grant type '${grantType}' is not supported; use client_credentials`,
    );
  }
  const { token, expiresIn } = store.issue(client.role);
  return {
    status: 200,
    body: { access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: '' },
    headers: NO_STORE,
  };
}
