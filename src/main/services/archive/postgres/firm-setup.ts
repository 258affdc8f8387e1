// What the firm's administrator does once (`firm init`), and what a workstation checks
// (`firm connect`, `firm status`): the schema created and migrated with the administrator's
// role, and the app's own role, which reads and writes the archive's rows but cannot change the
// schema (no CREATE on it, not the owner of any table, schema_migrations read-only). The app
// role's password is sent to the server as a SCRAM verifier only: the clear password never
// reaches the server's statement log.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import pg from 'pg';
import { checkedSchema } from './database.ts';
import { assertSchema, migrate, appliedVersion, SCHEMA_VERSION } from './migrate.ts';
import { vacuumTables } from './vacuum.ts';

/** The app's role unless told otherwise. */
export const DEFAULT_APP_ROLE = 'invoice_desk_app';

/** PostgreSQL's SCRAM-SHA-256 verifier of a password (what CREATE ROLE … PASSWORD stores). */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest();
  const serverKey = hmac(salted, 'Server Key');
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

export interface FirmInit {
  schema: string;
  schemaVersion: number;
  appRole: string;
  /** Set when this run created the role (or was asked to set a new password): shown once. */
  appPassword: string | null;
  /** The schema's tables vacuumed and analysed by this run (vacuum.ts: after a migration). */
  vacuumed: number;
}

/** Creates or upgrades the firm's schema and its app role, as the administrator `admin`. */
export async function initFirm(
  admin: pg.ClientConfig,
  options: { schema: string; appRole?: string; newPassword?: boolean },
): Promise<FirmInit> {
  const schema = checkedSchema(options.schema);
  const role = checkedSchema(options.appRole ?? DEFAULT_APP_ROLE);
  const client = new pg.Client(admin);
  await client.connect();
  try {
    const schemaVersion = await migrate(client, schema);
    const exists =
      (await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rows.length > 0;
    let appPassword: string | null = null;
    if (!exists || options.newPassword) {
      appPassword = randomBytes(24).toString('base64url');
      const { rows } = await client.query<{ sql: string }>(
        `SELECT format(${exists ? "'ALTER ROLE %I PASSWORD %L'" : "'CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD %L'"}, $1::text, $2::text) AS sql`,
        [role, scramVerifier(appPassword)],
      );
      await client.query(rows[0]!.sql);
    }
    // Rows only: reading and writing the archive, never its shape.
    for (const grant of [
      `GRANT USAGE ON SCHEMA ${schema} TO ${role}`,
      `REVOKE CREATE ON SCHEMA ${schema} FROM ${role}`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`,
      `REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ${schema}.schema_migrations FROM ${role}`,
      // UPDATE: setval, which a migration uses to place the ids it copies.
      `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`,
      `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schema} TO ${role}`,
      // The shared work's history is append-only (002_user_data.sql): added to, never changed.
      `REVOKE UPDATE, DELETE, TRUNCATE ON ${schema}.user_data_history FROM ${role}`,
    ])
      await client.query(grant);
    // Run again after an upgrade or a bulk load, the planner gets fresh statistics.
    await client.query(`SELECT ${schema}.refresh_statistics()`);
    // And the visibility map, which only the tables' owner can set (vacuum.ts): run again after
    // `archive migrate`, the archive's counts read its indexes alone at once.
    const vacuumed = (await vacuumTables(client, schema)).length;
    return { schema, schemaVersion, appRole: role, appPassword, vacuumed };
  } finally {
    await client.end();
  }
}

export interface FirmStatus {
  user: string;
  server: string;
  schema: string;
  schemaVersion: number;
  /** What this app knows: equal to schemaVersion when the two can work together. */
  appSchemaVersion: number;
  /** Must be false for the app's role (issue 30: the app cannot change the schema). */
  canChangeSchema: boolean;
  archives: number;
  /** The connection is encrypted (TLS). */
  encrypted: boolean;
}

/** Connects as the workstation would, checks the schema, and says what it found. */
export async function firmStatus(config: pg.ClientConfig, schema: string): Promise<FirmStatus> {
  checkedSchema(schema);
  const client = new pg.Client(config);
  await client.connect();
  try {
    await assertSchema(client, schema);
    const { rows } = await client.query<{
      user: string;
      server: string;
      create: boolean;
      owner: boolean;
      tls: boolean;
    }>(
      `SELECT current_user AS user, current_setting('server_version') AS server,
         has_schema_privilege($1, 'CREATE') AS create,
         EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tableowner = current_user)
           AS owner,
         coalesce((SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()), false) AS tls`,
      [schema],
    );
    const archives = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.archives`,
    );
    const status = rows[0]!;
    return {
      user: status.user,
      server: status.server,
      schema,
      schemaVersion: await appliedVersion(client, schema),
      appSchemaVersion: SCHEMA_VERSION,
      canChangeSchema: status.create || status.owner,
      archives: archives.rows[0]!.n,
      encrypted: status.tls,
    };
  } finally {
    await client.end();
  }
}
