// The archive's schema, as forward migrations: PRAGMA user_version is the number of steps
// applied. A step is never edited once released; a change is a new step at the end.
import type { DatabaseSync } from 'node:sqlite';
import { backfillCreditedNumbers, backfillFacts } from './facts-backfill.ts';

/** Each step runs in its own transaction with the version bump, so a kill leaves a whole step. */
export const MIGRATIONS: readonly ((db: DatabaseSync) => void)[] = [
  // 1: invoices as searchable columns plus the operator's JSON, and cached responses.
  (db) => {
    db.exec(`
      CREATE TABLE invoices (
        rid INTEGER PRIMARY KEY,            -- stable rowid, the FTS index's key
        invoice_id TEXT NOT NULL UNIQUE,    -- the operator's uuid: the invoice's identity
        direction TEXT NOT NULL,
        state TEXT NOT NULL,
        invoice_number TEXT,
        type_code TEXT,
        invoice_date TEXT,
        due_date TEXT,
        create_date TEXT,
        seller_name TEXT, seller_siren TEXT, seller_siret TEXT, seller_vat TEXT,
        buyer_name TEXT, buyer_siren TEXT, buyer_siret TEXT, buyer_vat TEXT,
        counterparty_name TEXT, counterparty_siren TEXT, counterparty_siret TEXT,
        counterparty_vat TEXT,
        ht_cents INTEGER, tva_cents INTEGER, ttc_cents INTEGER,
        currency TEXT,
        lifecycle_code TEXT,
        lifecycle_date TEXT,
        search_json TEXT NOT NULL,
        search_fetched_at TEXT NOT NULL,
        detail_json TEXT,
        detail_fetched_at TEXT
      );
      CREATE INDEX invoices_create_date ON invoices (create_date DESC, invoice_id);
      CREATE INDEX invoices_invoice_date ON invoices (invoice_date, invoice_id);
      CREATE INDEX invoices_due_date ON invoices (due_date, invoice_id);
      CREATE INDEX invoices_ttc ON invoices (ttc_cents, invoice_id);
      CREATE INDEX invoices_direction_state ON invoices (direction, state);
      CREATE INDEX invoices_cp_siren ON invoices (counterparty_siren);
      CREATE INDEX invoices_cp_siret ON invoices (counterparty_siret);
      CREATE INDEX invoices_cp_vat ON invoices (counterparty_vat);
      CREATE TABLE cached_responses (
        kind TEXT NOT NULL,        -- invoice_search | directory | participants | webhooks
        request_key TEXT NOT NULL, -- canonical JSON of the request's parameters
        response_json TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (kind, request_key)
      ) WITHOUT ROWID;
    `);
  },
  // 2: full-text search on party names and the invoice number, kept in step by triggers.
  (db) => {
    db.exec(`
      CREATE VIRTUAL TABLE invoice_fts USING fts5(
        counterparty_name, seller_name, buyer_name, invoice_number,
        content='invoices', content_rowid='rid', tokenize='unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER invoices_fts_insert AFTER INSERT ON invoices BEGIN
        INSERT INTO invoice_fts (rowid, counterparty_name, seller_name, buyer_name, invoice_number)
        VALUES (new.rid, new.counterparty_name, new.seller_name, new.buyer_name, new.invoice_number);
      END;
      CREATE TRIGGER invoices_fts_delete AFTER DELETE ON invoices BEGIN
        INSERT INTO invoice_fts (invoice_fts, rowid, counterparty_name, seller_name, buyer_name,
          invoice_number)
        VALUES ('delete', old.rid, old.counterparty_name, old.seller_name, old.buyer_name,
          old.invoice_number);
      END;
      CREATE TRIGGER invoices_fts_update AFTER UPDATE OF counterparty_name, seller_name,
        buyer_name, invoice_number ON invoices BEGIN
        INSERT INTO invoice_fts (invoice_fts, rowid, counterparty_name, seller_name, buyer_name,
          invoice_number)
        VALUES ('delete', old.rid, old.counterparty_name, old.seller_name, old.buyer_name,
          old.invoice_number);
        INSERT INTO invoice_fts (rowid, counterparty_name, seller_name, buyer_name, invoice_number)
        VALUES (new.rid, new.counterparty_name, new.seller_name, new.buyer_name, new.invoice_number);
      END;
      INSERT INTO invoice_fts (invoice_fts) VALUES ('rebuild');
    `);
  },
  // 3: sync checkpoints: runs, per-partition progress and coverage, per-invoice marks.
  (db) => {
    db.exec(`
      CREATE TABLE sync_runs (
        id INTEGER PRIMARY KEY,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        details INTEGER NOT NULL       -- 1 when this run fetches details
      );
      CREATE TABLE sync_partitions (
        direction TEXT NOT NULL,
        state TEXT NOT NULL,
        run_id INTEGER REFERENCES sync_runs (id) ON DELETE SET NULL, -- run under way
        next_offset INTEGER,            -- next page of the run under way
        finished_run_id INTEGER,        -- last run that finished this partition
        ever_finished INTEGER NOT NULL DEFAULT 0,
        complete INTEGER NOT NULL DEFAULT 0,   -- 1: every invoice the operator lists was read
        operator_count INTEGER,         -- meta.count at the last page read
        oldest_date TEXT,               -- oldest createDate reached
        finished_at TEXT,
        PRIMARY KEY (direction, state)
      ) WITHOUT ROWID;
      ALTER TABLE invoices ADD COLUMN status_run_id INTEGER;  -- run that last read its status
      ALTER TABLE invoices ADD COLUMN detail_error TEXT;      -- why details could not be read
      ALTER TABLE invoices ADD COLUMN detail_error_run_id INTEGER;
      CREATE INDEX invoices_detail_todo ON invoices (create_date DESC)
        WHERE detail_json IS NULL;
    `);
  },
  // 4: the operator's JSON (about 5 KB an invoice with details) moves to its own table, so the
  // searchable rows stay small (about 300 bytes) and a filter or sort that reads many of them
  // stays fast at 100,000 invoices; indexes for the screen's sorts and filters. A fetched detail
  // is told by detail_fetched_at (always written with it).
  (db) => {
    db.exec(`
      CREATE TABLE invoice_json (
        rid INTEGER PRIMARY KEY REFERENCES invoices (rid) ON DELETE CASCADE,
        search_json TEXT NOT NULL,
        detail_json TEXT
      );
      INSERT INTO invoice_json (rid, search_json, detail_json)
        SELECT rid, search_json, detail_json FROM invoices;
      DROP INDEX invoices_detail_todo;
      ALTER TABLE invoices DROP COLUMN search_json;
      ALTER TABLE invoices DROP COLUMN detail_json;
      CREATE INDEX invoices_detail_todo ON invoices (create_date DESC, invoice_id)
        WHERE detail_fetched_at IS NULL;
      -- Sorts: descending reads (column, invoice_id) backwards; ascending, empty values last,
      -- reads (column IS NULL, column, invoice_id) (see orderOf in archive-query.ts).
      DROP INDEX invoices_create_date;
      CREATE INDEX invoices_create_date ON invoices (create_date, invoice_id);
      CREATE INDEX invoices_counterparty_name ON invoices (counterparty_name, invoice_id);
      CREATE INDEX invoices_create_date_asc ON invoices (create_date IS NULL, create_date, invoice_id);
      CREATE INDEX invoices_invoice_date_asc ON invoices (invoice_date IS NULL, invoice_date, invoice_id);
      CREATE INDEX invoices_due_date_asc ON invoices (due_date IS NULL, due_date, invoice_id);
      CREATE INDEX invoices_ttc_asc ON invoices (ttc_cents IS NULL, ttc_cents, invoice_id);
      CREATE INDEX invoices_counterparty_name_asc
        ON invoices (counterparty_name IS NULL, counterparty_name, invoice_id);
      -- Filters that otherwise read every row: type (credit notes, often with a direction and
      -- a period), lifecycle code (often with a direction), state. Counts of these combinations
      -- are answered from the index alone.
      CREATE INDEX invoices_type_code ON invoices (type_code, direction, invoice_date);
      CREATE INDEX invoices_lifecycle_code ON invoices (lifecycle_code, direction);
      CREATE INDEX invoices_state ON invoices (state);
    `);
  },
  // 5: new invoices enter the name index once per written page, by ArchiveStore (one
  // INSERT … SELECT), not row by row through a trigger: the trigger cost about 100 µs an invoice
  // next to the table's indexes, half of a sync's local work. Updates and deletes keep theirs.
  (db) => {
    db.exec('DROP TRIGGER invoices_fts_insert');
  },
  // 6: the sort indexes end on the rowid (rid), which every index entry holds anyway, instead of
  // a copy of the 36-character invoice_id: entries half the size, and a sync's writes about 40 %
  // cheaper. Sorts break ties on rid (see orderOf in archive-query.ts).
  (db) => {
    const indexes: [name: string, columns: string, where?: string][] = [
      ['invoices_create_date', 'create_date'],
      ['invoices_invoice_date', 'invoice_date'],
      ['invoices_due_date', 'due_date'],
      ['invoices_ttc', 'ttc_cents'],
      ['invoices_counterparty_name', 'counterparty_name'],
      ['invoices_create_date_asc', 'create_date IS NULL, create_date'],
      ['invoices_invoice_date_asc', 'invoice_date IS NULL, invoice_date'],
      ['invoices_due_date_asc', 'due_date IS NULL, due_date'],
      ['invoices_ttc_asc', 'ttc_cents IS NULL, ttc_cents'],
      ['invoices_counterparty_name_asc', 'counterparty_name IS NULL, counterparty_name'],
      ['invoices_detail_todo', 'create_date DESC', 'detail_fetched_at IS NULL'],
    ];
    for (const [name, columns, where] of indexes)
      db.exec(
        `DROP INDEX ${name}; CREATE INDEX ${name} ON invoices (${columns})${where ? ` WHERE ${where}` : ''};`,
      );
  },
  // 7: the lifecycle statuses the archive has seen for each invoice (the operator gives only
  // the last one): a row each time a write brings a code or date it did not have. Archives
  // written before start with the status they hold, seen when it was read.
  (db) => {
    db.exec(`
      CREATE TABLE invoice_status_history (
        rid INTEGER NOT NULL REFERENCES invoices (rid) ON DELETE CASCADE,
        code TEXT NOT NULL,
        status_date TEXT,           -- the operator's date of the status
        seen_at TEXT NOT NULL       -- when the archive first read it
      );
      CREATE INDEX invoice_status_history_rid ON invoice_status_history (rid, seen_at);
      CREATE INDEX invoice_status_history_seen ON invoice_status_history (seen_at);
      INSERT INTO invoice_status_history (rid, code, status_date, seen_at)
        SELECT rid, lifecycle_code, lifecycle_date, search_fetched_at FROM invoices
        WHERE lifecycle_code IS NOT NULL;
    `);
  },
  // 8: invoice numbers searchable by any part ("000123" in "F2026-000123", "2026-0001"): the
  // word index of step 2 matches word prefixes only. A trigram index of the number, kept in step
  // by triggers on update and delete, and by ArchiveStore on insert (as in step 5).
  (db) => {
    db.exec(`
      CREATE VIRTUAL TABLE invoice_number_fts USING fts5(
        invoice_number, content='invoices', content_rowid='rid', tokenize='trigram'
      );
      CREATE TRIGGER invoices_number_fts_delete AFTER DELETE ON invoices BEGIN
        INSERT INTO invoice_number_fts (invoice_number_fts, rowid, invoice_number)
        VALUES ('delete', old.rid, old.invoice_number);
      END;
      CREATE TRIGGER invoices_number_fts_update AFTER UPDATE OF invoice_number ON invoices BEGIN
        INSERT INTO invoice_number_fts (invoice_number_fts, rowid, invoice_number)
        VALUES ('delete', old.rid, old.invoice_number);
        INSERT INTO invoice_number_fts (rowid, invoice_number) VALUES (new.rid, new.invoice_number);
      END;
      INSERT INTO invoice_number_fts (invoice_number_fts) VALUES ('rebuild');
    `);
  },
  // 9: the firm's portfolio (issue 19): counts kept current by triggers as the sync writes, so
  // that opening the portfolio of 200 archives reads a few small rows each, never the invoices.
  // figure 'month': invoices by direction and month of their date (YYYY-MM); 'code': by
  // direction and last lifecycle code; 'due': open invoices (not known as paid: no 211/212, not
  // rejected or refused, not set aside by their state) by direction and due day (the invoice
  // date when none), summed below a day for "past due"; 'party': the company's own side
  // (the seller of issued invoices, the buyer of received ones) by "SIREN<tab>name", so that
  // the company is found without reading the invoices. Rows fall to 0, never deleted. Cost:
  // about 90 µs a new invoice (20,000 written in 3.9 s instead of 2.1 s), small beside a
  // sync's requests; reading the figures of an archive of 20,000 invoices takes 0.2 ms.
  (db) => {
    const open = (r: 'new' | 'old') =>
      `${r}.state NOT IN ('INVALID', 'DUPLICATED', 'WRONG_ROUTING', 'CONVERSION_FAILED',
        'NOT_DELIVERED') AND coalesce(${r}.lifecycle_code, '') NOT IN ('210', '211', '212', '213')
        AND coalesce(${r}.due_date, ${r}.invoice_date) IS NOT NULL`;
    // The company's side: NULL (nothing counted) when it has no SIREN.
    const party = (p: 'new.' | 'old.' | '') =>
      `(CASE ${p}direction WHEN 'OUTBOUND'
        THEN ${p}seller_siren || char(9) || coalesce(${p}seller_name, '')
        ELSE ${p}buyer_siren || char(9) || coalesce(${p}buyer_name, '') END)`;
    const change = (r: 'new' | 'old', by: 1 | -1) => `
        INSERT INTO portfolio_figures (figure, direction, key, n)
          SELECT 'month', ${r}.direction, substr(${r}.invoice_date, 1, 7), ${by}
          WHERE ${r}.invoice_date IS NOT NULL
          ON CONFLICT DO UPDATE SET n = n + ${by};
        INSERT INTO portfolio_figures (figure, direction, key, n)
          SELECT 'code', ${r}.direction, ${r}.lifecycle_code, ${by}
          WHERE ${r}.lifecycle_code IS NOT NULL
          ON CONFLICT DO UPDATE SET n = n + ${by};
        INSERT INTO portfolio_figures (figure, direction, key, n)
          SELECT 'due', ${r}.direction, coalesce(${r}.due_date, ${r}.invoice_date), ${by}
          WHERE ${open(r)}
          ON CONFLICT DO UPDATE SET n = n + ${by};
        INSERT INTO portfolio_figures (figure, direction, key, n)
          SELECT 'party', ${r}.direction, ${party(`${r}.`)}, ${by}
          WHERE ${party(`${r}.`)} IS NOT NULL
          ON CONFLICT DO UPDATE SET n = n + ${by};`;
    db.exec(`
      CREATE TABLE portfolio_figures (
        figure TEXT NOT NULL,     -- month | code | due
        direction TEXT NOT NULL,
        key TEXT NOT NULL,        -- YYYY-MM | lifecycle code | due day YYYY-MM-DD
        n INTEGER NOT NULL,
        PRIMARY KEY (figure, direction, key)
      ) WITHOUT ROWID;
      INSERT INTO portfolio_figures (figure, direction, key, n)
        SELECT 'month', direction, substr(invoice_date, 1, 7), count(*) FROM invoices
        WHERE invoice_date IS NOT NULL GROUP BY 2, 3;
      INSERT INTO portfolio_figures (figure, direction, key, n)
        SELECT 'code', direction, lifecycle_code, count(*) FROM invoices
        WHERE lifecycle_code IS NOT NULL GROUP BY 2, 3;
      INSERT INTO portfolio_figures (figure, direction, key, n)
        SELECT 'due', direction, coalesce(due_date, invoice_date), count(*) FROM invoices
        WHERE ${open('new').replaceAll('new.', '')} GROUP BY 2, 3;
      INSERT INTO portfolio_figures (figure, direction, key, n)
        SELECT 'party', direction, ${party('')}, count(*) FROM invoices
        WHERE ${party('')} IS NOT NULL GROUP BY 2, 3;
      CREATE TRIGGER invoices_portfolio_insert AFTER INSERT ON invoices BEGIN
        ${change('new', 1)}
      END;
      CREATE TRIGGER invoices_portfolio_delete AFTER DELETE ON invoices BEGIN
        ${change('old', -1)}
      END;
      CREATE TRIGGER invoices_portfolio_update AFTER UPDATE OF direction, state, invoice_date,
        due_date, lifecycle_code, seller_siren, seller_name, buyer_siren, buyer_name ON invoices
      BEGIN
        ${change('old', -1)}
        ${change('new', 1)}
      END;
    `);
  },
  // 10: "Nouveautés" (issue 19, item 3): the lifecycle changes the writes found, kept until the
  // accountant reads them. A row per invoice and kind: 'new' (an invoice new to the archive) or
  // the code it reached (213, 210, 207, 208, 212); the sync run that found it (NULL: a live
  // search written through); read_at once read. Written by ArchiveStore.upsertSearchItems
  // (news.ts), never before the archive's first sync has finished (its baseline).
  (db) => {
    db.exec(`
      CREATE TABLE news (
        id INTEGER PRIMARY KEY,
        rid INTEGER NOT NULL REFERENCES invoices (rid) ON DELETE CASCADE,
        kind TEXT NOT NULL,         -- new | 213 | 210 | 207 | 208 | 212
        run_id INTEGER,             -- the sync run that found it; NULL: a live search
        found_at TEXT NOT NULL,
        read_at TEXT
      );
      CREATE INDEX news_unread ON news (id) WHERE read_at IS NULL;
      CREATE INDEX news_found ON news (found_at) WHERE run_id IS NOT NULL;
      CREATE INDEX news_rid ON news (rid);
    `);
  },
  // 11: what the portfolio's details rest on (issue 19, item 5). archive_version counts the
  // writes that change what the ledger and the CA3 draft read (an invoice's columns, its JSON,
  // its status history): a sync that finds nothing new (it only touches search_fetched_at and
  // status_run_id) leaves it alone. portfolio_details keeps the month's third parties to map and
  // VAT with the version and the user's data they were computed from (one row, the current
  // month): read back while both still hold, so 200 archives' figures need no computation.
  (db) => {
    const untouched = new Set([
      'search_fetched_at',
      'status_run_id',
      'detail_error',
      'detail_error_run_id',
    ]);
    const columns = (db.prepare('PRAGMA table_info(invoices)').all() as { name: string }[])
      .map((c) => c.name)
      .filter((name) => !untouched.has(name));
    const bump = 'BEGIN UPDATE archive_version SET n = n + 1; END;';
    db.exec(`
      CREATE TABLE archive_version (
        one INTEGER PRIMARY KEY CHECK (one = 1),
        n INTEGER NOT NULL
      );
      INSERT INTO archive_version (one, n) VALUES (1, 0);
      CREATE TRIGGER invoices_version_insert AFTER INSERT ON invoices ${bump}
      CREATE TRIGGER invoices_version_delete AFTER DELETE ON invoices ${bump}
      CREATE TRIGGER invoices_version_update AFTER UPDATE OF ${columns.join(', ')}
        ON invoices ${bump}
      CREATE TRIGGER invoice_json_version_insert AFTER INSERT ON invoice_json ${bump}
      CREATE TRIGGER invoice_json_version_delete AFTER DELETE ON invoice_json ${bump}
      CREATE TRIGGER invoice_json_version_update AFTER UPDATE ON invoice_json ${bump}
      CREATE TRIGGER status_history_version_insert AFTER INSERT ON invoice_status_history ${bump}
      CREATE TRIGGER status_history_version_delete AFTER DELETE ON invoice_status_history ${bump}
      CREATE TABLE portfolio_details (
        month TEXT PRIMARY KEY,           -- YYYY-MM
        archive_version INTEGER NOT NULL, -- archive_version.n it was computed at
        user_stamp TEXT NOT NULL,         -- the user's data it was computed with (a digest)
        to_map INTEGER NOT NULL,
        vat_cents INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
  },
  // 12: new invoices enter the portfolio's figures and the archive's version once per written
  // page, by ArchiveStore (INSERT … SELECT … GROUP BY; portfolio-figures.ts), not row by row:
  // any AFTER INSERT trigger on invoices, even one doing nothing, cost about 75 µs an invoice
  // (a first sync's pages were written at half the speed). Updates and deletes keep theirs.
  (db) => {
    db.exec(`
      DROP TRIGGER invoices_portfolio_insert;
      DROP TRIGGER invoices_version_insert;
    `);
  },
  // 13: the portfolio's past due (issue 27, item 2) kept with the month's other details: the
  // échéancier's own count (reports/aging.ts isPastDue), which step 9's 'due' triggers cannot
  // give (they see neither what is left to pay nor the user's marks). NULL in a row kept
  // before: computed again at the next reading.
  (db) => {
    db.exec('ALTER TABLE portfolio_details ADD COLUMN past_due INTEGER');
  },
  // 14: the VAT and accounting facts of each invoice (issue 28, item 3), read once from its JSON
  // when it is written (invoice-facts.ts), so that the reports, the entries, the CA3, the
  // exports' VAT sheet and bank matching read columns, not json_extract at every query: a row
  // of invoice_facts per invoice with details, its VAT breakdown as rows of invoice_vat_lines,
  // and what is left to pay (the details', else the search's) on the invoice's row. The index
  // finds the invoices delivered in a period (VAT due on delivery). Existing invoices are
  // filled in one pass, by the same extractor (facts-backfill.ts).
  (db) => {
    db.exec(`
      CREATE TABLE invoice_facts (
        rid INTEGER PRIMARY KEY REFERENCES invoices (rid) ON DELETE CASCADE,
        platform_id TEXT,          -- the details' invoiceId as written
        number TEXT,               -- BT-1
        type TEXT,                 -- BT-3
        process_type TEXT,         -- BT-23
        tax_payment_code INTEGER,  -- BT-8 code
        tax_payment_iop TEXT,      -- BT-8 iopCode
        delivery_date TEXT,        -- BT-72
        invoice_currency TEXT,     -- BT-5
        invoice_amount REAL,       -- BT-112, the operator's number
        tax_basis_total REAL,      -- BT-109
        tax_total REAL,            -- BT-110
        tax_total_accounting REAL, -- BT-111
        seller_country TEXT,       -- BT-40
        buyer_country TEXT,        -- BT-55
        accounting_cost_id TEXT,   -- BT-19
        seller_trading_name TEXT,  -- BT-28
        buyer_trading_name TEXT,   -- BT-45
        payment_reference TEXT,    -- BT-83
        transfer_ibans TEXT,       -- BT-84, one a line
        debit_ibans TEXT           -- BT-91, one a line
      );
      CREATE INDEX invoice_facts_delivery_date ON invoice_facts (delivery_date)
        WHERE delivery_date IS NOT NULL;
      CREATE TABLE invoice_vat_lines (
        rid INTEGER NOT NULL REFERENCES invoices (rid) ON DELETE CASCADE,
        line INTEGER NOT NULL,     -- its place in the breakdown, from 0
        category_code TEXT,        -- BT-118
        percent REAL,              -- BT-119
        taxable_amount REAL,       -- BT-116
        tax_amount REAL,           -- BT-117
        PRIMARY KEY (rid, line)
      ) WITHOUT ROWID;
      ALTER TABLE invoices ADD COLUMN payable_amount REAL;  -- BT-115
    `);
    backfillFacts(db);
  },
  // 15: the TTC sort is on the amount as shown, a credit note's negative (issue 27; orderOf's
  // sortExpression in archive-query.ts, which must stay word for word this expression for
  // SQLite to use these indexes): descending reads the first backwards; ascending, empty
  // values last, reads the second. (ttc_cents, rid) stays for the TTC filter.
  (db) => {
    const signed = `(CASE WHEN type_code IN ('261', '262', '296', '308', '381', '396', '420', '458', '532') THEN -abs(ttc_cents) ELSE ttc_cents END)`;
    db.exec(`
      DROP INDEX invoices_ttc_asc;
      CREATE INDEX invoices_ttc_signed ON invoices (${signed});
      CREATE INDEX invoices_ttc_signed_asc ON invoices (${signed} IS NULL, ${signed});
    `);
  },
  // 16: the invoice a credit note credits (BT-25, invoice-facts.ts creditedNumber) on the
  // invoice's row, like what is left to pay: the aged balance's allocation of credit notes read
  // each credit note's whole JSON for it (issue 28's bench: the portfolio's details 50 % slower).
  // Existing invoices are filled in one pass, by the same extractor (facts-backfill.ts).
  (db) => {
    db.exec('ALTER TABLE invoices ADD COLUMN credited_number TEXT');
    backfillCreditedNumbers(db);
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;
/** The step that adds invoice_status_history. */
export const STATUS_HISTORY_VERSION = 7;
/** The step that adds the invoice numbers' trigram index. */
export const NUMBER_INDEX_VERSION = 8;
/** The step that adds the portfolio's figures. */
export const PORTFOLIO_FIGURES_VERSION = 9;
/** The step that adds the news (Nouveautés). */
export const NEWS_VERSION = 10;
/** The step that adds the archive's version and the portfolio's details kept. */
export const PORTFOLIO_DETAILS_VERSION = 11;
/** The step from which ArchiveStore counts new invoices into the figures and the version. */
export const BULK_COUNT_VERSION = 12;
/** The step that adds the invoices' VAT and accounting facts (invoice_facts). */
export const FACTS_VERSION = 14;
/** The step that adds the invoice a credit note credits (invoices.credited_number). */
export const CREDITED_VERSION = 16;

/** Applies the steps after the database's version, up to `target` (tests stop early). */
export function migrate(db: DatabaseSync, target: number = SCHEMA_VERSION): void {
  applySteps(db, MIGRATIONS, target, 'archive');
}

/**
 * Applies `steps` after the file's PRAGMA user_version, up to `target`, each in its own
 * transaction with the version bump (a kill leaves a whole step); refuses a file written by a
 * newer app. The archive and the user's own file (user-data-store.ts) migrate alike.
 */
export function applySteps(
  db: DatabaseSync,
  steps: readonly ((db: DatabaseSync) => void)[],
  target: number,
  what: string,
): void {
  const current = Number(
    (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version,
  );
  if (current > steps.length) {
    throw new Error(
      `This ${what} was written by a newer Invoice Desk (schema ${current}, this one knows ${steps.length}).`,
    );
  }
  for (let version = current; version < target; version++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      steps[version]!(db);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
