// A fetch that records every operator request (token requests left out) before sending it, in
// memory or appended to a file (so a child process killed mid-sync leaves its list behind).
import { appendFileSync } from 'node:fs';

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

/** The keys asked more than once. */
export function duplicates(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const k of keys) (seen.has(k) ? twice : seen).add(k);
  return [...twice];
}
