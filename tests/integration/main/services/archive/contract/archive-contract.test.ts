// The archive ports' contract, run on every implementation: a second store runs the same tests
// by adding its entry here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Archives } from '#main/services/archive/archives.ts';
import { PostgresArchives } from '#main/services/archive/postgres/archives.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { archiveContract, type ArchiveImplementation } from './archive-contract.ts';

const NOW = new Date('2026-03-15T10:00:00.000Z');

const implementations: ArchiveImplementation[] = [
  {
    name: 'sqlite',
    async open() {
      const dataDir = mkdtempSync(join(tmpdir(), 'archive-contract-'));
      const archives = new Archives({
        dataDir,
        log: { info() {}, warn() {}, error() {} },
        now: () => NOW,
      });
      return {
        archives: archives.ports,
        async close() {
          await archives.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    // The firm's archive (issue 30): a schema of its own on the server of
    // scripts/with-postgres.sh (npm run test:postgres), dropped after.
    name: 'postgres',
    ...(TEST_PG_URL ? {} : { skip: NO_SERVER }),
    async open() {
      const { pool, schema, drop } = await freshSchema('contract');
      const archives = new PostgresArchives(pool, schema);
      return { archives: archives.ports, close: drop };
    },
  },
];

archiveContract(implementations);
