// The firm's server as `firm init` leaves it for the CLI's tests on a real PostgreSQL server
// (scripts/with-postgres.sh): a schema and the app's role on it, the URL a workstation connects
// with (the role's, without its password), and the keychain's firm entry held while the test
// sets and removes it (one entry whatever the data folder: see keychain-entry.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { initFirm } from '#main/services/archive/postgres/firm-setup.ts';
import { FIRM_VAULT_ACCOUNT } from '#main/services/archive/postgres/firm-settings.ts';
import { keytar, KEYCHAIN_SERVICE } from './cli.ts';
import { holdKeychainEntry } from './keychain-entry.ts';

export interface FirmAppRole {
  schema: string;
  role: string;
  /** postgres://<role>@host/database: what `firm connect` is given. */
  appUrl: string;
  appPassword: string;
  /** The keychain's entry removed and released, the schema and the role dropped. */
  close(): Promise<void>;
}

/** `prefix`_<random> schema and app_<random> role on the server `adminUrl` names. */
export async function firmAppRole(adminUrl: string, prefix: string): Promise<FirmAppRole> {
  const suffix = randomBytes(4).toString('hex');
  const schema = `${prefix}_${suffix}`;
  const role = `app_${suffix}`;
  const { appPassword } = await initFirm({ connectionString: adminUrl }, { schema, appRole: role });
  const url = new URL(adminUrl);
  url.username = role;
  url.password = '';
  const release = await holdKeychainEntry(FIRM_VAULT_ACCOUNT);
  return {
    schema,
    role,
    appUrl: url.toString(),
    appPassword: appPassword!,
    async close() {
      await keytar.deletePassword(KEYCHAIN_SERVICE, FIRM_VAULT_ACCOUNT).catch(() => {});
      release();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.query(`DROP OWNED BY ${role}`).catch(() => {});
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
      } finally {
        await admin.end();
      }
    },
  };
}
