// One entry of the real keychain held by one test file at a time. Some entries do not depend on
// the data folder (the firm server's password, FIRM_VAULT_ACCOUNT): two files that set and remove
// the same one, run at once (the plain-Node suite runs three files at a time, each in its own
// process), would take it from under each other. A lock file, made with O_EXCL and naming its
// holder's pid, says which process holds it; a holder that died leaves it to the next.
import { createHash } from 'node:crypto';
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const WAIT_MS = 100;
const GIVE_UP_MS = 300_000;

/** The lock's file: one per keychain (the session bus of scripts/with-keyring.sh) and entry, so
 * that runs on other keychains never wait on it. */
export function lockPath(account: string): string {
  const keychain = process.env.DBUS_SESSION_BUS_ADDRESS ?? '';
  const key = createHash('sha256').update(`${keychain}\n${account}`).digest('hex').slice(0, 16);
  return join(tmpdir(), `invoice-desk-keychain-entry-${key}.lock`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid the lock file names: NaN while its maker has not written it yet, null once gone. */
function holderOf(path: string): number | null {
  try {
    return Number(readFileSync(path, 'utf8') || 'NaN');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Waits until this process holds `account`'s entry; resolves with its release. */
export async function holdKeychainEntry(account: string): Promise<() => void> {
  const path = lockPath(account);
  const started = Date.now();
  for (;;) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(path);
    if (holder === null) continue; // released meanwhile
    // A file just made has no pid yet: only a named holder that is gone is stale.
    if (Number.isInteger(holder) && !alive(holder)) {
      rmSync(path, { force: true });
      continue;
    }
    if (Date.now() - started > GIVE_UP_MS)
      throw new Error(`the keychain entry "${account}" is still held by process ${holder}`);
    await delay(WAIT_MS);
  }
}
