// What the settings screen's "Archive du cabinet" does (issue 30, item 2), as `cli firm
// connect | disconnect` do: "Tester" reaches the server with what was typed and says what it
// found; "Connecter" tests first, then keeps the password in the OS keychain (never in
// firm.json, a log or an answer to the screen) and the rest in firm.json; "Déconnecter" goes
// back to the embedded archive and forgets the password.
import type pg from 'pg';
import type { FirmConnectArgs, FirmTestResult } from '#shared/firm.ts';
import { addressOf } from '../archive/postgres/database.ts';
import {
  FIRM_VAULT_ACCOUNT,
  removeFirmSettings,
  splitUrl,
  tlsOptions,
  writeFirmSettings,
  type FirmSettings,
} from '../archive/postgres/firm-settings.ts';
import { firmStatus } from '../archive/postgres/firm-setup.ts';
import { DEFAULT_SCHEMA } from '../archive/postgres/database.ts';
import { isUnreachable, reasonOf } from '../archive/store-choice.ts';

export interface FirmVault {
  set(account: string, secret: string, storage: 'keychain'): Promise<void>;
  delete(account: string): Promise<void>;
}

/** How long a test waits for the server before saying it cannot be reached. */
const CONNECT_TIMEOUT_MS = 8_000;

function settingsOf(args: FirmConnectArgs): FirmSettings {
  return {
    url: splitUrl(args.url).url,
    schema: DEFAULT_SCHEMA,
    tls: args.tls,
    ...(args.caFile ? { caFile: args.caFile } : {}),
  };
}

function clientConfig(settings: FirmSettings, password: string): pg.ClientConfig {
  const tls = tlsOptions(settings);
  return {
    ...addressOf(settings.url),
    password,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(tls ? { ssl: { rejectUnauthorized: tls.verify, ...(tls.ca ? { ca: tls.ca } : {}) } } : {}),
  };
}

/** What went wrong, in the screen's words (its kind) and the server's (its detail). */
function problemOf(error: unknown): Extract<FirmTestResult, { ok: false }> {
  const detail = reasonOf(error);
  const code = (error as { code?: unknown }).code;
  if (error instanceof RangeError) return { ok: false, problem: 'invalid', detail };
  if ((error as { syscall?: string }).syscall === 'open' || code === 'ENOENT')
    return { ok: false, problem: 'ca_file', detail };
  if (code === '28P01' || code === '28000') return { ok: false, problem: 'auth', detail };
  if (isUnreachable(error) || /timeout/i.test(detail))
    return { ok: false, problem: 'unreachable', detail };
  if (/CERT|certificate|SSL|TLS|self.signed/i.test(`${String(code ?? '')} ${detail}`))
    return { ok: false, problem: 'tls', detail };
  if (/schema/i.test(detail)) return { ok: false, problem: 'schema', detail };
  return { ok: false, problem: 'server', detail };
}

/** Reaches the server as the workstation would, changing nothing. */
export async function testFirm(args: FirmConnectArgs): Promise<FirmTestResult> {
  try {
    const settings = settingsOf(args);
    const found = await firmStatus(clientConfig(settings, args.password), settings.schema);
    return {
      ok: true,
      schemaVersion: found.schemaVersion,
      appSchemaVersion: found.appSchemaVersion,
      encrypted: found.encrypted,
    };
  } catch (error) {
    return problemOf(error);
  }
}

/** Tests, then keeps: a failed test leaves the workstation as it was. */
export async function connectFirm(
  dataDir: string,
  vault: FirmVault,
  args: FirmConnectArgs,
): Promise<FirmTestResult> {
  const found = await testFirm(args);
  if (!found.ok) return found;
  await vault.set(FIRM_VAULT_ACCOUNT, args.password, 'keychain');
  writeFirmSettings(dataDir, settingsOf(args));
  return found;
}

/** Back to the embedded archive; the password forgotten. */
export async function disconnectFirm(dataDir: string, vault: FirmVault): Promise<void> {
  removeFirmSettings(dataDir);
  await vault.delete(FIRM_VAULT_ACCOUNT).catch(() => undefined);
}
