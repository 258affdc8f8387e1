// A workstation of a firm for the tests on a real PostgreSQL server (scripts/with-postgres.sh):
// its own data folder with firm.json naming the test's schema (and the server's address, or the
// one it is reached at: a relay the test can cut), the firm's password in its (fake) keychain,
// `client` active, and the app's dispatcher to call its channels.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Result } from '#shared/contract.ts';
import { createDispatcher, createHandlers } from '#main/handlers/index.ts';
import { createServices, type CreateServicesOptions, type Services } from '#main/services/index.ts';
import { fixedClock } from '#main/services/clock.ts';
import { copyArchive } from '#main/services/archive/postgres/copy-archive.ts';
import {
  FIRM_VAULT_ACCOUNT,
  writeFirmSettings,
} from '#main/services/archive/postgres/firm-settings.ts';
import { fakeKeytar, silentLog } from './fakes.ts';
import { fillDemoArchive } from './demo-archive.ts';
import { freshSchema, TEST_PG_URL } from './postgres.ts';

export interface Workstation {
  dataDir: string;
  services: Services;
  /** The channel's value; a failure is thrown with its AppError. */
  call<T>(channel: string, args: unknown): Promise<T>;
  /** The channel's result as the renderer gets it (ok or its AppError). */
  dispatch(channel: string, args: unknown): Promise<Result<unknown>>;
}

export async function workstation(
  schema: string,
  options: {
    now: Date;
    client: string;
    /** Where the server is reached (default TEST_PG_URL's address); its password is ignored. */
    url?: string;
    services?: Partial<CreateServicesOptions>;
  },
): Promise<Workstation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'firm-workstation-'));
  const password = decodeURIComponent(new URL(TEST_PG_URL!).password);
  const url = new URL(options.url ?? TEST_PG_URL!);
  url.password = '';
  writeFirmSettings(dataDir, { url: url.toString(), schema, tls: 'off' });
  const services = createServices({
    dataDir,
    shell: 'browser',
    log: silentLog,
    clock: fixedClock(options.now.toISOString()),
    loadKeytar: async () => fakeKeytar(),
    ...options.services,
  });
  await services.vault.set(FIRM_VAULT_ACCOUNT, password, 'keychain');
  services.connections.updateSettings({ activeConnectionId: options.client });
  const dispatch = createDispatcher(createHandlers(services, { probeIntervalMs: 0 }), {
    log: silentLog,
  }) as (channel: string, args: unknown) => Promise<Result<unknown>>;
  return {
    dataDir,
    services,
    dispatch,
    async call<T>(channel: string, args: unknown): Promise<T> {
      const result = (await dispatch(channel, args)) as Result<T>;
      if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
      return result.value;
    },
  };
}

export interface FirmWithClient {
  schema: string;
  pool: Awaited<ReturnType<typeof freshSchema>>['pool'];
  /** A workstation on this firm, its active connection the client. */
  workstation(services?: Partial<CreateServicesOptions>): Promise<Workstation>;
  /** Every workstation closed, the schema dropped, the folders removed. */
  close(): Promise<void>;
}

/** A fresh firm (`prefix`_<random> schema) holding one client's archive, filled as a sync
 * writes it and copied in as `archive migrate` does, and the workstations opened on it. */
export async function firmWithClient(
  prefix: string,
  fill: { client: string; seed: number; invoices: number; now: Date },
): Promise<FirmWithClient> {
  const firm = await freshSchema(prefix);
  const source = mkdtempSync(join(tmpdir(), `firm-${prefix}-source-`));
  fillDemoArchive(source, fill.client, { seed: fill.seed, invoices: fill.invoices, now: fill.now });
  await copyArchive(firm.pool, source, fill.client);
  const opened: Workstation[] = [];
  return {
    schema: firm.schema,
    pool: firm.pool,
    async workstation(services) {
      const opening = await workstation(firm.schema, {
        now: fill.now,
        client: fill.client,
        ...(services ? { services } : {}),
      });
      opened.push(opening);
      return opening;
    },
    async close() {
      for (const one of opened) await one.services.close();
      await firm.drop();
      for (const dir of [source, ...opened.map((one) => one.dataDir)])
        rmSync(dir, { recursive: true, force: true });
    },
  };
}
