// Who did something the app records (an exception handled, a return declared, a client listed,
// anything written to the firm's archive): the operating system's user name of the workstation
// (what a firm's accountants log on with, so the record says which of them did it without a
// setting to keep), else the environment's, else "?". One name for one person everywhere: the
// firm's archive once wrote "marie@poste-2" where the exceptions and returns said "marie".
import { userInfo } from 'node:os';

export function workstationUser(env: NodeJS.ProcessEnv = process.env): string {
  try {
    const name = userInfo().username.trim();
    if (name) return name;
  } catch {
    // No passwd entry for this uid (a container): the environment may say.
  }
  return (env.USER ?? env.USERNAME ?? '').trim() || '?';
}
