// Small HTTP helpers for the demo operator integration tests: tokens and JSON calls over real HTTP.
import type { RunningDemoOperator } from '#main/demo-operator/index.ts';

export interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
}

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // left as text: the test will say so
  }
  return { status: response.status, headers: response.headers, body };
}

export async function tokenFor(
  demoOperator: RunningDemoOperator,
  role: 'admin' | 'user',
): Promise<string> {
  const { clientId, clientSecret } = demoOperator.clients[role];
  const answer = await call(demoOperator.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  if (answer.status !== 200) throw new Error(`token request failed: ${answer.status}`);
  return answer.body.access_token as string;
}

/** GET/POST/DELETE on the API with a bearer token. */
export function api(demoOperator: RunningDemoOperator, token: string | undefined) {
  return (path: string, init: RequestInit = {}): Promise<Answer> =>
    call(`${demoOperator.baseUrl}${path}`, {
      ...init,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
}
