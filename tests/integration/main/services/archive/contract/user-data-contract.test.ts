// The user data port's contract, run on every implementation: the SQLite file of each
// connection (the embedded default) and the firm's PostgreSQL server (issue 30, item 4).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Archives } from '#main/services/archive/archives.ts';
import { userDataDirectory } from '#main/services/archive/user-data-directory.ts';
import { postgresUserDataDirectory } from '#main/services/archive/postgres/user-data.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { userDataContract, type UserDataImplementation } from './user-data-contract.ts';

const implementations: UserDataImplementation[] = [
  {
    name: 'sqlite',
    async open() {
      const dataDir = mkdtempSync(join(tmpdir(), 'user-data-contract-'));
      const archives = new Archives({ dataDir, log: { info() {}, warn() {}, error() {} } });
      return {
        directory: userDataDirectory(archives),
        async close() {
          await archives.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    // The firm's server of scripts/with-postgres.sh (npm run test:postgres), a schema of its own.
    name: 'postgres',
    ...(TEST_PG_URL ? {} : { skip: NO_SERVER }),
    async open() {
      const { pool, drop } = await freshSchema('user_contract');
      return { directory: postgresUserDataDirectory(pool, () => 'contract'), close: drop };
    },
  },
];

userDataContract(implementations);
