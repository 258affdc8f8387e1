// One connection of this workstation moved into the firm's store (`archive migrate --to firm`,
// issue 30, item 6): its embedded archive (copy-archive.ts), its user data (copy-user-data.ts)
// and its bank file (copy-bank.ts) in one transaction, so that an interrupted run leaves the connection
// whole or absent, and a run again gives the same. A connection with user data but no archive
// (never synced here) moves its user data and bank alone.
import type pg from 'pg';
import { copyArchive, type CopyResult } from './copy-archive.ts';
import { copyUserData, type UserDataCopy } from './copy-user-data.ts';
import { copyBank } from './copy-bank.ts';
import { inTransaction } from './database.ts';

export interface ConnectionMigrated {
  connectionId: string;
  /** Null when this workstation holds no archive of the connection. */
  archive: CopyResult | null;
  /** Null when this workstation holds no user data of the connection. */
  userData: UserDataCopy | null;
  /** Null when this workstation holds no bank file of the connection. */
  bank: UserDataCopy | null;
}

/** Moves the connection; null when this workstation holds nothing of it. `who` is the user
 * migrating (the firm's history names them as the writer of what moved). */
export async function migrateConnection(
  pool: pg.Pool,
  dataDir: string,
  connectionId: string,
  who: string,
): Promise<ConnectionMigrated | null> {
  let userData: UserDataCopy | null = null;
  let bank: UserDataCopy | null = null;
  const beside = async (client: pg.PoolClient): Promise<void> => {
    userData = await copyUserData(client, dataDir, connectionId, who);
    bank = await copyBank(client, dataDir, connectionId, who);
  };
  const archive = await copyArchive(pool, dataDir, connectionId, beside);
  if (!archive) await inTransaction(pool, beside);
  if (!archive && !userData && !bank) return null;
  return { connectionId, archive, userData, bank };
}

/** Every row of the workstation's user data is in the firm's (the firm may hold more: others'). */
export function userDataMoved(copy: UserDataCopy | null): boolean {
  return (
    copy === null ||
    Object.entries(copy.from).every(([table, count]) => (copy.to[table] ?? 0) >= count)
  );
}
