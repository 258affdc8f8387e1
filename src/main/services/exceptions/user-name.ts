// Who marks an exception handled: the operating system's user name of the workstation (what a
// firm's accountants log on with, so the note says which of them wrote it without a setting to
// keep), else the environment's, else "?".
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
