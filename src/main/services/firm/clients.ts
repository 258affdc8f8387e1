// The firm's list of clients shared through its archive (issue 30, item 2): a workstation on
// the firm's store lists its own connections there (never a secret) and takes in every other
// one, so that each workstation sees every client. A client whose operator secret is not in
// this workstation's keychain is listed and read from the archive; only a live call needs the
// secret, and says so.
import type { FirmClientView } from '#shared/firm.ts';
import type { ConnectionStore } from '../connections/index.ts';
import type { StoreChoice } from '../archive/store-choice.ts';
import { firmClients, listClients } from '../archive/postgres/firm-clients.ts';

export interface FirmClientsDeps {
  choice: Pick<StoreChoice, 'link'>;
  connections: Pick<ConnectionStore, 'clientReferences' | 'references' | 'get' | 'adopt'>;
  vault: { location(account: string): Promise<'keychain' | 'session' | 'none'> };
  /** Who lists a client (the firm's list says who and when). */
  who: () => string;
  now: () => Date;
}

/** Lists this workstation's clients in the firm's list, takes in the others, and returns the
 * whole list; null on the embedded store or while the server cannot be reached. */
export async function shareClients(deps: FirmClientsDeps): Promise<FirmClientView[] | null> {
  const link = await deps.choice.link();
  if (!link) return null;
  const own = deps.connections.references().filter((c) => c.kind === 'custom');
  const listed = await Promise.all(
    own.map(async (reference) => {
      const connection = await deps.connections.get(reference.id);
      const archive = await link.archives.ports.existing(reference.id);
      const company = (await archive?.company())?.name ?? null;
      return {
        connectionId: connection.id,
        name: connection.name,
        baseUrl: connection.baseUrl,
        tokenUrl: connection.tokenUrl,
        clientId: connection.clientId,
        customerId: connection.customerId ?? null,
        company,
      };
    }),
  );
  await listClients(link.pool, listed, deps.who(), deps.now());
  const firm = await firmClients(link.pool);
  await deps.connections.adopt(
    firm.map((c) => ({
      id: c.connectionId,
      name: c.name,
      baseUrl: c.baseUrl,
      tokenUrl: c.tokenUrl,
      clientId: c.clientId,
      ...(c.customerId ? { customerId: c.customerId } : {}),
    })),
  );
  return Promise.all(
    firm.map(async (c) => ({
      connectionId: c.connectionId,
      name: c.name,
      baseUrl: c.baseUrl,
      clientId: c.clientId,
      company: c.company,
      secretHere: (await deps.vault.location(c.connectionId)) !== 'none',
    })),
  );
}
