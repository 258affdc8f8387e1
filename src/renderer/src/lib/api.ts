// The renderer's only door to main: window.api in Electron (preload), else the browser host's
// loopback HTTP transport (src/shared/rpc.ts). Both speak the contract: invoke() resolves to a
// Result envelope and never throws.
import type { Api, AppError, Channel, EventName, Events, Result } from '#shared/contract.ts';
import { EVENTS_PATH, RPC_PATH_PREFIX, TOKEN_FRAGMENT_KEY, TOKEN_HEADER } from '#shared/rpc.ts';

declare global {
  interface Window {
    api?: Api;
  }
}

const TOKEN_STORAGE_KEY = 'invoice-desk.token';

/** Reads `#token=…` once, keeps it in sessionStorage (survives reloads of this tab only) and
 * removes it from the address bar so that it is not bookmarked, shared or left in history. */
function takeToken(): string | null {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const fromUrl = fragment.get(TOKEN_FRAGMENT_KEY);
  if (fromUrl) {
    try {
      sessionStorage.setItem(TOKEN_STORAGE_KEY, fromUrl);
    } catch {
      // storage disabled: the token lives in memory for this page only
    }
    fragment.delete(TOKEN_FRAGMENT_KEY);
    const rest = fragment.toString();
    history.replaceState(
      history.state,
      '',
      location.pathname + location.search + (rest ? `#${rest}` : ''),
    );
    return fromUrl;
  }
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function failure(
  kind: AppError['kind'],
  message: string,
  status?: number,
): { ok: false; error: AppError } {
  return { ok: false, error: status === undefined ? { kind, message } : { kind, message, status } };
}

function isEnvelope(value: unknown): value is Result<unknown> {
  if (value === null || typeof value !== 'object') return false;
  const v = value as { ok?: unknown; error?: unknown };
  return v.ok === true || (v.ok === false && typeof v.error === 'object' && v.error !== null);
}

function createHttpApi(): Api {
  const token = takeToken();
  let source: EventSource | null = null;

  async function invoke(channel: Channel, args?: unknown): Promise<Result<unknown>> {
    let response: Response;
    try {
      response = await fetch(`${RPC_PATH_PREFIX}${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token ?? '' },
        body: JSON.stringify({ args }),
      });
    } catch (error) {
      return failure('offline', `The local host did not answer: ${String(error)}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (isEnvelope(body)) return body;
    if (response.status === 401 || response.status === 403) {
      return failure(
        'auth',
        `The local host refused the session token (HTTP ${response.status}); reopen the address it printed.`,
        response.status,
      );
    }
    return failure(
      'invalid_response',
      `The local host answered HTTP ${response.status} without an envelope`,
      response.status,
    );
  }

  function on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    if (!source && typeof EventSource !== 'undefined') {
      source = new EventSource(
        `${EVENTS_PATH}?${TOKEN_FRAGMENT_KEY}=${encodeURIComponent(token ?? '')}`,
      );
    }
    if (!source) return () => {};
    const handler = (e: MessageEvent<string>): void => {
      let payload: unknown = undefined;
      if (e.data) {
        try {
          payload = JSON.parse(e.data);
        } catch {
          payload = undefined;
        }
      }
      listener(payload as Events[E]);
    };
    source.addEventListener(event, handler as EventListener);
    return () => source?.removeEventListener(event, handler as EventListener);
  }

  return { invoke: invoke as Api['invoke'], on };
}

export const api: Api = typeof window !== 'undefined' && window.api ? window.api : createHttpApi();
