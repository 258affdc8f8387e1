// The connection's webhooks: the list (saved, read back when offline), created and deleted
// online only.
import type { ResultOf } from '#shared/contract.ts';
import { requestKey } from '../services/archive/request-key.ts';
import { byRequest } from './connectivity.ts';
import type { Shared } from './shared.ts';
import type { HandlersOf } from './types.ts';

export function webhooksHandlers(shared: Pick<Shared, 'connectivity'>) {
  const { read, callActive } = shared.connectivity;
  return {
    'webhooks:list': async () =>
      read({
        what: 'the webhook list',
        live: (client) => client.listWebhooks(),
        ...byRequest<ResultOf<'webhooks:list'>['data']>('webhooks', requestKey({})),
      }),
    'webhooks:create': async (body) =>
      callActive((client) => client.createWebhook(body), 'creating a webhook'),
    'webhooks:delete': async ({ webhookId }) =>
      callActive((client) => client.deleteWebhook(webhookId), 'deleting a webhook'),
  } satisfies HandlersOf<'webhooks'>;
}
