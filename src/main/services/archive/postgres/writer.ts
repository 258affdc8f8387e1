// Who writes: the schema's triggers (migrations 002 and 003) stamp each row they keep, and its
// history, with the writer the transaction names in the setting invoice_desk.who. Named here
// only, so the stores and the migration of a connection cannot spell it differently.
import type pg from 'pg';

/** Names `who` as the writer of `client`'s current transaction (until it ends). */
export async function nameWriter(client: pg.ClientBase, who: string): Promise<void> {
  await client.query("SELECT set_config('invoice_desk.who', $1, true)", [who]);
}
