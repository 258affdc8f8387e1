// The user data port (../user-data-port.ts) on the firm's PostgreSQL server (issue 30, item 4):
// what the accountants wrote about each client's invoices, shared by every workstation, keyed
// by connection (migrations/002_user_data.sql). Each write names its writer (`who`: the
// workstation's user, or the name the firm gave it) for its transaction; the schema's triggers
// stamp who and when on the row, keep every version in user_data_history (the last write wins,
// the history keeps both) and NOTIFY the other workstations. Same answers as the SQLite file
// (the user data contract suite runs on both).
import type pg from 'pg';
import type { AccountingSettings, ThirdParty, ThirdPartyRole } from '#shared/accounting.ts';
import { settingsFromStored } from '#shared/accounting-settings.ts';
import type { ExceptionHandled } from '#shared/exceptions.ts';
import type { PaymentMark } from '#shared/payments.ts';
import { AppFailure } from '../../app-failure.ts';
import type {
  DeclaredReturnRecord,
  Period,
  TypedRate,
  UserDataDirectory,
  UserDataPort,
} from '../user-data-port.ts';
import { ConnectionWriter } from './writer.ts';
import { connectionDirectory } from './directory.ts';
import * as records from '../user-data-records.ts';
import { partyKey } from '../writers-named.ts';

/** The last of each key: a list naming one thing twice keeps its last word, as SQLite's loop. */
function lastOf<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...new Map(items.map((item) => [key(item), item])).values()];
}

const iso = (at: Date) => at.toISOString();

/** An auxiliary code another party of the connection holds (the unique constraint's name). */
function isAuxiliaryTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'third_parties_auxiliary';
}

class PostgresUserData extends ConnectionWriter implements UserDataPort {
  async #rows<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(sql, [this.connectionId, ...values])).rows;
  }

  async paymentMarks(invoiceIds?: readonly string[]): Promise<Map<string, PaymentMark>> {
    const rows = await this.#rows<records.MarkRecord>(
      `SELECT invoice_id, paid_on, note, marked_at FROM payment_marks
       WHERE connection_id = $1 ${invoiceIds ? 'AND invoice_id = ANY($2)' : ''}`,
      invoiceIds ? [[...invoiceIds]] : [],
    );
    return new Map(rows.map((r) => [r.invoice_id, records.toMark(r)]));
  }

  /** Who last wrote each mark (the firm's record of its writer: issue 30, item 2), by invoice. */
  async paymentMarkWriters(invoiceIds?: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.#rows<{ invoice_id: string; written_by: string }>(
      `SELECT invoice_id, written_by FROM payment_marks
       WHERE connection_id = $1 ${invoiceIds ? 'AND invoice_id = ANY($2)' : ''}`,
      invoiceIds ? [[...invoiceIds]] : [],
    );
    return new Map(rows.map((r) => [r.invoice_id, r.written_by]));
  }

  async markPaid(
    invoiceIds: readonly string[],
    paidOn: string,
    note: string | null,
    at: Date,
  ): Promise<void> {
    await this.write((client) =>
      client.query(
        `INSERT INTO payment_marks (connection_id, invoice_id, paid_on, note, marked_at)
         SELECT $1, id, $3, $4, $5 FROM unnest($2::text[]) id
         ON CONFLICT (connection_id, invoice_id) DO UPDATE SET paid_on = excluded.paid_on,
           note = excluded.note, marked_at = excluded.marked_at`,
        [this.connectionId, [...new Set(invoiceIds)], paidOn, note, iso(at)],
      ),
    );
  }

  async unmarkPaid(invoiceIds: readonly string[]): Promise<number> {
    return this.write(async (client) => {
      const done = await client.query(
        'DELETE FROM payment_marks WHERE connection_id = $1 AND invoice_id = ANY($2)',
        [this.connectionId, [...invoiceIds]],
      );
      return done.rowCount ?? 0;
    });
  }

  async handledExceptions(): Promise<Map<string, ExceptionHandled>> {
    const rows = await this.#rows<records.ExceptionMarkRecord>(
      `SELECT invoice_id, reasons, note, handled_by, handled_at FROM exception_marks
       WHERE connection_id = $1`,
    );
    return new Map(rows.map((r) => [r.invoice_id, records.toExceptionMark(r)]));
  }

  async markExceptionsHandled(
    marks: readonly { invoiceId: string; reasons: readonly string[] }[],
    note: string | null,
    by: string,
    at: Date,
  ): Promise<void> {
    const kept = lastOf(marks, (m) => m.invoiceId);
    await this.write((client) =>
      client.query(
        `INSERT INTO exception_marks
           (connection_id, invoice_id, reasons, note, handled_by, handled_at)
         SELECT $1, id, reasons, $4, $5, $6 FROM unnest($2::text[], $3::text[]) AS m(id, reasons)
         ON CONFLICT (connection_id, invoice_id) DO UPDATE SET reasons = excluded.reasons,
           note = excluded.note, handled_by = excluded.handled_by,
           handled_at = excluded.handled_at`,
        [
          this.connectionId,
          kept.map((m) => m.invoiceId),
          kept.map((m) => JSON.stringify(m.reasons)),
          note,
          by,
          iso(at),
        ],
      ),
    );
  }

  async reopenExceptions(invoiceIds: readonly string[]): Promise<number> {
    return this.write(async (client) => {
      const done = await client.query(
        'DELETE FROM exception_marks WHERE connection_id = $1 AND invoice_id = ANY($2)',
        [this.connectionId, [...invoiceIds]],
      );
      return done.rowCount ?? 0;
    });
  }

  async accountingSettings(): Promise<AccountingSettings> {
    const [row] = await this.#rows<{ settings: string }>(
      'SELECT settings FROM accounting_settings WHERE connection_id = $1',
    );
    return settingsFromStored(row ? records.parseJson(row.settings) : undefined);
  }

  async saveAccountingSettings(settings: AccountingSettings, at: Date): Promise<void> {
    await this.write((client) =>
      client.query(
        `INSERT INTO accounting_settings (connection_id, settings, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (connection_id) DO UPDATE SET settings = excluded.settings,
           updated_at = excluded.updated_at`,
        [this.connectionId, JSON.stringify(settings), iso(at)],
      ),
    );
  }

  async thirdParties(): Promise<ThirdParty[]> {
    const rows = await this.#rows<records.ThirdPartyRecord>(
      `SELECT key, role, name, auxiliary, account, label, confirmed, updated_at
       FROM third_parties WHERE connection_id = $1 ORDER BY role, auxiliary`,
    );
    return rows.map(records.toThirdParty);
  }

  async thirdParty(key: string, role: ThirdPartyRole): Promise<ThirdParty | null> {
    const [row] = await this.#rows<records.ThirdPartyRecord>(
      `SELECT key, role, name, auxiliary, account, label, confirmed, updated_at
       FROM third_parties WHERE connection_id = $1 AND key = $2 AND role = $3`,
      [key, role],
    );
    return row ? records.toThirdParty(row) : null;
  }

  async saveThirdParties(list: readonly ThirdParty[]): Promise<void> {
    const kept = lastOf(list, (p) => `${p.key}\u0000${p.role}`);
    try {
      await this.write((client) =>
        client.query(
          `INSERT INTO third_parties (connection_id, key, role, name, auxiliary, account, label,
             confirmed, updated_at)
           SELECT $1, p.key, p.role, p.name, p.auxiliary, p.account, p.label, p.confirmed,
             p."updatedAt"
           FROM json_to_recordset($2::json) AS p(key text, role text, name text,
             auxiliary text, account text, label text, confirmed boolean, "updatedAt" text)
           ON CONFLICT (connection_id, key, role) DO UPDATE SET name = excluded.name,
             auxiliary = excluded.auxiliary, account = excluded.account, label = excluded.label,
             confirmed = excluded.confirmed, updated_at = excluded.updated_at`,
          [this.connectionId, JSON.stringify(kept)],
        ),
      );
    } catch (error) {
      if (isAuxiliaryTaken(error))
        throw new AppFailure(
          'conflict',
          'An auxiliary account code is already used by another third party.',
        );
      throw error;
    }
  }

  /** Who last wrote each third party (the firm's record of its writer), by partyKey. */
  async thirdPartyWriters(): Promise<Map<string, string>> {
    const rows = await this.#rows<{ key: string; role: ThirdPartyRole; written_by: string }>(
      'SELECT key, role, written_by FROM third_parties WHERE connection_id = $1',
    );
    return new Map(rows.map((r) => [partyKey(r.key, r.role), r.written_by]));
  }

  async auxiliaryCodes(): Promise<
    Map<string, { key: string; role: ThirdPartyRole; name: string }>
  > {
    const rows = await this.#rows<{
      auxiliary: string;
      key: string;
      role: ThirdPartyRole;
      name: string;
    }>('SELECT auxiliary, key, role, name FROM third_parties WHERE connection_id = $1');
    return new Map(rows.map((r) => [r.auxiliary, { key: r.key, role: r.role, name: r.name }]));
  }

  async carriedCredit(period: Period): Promise<number> {
    const [row] = await this.#rows<{ cents: number }>(
      `SELECT cents FROM carried_credits
       WHERE connection_id = $1 AND period_from = $2 AND period_to = $3`,
      [period.from, period.to],
    );
    return row ? Number(row.cents) : 0;
  }

  async saveCarriedCredit(period: Period, cents: number, at: Date): Promise<void> {
    await this.write((client) =>
      cents === 0
        ? client.query(
            `DELETE FROM carried_credits
             WHERE connection_id = $1 AND period_from = $2 AND period_to = $3`,
            [this.connectionId, period.from, period.to],
          )
        : client.query(
            `INSERT INTO carried_credits (connection_id, period_from, period_to, cents, updated_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (connection_id, period_from, period_to) DO UPDATE
             SET cents = excluded.cents, updated_at = excluded.updated_at`,
            [this.connectionId, period.from, period.to, cents, iso(at)],
          ),
    );
  }

  async declaredReturn(period: Period): Promise<DeclaredReturnRecord | null> {
    const [row] = await this.#rows<records.DeclaredRecord>(
      `SELECT * FROM declared_returns
       WHERE connection_id = $1 AND period_from = $2 AND period_to = $3`,
      [period.from, period.to],
    );
    return row ? records.toDeclared(row) : null;
  }

  async declaredReturns(): Promise<DeclaredReturnRecord[]> {
    const rows = await this.#rows<records.DeclaredRecord>(
      'SELECT * FROM declared_returns WHERE connection_id = $1 ORDER BY period_from, period_to',
    );
    return rows.map(records.toDeclared);
  }

  async saveDeclaredReturn(record: DeclaredReturnRecord): Promise<void> {
    await this.write((client) =>
      client.query(
        `INSERT INTO declared_returns (connection_id, period_from, period_to, label, declared_on,
           amount_cents, figures, declared_by, declared_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (connection_id, period_from, period_to) DO UPDATE SET
           label = excluded.label, declared_on = excluded.declared_on,
           amount_cents = excluded.amount_cents, figures = excluded.figures,
           declared_by = excluded.declared_by, declared_at = excluded.declared_at`,
        [this.connectionId, ...records.declaredValues(record)],
      ),
    );
  }

  async removeDeclaredReturn(period: Period): Promise<boolean> {
    return this.write(async (client) => {
      const done = await client.query(
        `DELETE FROM declared_returns
         WHERE connection_id = $1 AND period_from = $2 AND period_to = $3`,
        [this.connectionId, period.from, period.to],
      );
      return (done.rowCount ?? 0) > 0;
    });
  }

  async invoiceRates(): Promise<Map<string, TypedRate>> {
    const rows = await this.#rows<{
      invoice_id: string;
      currency: string;
      rate: string;
      typed_at: string;
    }>('SELECT invoice_id, currency, rate, typed_at FROM invoice_rates WHERE connection_id = $1');
    return new Map(
      rows.map((r) => [r.invoice_id, { currency: r.currency, rate: r.rate, typedAt: r.typed_at }]),
    );
  }

  async saveInvoiceRate(
    invoiceId: string,
    rate: { currency: string; rate: string } | null,
    at: Date,
  ): Promise<void> {
    await this.write((client) =>
      rate === null
        ? client.query('DELETE FROM invoice_rates WHERE connection_id = $1 AND invoice_id = $2', [
            this.connectionId,
            invoiceId,
          ])
        : client.query(
            `INSERT INTO invoice_rates (connection_id, invoice_id, currency, rate, typed_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (connection_id, invoice_id) DO UPDATE SET currency = excluded.currency,
               rate = excluded.rate, typed_at = excluded.typed_at`,
            [this.connectionId, invoiceId, rate.currency, rate.rate, iso(at)],
          ),
    );
  }
}

/**
 * The user data of every connection on the firm's server: `db` is a pool on the firm's schema
 * (database.ts's openPool), `who` names the writer of each write (the workstation's OS user, or
 * the name the firm gave it).
 */
export function postgresUserDataDirectory(db: pg.Pool, who: () => string): UserDataDirectory {
  return connectionDirectory(
    db,
    ['user_data'],
    (connectionId) => new PostgresUserData(db, connectionId, who),
  );
}

/** The SIREN each of these connections' accounting settings name (absent: none typed), one query
 * for all: the portfolio's rows show it beside each client. */
export async function accountingSirens(
  db: pg.Pool,
  connectionIds: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await db.query<{ connection_id: string; settings: string }>(
    'SELECT connection_id, settings FROM accounting_settings WHERE connection_id = ANY($1)',
    [[...connectionIds]],
  );
  const sirens = new Map<string, string>();
  for (const row of rows) {
    const { siren } = settingsFromStored(records.parseJson(row.settings));
    if (siren) sirens.set(row.connection_id, siren);
  }
  return sirens;
}
