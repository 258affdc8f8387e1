// The start-up's three calls (app info, settings, connections), sent when this module is
// evaluated: main.ts imports it first, so they leave before the app's own code is evaluated
// (issue 27, item 7) and main answers them meanwhile. session.start() takes these answers once;
// a later start (a retry) asks again.
import type { Channel, Result } from '#shared/contract.ts';
import { INVOICE_SEARCH_LIMITS } from '#shared/operator/enums.ts';
import { api } from './api.ts';
import { navigation } from './stores/navigation.svelte.ts';

type StartupAnswers = Promise<
  [
    Awaited<ReturnType<typeof api.invoke<'app:info'>>>,
    Awaited<ReturnType<typeof api.invoke<'settings:get'>>>,
    Awaited<ReturnType<typeof api.invoke<'connections:list'>>>,
  ]
>;

let sent: StartupAnswers | null = null;

const send = (): StartupAnswers =>
  Promise.all([api.invoke('app:info'), api.invoke('settings:get'), api.invoke('connections:list')]);

sent = send();

export function startupAnswers(): StartupAnswers {
  const answers = sent ?? send();
  sent = null;
  return answers;
}

// The first screen's search goes with them when the app opens on Invoices: its answer (main
// sent it already, services/first-search.ts) is in when the code has been evaluated, so the
// screen is drawn once with its rows rather than once waiting and once again with them. The
// invoices search takes it, once, for the same arguments (stores/search.svelte.ts).
const FIRST_SEARCH = {
  channel: 'invoices:search',
  args: { offset: 0, limit: INVOICE_SEARCH_LIMITS.defaultLimit },
} as const;
let firstSearch: Promise<Result<unknown>> | null =
  navigation.current === 'invoices' ? api.invoke(FIRST_SEARCH.channel, FIRST_SEARCH.args) : null;

/** The answer to the search sent with the start-up's calls, when `channel` and `args` are that
 * search's (`same` compares arguments); once. */
export function earlySearch(
  channel: Channel,
  args: unknown,
  same: (a: unknown, b: unknown) => boolean,
): Promise<Result<unknown>> | null {
  if (!firstSearch || channel !== FIRST_SEARCH.channel || !same(args, FIRST_SEARCH.args))
    return null;
  const answer = firstSearch;
  firstSearch = null;
  return answer;
}
