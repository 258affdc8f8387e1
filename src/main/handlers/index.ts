// The only place a channel meets a service: every domain's handlers (one file each, named by
// the contract's channel prefixes) combined into the one map the dispatcher routes to. The
// compiler checks here that every channel of the contract is handled, and no unknown one.
import type { Channel } from '#shared/contract.ts';
import { accountingHandlers } from './accounting.ts';
import { archiveHandlers } from './archive.ts';
import { bankHandlers } from './bank.ts';
import { connectionsHandlers } from './connections.ts';
import { directoryHandlers } from './directory.ts';
import { exportHandlers } from './exports.ts';
import { followUpHandlers } from './follow-up.ts';
import { invoicesHandlers } from './invoices.ts';
import { paymentsHandlers } from './payments.ts';
import { portfolioHandlers } from './portfolio.ts';
import { reportsHandlers } from './reports.ts';
import { settingsHandlers } from './settings.ts';
import { createShared } from './shared.ts';
import { syncRoundHandlers } from './sync-rounds.ts';
import { taxHandlers } from './tax.ts';
import { ratesHandlers } from './rates.ts';
import type { HandlerOptions, HandlerServices, Handlers } from './types.ts';
import { webhooksHandlers } from './webhooks.ts';
import { firmHandlers } from './firm.ts';

export { createDispatcher, type Dispatch } from './dispatcher.ts';
export { resolveLanguage } from './language.ts';
export { thirdPartiesFileName } from './accounting.ts';
export type { HandlerOptions, HandlerServices, Handlers } from './types.ts';

export function createHandlers(services: HandlerServices, options: HandlerOptions = {}): Handlers {
  const shared = createShared(services, options);
  const handlers = {
    ...settingsHandlers(services, shared),
    ...connectionsHandlers(services, shared),
    ...invoicesHandlers(shared, services.firstSearch),
    ...directoryHandlers(shared),
    ...webhooksHandlers(shared),
    ...archiveHandlers(services, shared),
    ...syncRoundHandlers(services),
    ...exportHandlers(services, shared),
    ...reportsHandlers(services, shared),
    ...paymentsHandlers(services, shared),
    ...accountingHandlers(services, shared),
    ...portfolioHandlers(services, shared),
    ...followUpHandlers(services, shared),
    ...taxHandlers(services, shared),
    ...bankHandlers(services, shared),
    ...ratesHandlers(services, shared),
    ...firmHandlers(services),
  } satisfies Handlers;
  // `satisfies` sees a channel missing; a spread's extra key it does not: this line does.
  const unknown: [Exclude<keyof typeof handlers, Channel>] extends [never] ? true : never = true;
  void unknown;
  return handlers;
}
