// The bank port's contract, run on every implementation: the SQLite bank file of each
// connection (the embedded default) and the firm's PostgreSQL server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bankDirectory } from '#main/services/archive/bank-directory.ts';
import { postgresBankDirectory } from '#main/services/archive/postgres/bank.ts';
import { freshSchema, NO_SERVER, TEST_PG_URL } from '#support/postgres.ts';
import { bankContract, type BankImplementation } from './bank-contract.ts';

const implementations: BankImplementation[] = [
  {
    name: 'sqlite',
    async open() {
      const dataDir = mkdtempSync(join(tmpdir(), 'bank-contract-'));
      return {
        directory: bankDirectory(dataDir),
        close: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'postgres',
    ...(TEST_PG_URL ? {} : { skip: NO_SERVER }),
    async open() {
      const { pool, drop } = await freshSchema('bank_contract');
      return { directory: postgresBankDirectory(pool, () => 'contract'), close: drop };
    },
  },
];

bankContract(implementations);
