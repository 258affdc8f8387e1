// The firm's list of clients on its server (schema step 4, `firm_clients`): each connection a
// workstation of the firm knows, without its secret. A workstation connected to the firm's
// archive lists its own connections here and finds everyone else's: the operator's client
// secret stays in the keychain of each workstation that has it.
import type { Sql } from './database.ts';

/** A client as every workstation of the firm sees it: never a secret. */
export interface FirmClient {
  connectionId: string;
  name: string;
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  customerId: string | null;
  /** The client company, as its archive names it; null before a sync read one. */
  company: string | null;
  updatedBy: string;
  updatedAt: string;
}

export type ListedClient = Omit<FirmClient, 'updatedBy' | 'updatedAt'>;

interface Row {
  connection_id: string;
  name: string;
  base_url: string;
  token_url: string;
  client_id: string;
  customer_id: string | null;
  company: string | null;
  updated_by: string;
  updated_at: Date;
}

/** Every client of the firm, by name then id (a stable order for the screen). */
export async function firmClients(db: Sql): Promise<FirmClient[]> {
  const { rows } = await db.query<Row>(
    'SELECT * FROM firm_clients ORDER BY name COLLATE "C", connection_id',
  );
  return rows.map((row) => ({
    connectionId: row.connection_id,
    name: row.name,
    baseUrl: row.base_url,
    tokenUrl: row.token_url,
    clientId: row.client_id,
    customerId: row.customer_id,
    company: row.company,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at.toISOString(),
  }));
}

/** Lists (or updates) this workstation's clients in the firm's list, in one statement; a
 * company already known is kept when this workstation knows none. */
export async function listClients(
  db: Sql,
  clients: readonly ListedClient[],
  who: string,
  at: Date,
): Promise<void> {
  if (clients.length === 0) return;
  await db.query(
    `INSERT INTO firm_clients AS f (connection_id, name, base_url, token_url, client_id,
       customer_id, company, updated_by, updated_at)
     SELECT c."connectionId", c.name, c."baseUrl", c."tokenUrl", c."clientId", c."customerId",
       c.company, $2, $3
       FROM json_to_recordset($1::json) AS c("connectionId" text, name text, "baseUrl" text,
         "tokenUrl" text, "clientId" text, "customerId" text, company text)
     ON CONFLICT (connection_id) DO UPDATE SET name = excluded.name,
       base_url = excluded.base_url, token_url = excluded.token_url,
       client_id = excluded.client_id, customer_id = excluded.customer_id,
       company = coalesce(excluded.company, f.company),
       updated_by = excluded.updated_by, updated_at = excluded.updated_at
     WHERE (f.name, f.base_url, f.token_url, f.client_id, f.customer_id, f.company)
       IS DISTINCT FROM (excluded.name, excluded.base_url, excluded.token_url,
         excluded.client_id, excluded.customer_id, coalesce(excluded.company, f.company))`,
    [JSON.stringify(clients), who, at.toISOString()],
  );
}
