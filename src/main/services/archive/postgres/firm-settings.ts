// Where a workstation finds the firm's archive: the server's address (without its password),
// the schema and the TLS choice in <data dir>/firm.json (owner-only, like the settings), the
// password in the OS keychain (services/vault) and nowhere else. Absent file: the embedded
// SQLite archive, as before (the default: the README's commands need no server).
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkedSchema, DEFAULT_SCHEMA } from './database.ts';

/** The keychain account of the firm server's password. */
export const FIRM_VAULT_ACCOUNT = 'firm-archive';

export type TlsMode = 'verify' | 'no-verify' | 'off';

export interface FirmSettings {
  /** postgres://user@host:port/database: never a password. */
  url: string;
  schema: string;
  /** verify: TLS, the server's certificate checked (against `caFile` when given); no-verify:
   * TLS without the check (a test server); off: no TLS (a server on this machine). */
  tls: TlsMode;
  caFile?: string;
}

export function firmSettingsPath(dataDir: string): string {
  return join(dataDir, 'firm.json');
}

/** A postgres:// URL taken apart: the address without its password, and the password. */
export function splitUrl(text: string): { url: string; password: string | null; user: string } {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    throw new RangeError('not a URL: postgres://user@host:port/database');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new RangeError('not a PostgreSQL URL: postgres://user@host:port/database');
  if (!parsed.username) throw new RangeError('the URL names no user: postgres://user@host/…');
  if (!parsed.hostname) throw new RangeError('the URL names no server: postgres://user@host/…');
  const password = parsed.password ? decodeURIComponent(parsed.password) : null;
  parsed.password = '';
  return { url: parsed.toString(), password, user: decodeURIComponent(parsed.username) };
}

export function readFirmSettings(dataDir: string): FirmSettings | null {
  const path = firmSettingsPath(dataDir);
  if (!existsSync(path)) return null;
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<FirmSettings>;
  if (typeof raw.url !== 'string') throw new Error(`${path} names no server`);
  const tls: TlsMode = raw.tls === 'off' || raw.tls === 'no-verify' ? raw.tls : 'verify';
  return {
    url: splitUrl(raw.url).url,
    schema: checkedSchema(raw.schema ?? DEFAULT_SCHEMA),
    tls,
    ...(typeof raw.caFile === 'string' ? { caFile: raw.caFile } : {}),
  };
}

export function writeFirmSettings(dataDir: string, settings: FirmSettings): void {
  const path = firmSettingsPath(dataDir);
  const clean: FirmSettings = { ...settings, url: splitUrl(settings.url).url };
  writeFileSync(path, `${JSON.stringify(clean, null, 2)}\n`, { mode: 0o600 });
  if (process.platform !== 'win32') chmodSync(path, 0o600);
}

export function removeFirmSettings(dataDir: string): void {
  rmSync(firmSettingsPath(dataDir), { force: true });
}

/** The pool's TLS options for a mode (the CA file read when given). */
export function tlsOptions(
  settings: Pick<FirmSettings, 'tls' | 'caFile'>,
): { verify: boolean; ca?: string } | null {
  if (settings.tls === 'off') return null;
  return {
    verify: settings.tls === 'verify',
    ...(settings.caFile ? { ca: readFileSync(settings.caFile, 'utf8') } : {}),
  };
}
