// A fetch that records every operator request (token requests left out) before sending it, in
// memory or appended to a file (so a child process killed mid-sync leaves its list behind); and a
// child that stays a zombie once killed (for the sync lock).
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { RunningDemoOperator } from '#main/demo-operator/index.ts';
import {
  OperatorClient,
  type OperatorClientOptions,
} from '#main/services/operator/operator-client.ts';

export interface RecordingFetch {
  fetch: typeof fetch;
  /** "METHOD path?query → status" is not kept: only what was asked, in order. */
  requests: string[];
  statuses: number[];
}

export function requestKeyOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

export function recordingFetch(tokenUrl: string, logFile?: string): RecordingFetch {
  const requests: string[] = [];
  const statuses: number[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const isToken = url === tokenUrl;
    if (!isToken) {
      const key = requestKeyOf(url);
      requests.push(key);
      if (logFile) appendFileSync(logFile, `${key}\n`);
    }
    const response = await fetch(input, init);
    if (!isToken) statuses.push(response.status);
    return response;
  };
  return { fetch: wrapped, requests, statuses };
}

/** An operator client of the demo operator's user client whose requests are recorded; `extra`
 * sets the retry knobs a test wants (fast backoff, a short Retry-After cap). */
export function recordedClient(
  operator: RunningDemoOperator,
  extra: Partial<Omit<OperatorClientOptions, 'connection' | 'getClientSecret' | 'fetch'>> = {},
): { client: OperatorClient; recorder: RecordingFetch } {
  const recorder = recordingFetch(operator.tokenUrl);
  const creds = operator.clients.user;
  const client = new OperatorClient({
    connection: {
      baseUrl: operator.baseUrl,
      tokenUrl: operator.tokenUrl,
      clientId: creds.clientId,
    },
    getClientSecret: async () => creds.clientSecret,
    fetch: recorder.fetch,
    ...extra,
  });
  return { client, recorder };
}

/** The keys asked more than once. */
export function duplicates(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const k of keys) (seen.has(k) ? twice : seen).add(k);
  return [...twice];
}

/**
 * Runs `node <args>` under a parent that never reaps it (`sh` replaced by `sleep`), so that once
 * killed it stays a zombie: the state in which a scheduler's child lingers, and in which
 * `kill(pid, 0)` still says "alive". Its stdout is yours after the first line (its pid).
 */
export function spawnUnreaped(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): { parent: ChildProcess; pid: Promise<number>; stdout: Readable } {
  const parent = spawn(
    '/bin/sh',
    ['-c', '"$@" & echo "$!"; exec sleep 600', 'sh', process.execPath, ...args],
    { ...options, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stdout = parent.stdout!;
  stdout.setEncoding('utf8');
  const pid = new Promise<number>((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: string): void => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      stdout.off('data', onData);
      const rest = buffer.slice(end + 1);
      if (rest !== '') stdout.unshift(rest);
      resolve(Number(buffer.slice(0, end)));
    };
    stdout.on('data', onData);
    parent.once('exit', () => reject(new Error('the parent ended before giving its pid')));
  });
  return { parent, pid, stdout };
}

/** On Linux, waits until `pid` is a zombie (dead, not reaped) whose threads have all ended (the
 * leader of a threaded process shows Z while its other threads still exit, holding its files);
 * elsewhere returns at once. */
export async function untilZombie(pid: number): Promise<void> {
  if (!existsSync('/proc')) return;
  for (;;) {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    if (/^State:\s*Z/m.test(status) && /^Threads:\s*1$/m.test(status)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
