// The throwaway PostgreSQL server of scripts/with-postgres.sh, as the tests use it: each test
// set gets a schema of its own (created with the firm's migrations, dropped after), so tests
// share a server without meeting. Absent INVOICE_DESK_TEST_PG_URL, the PostgreSQL tests skip
// and say why.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '#main/services/archive/postgres/migrate.ts';
import { openPool } from '#main/services/archive/postgres/database.ts';

export const TEST_PG_URL = process.env['INVOICE_DESK_TEST_PG_URL'] ?? null;

/** Why a PostgreSQL test skips (a skip with its reason, never a silent pass). */
export const NO_SERVER =
  'no PostgreSQL server: run under scripts/with-postgres.sh (npm run test:postgres)';

/** A fresh schema holding the firm's archive, a pool on it, and what drops both. */
export async function freshSchema(
  prefix = 'test',
): Promise<{ schema: string; pool: pg.Pool; drop(): Promise<void> }> {
  if (!TEST_PG_URL) throw new Error(NO_SERVER);
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    await migrate(admin, schema);
  } finally {
    await admin.end();
  }
  const pool = openPool({ url: TEST_PG_URL, schema });
  return {
    schema,
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: TEST_PG_URL! });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
