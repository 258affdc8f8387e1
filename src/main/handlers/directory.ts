// The French legal directory and the networks' participants: searches of the operator, saved
// whole by their request and read back when offline.
import type { ResultOf } from '#shared/contract.ts';
import { requestKey } from '../services/archive/request-key.ts';
import { byRequest } from './connectivity.ts';
import type { Shared } from './shared.ts';
import type { HandlersOf } from './types.ts';

export function directoryHandlers(shared: Pick<Shared, 'connectivity'>) {
  const { read } = shared.connectivity;
  return {
    'directory:search': async (args) =>
      read({
        what: 'this directory search',
        live: (client) => client.searchDirectory(args),
        ...byRequest<ResultOf<'directory:search'>['data']>('directory', requestKey({ ...args })),
      }),
    'participants:search': async (args) =>
      read({
        what: 'this participant search',
        live: (client) => client.searchParticipants(args),
        ...byRequest<ResultOf<'participants:search'>['data']>(
          'participants',
          requestKey({ ...args }),
        ),
      }),
  } satisfies HandlersOf<'directory' | 'participants'>;
}
