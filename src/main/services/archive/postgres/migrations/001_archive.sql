-- The firm's archive (issue 30), step 1: the same tables as the embedded SQLite archive at its
-- schema step 14 (sqlite/schema.ts), every one keyed by the connection it belongs to, in one
-- schema (the search_path's first) shared by every workstation of the firm. Texts compare and
-- sort byte by byte (COLLATE "C"), as SQLite's do, so a page and its order are the same on
-- both stores. The extensions live in public: a test's schema is dropped without them.

-- Names searched with accents ignored: unaccent is not IMMUTABLE (its dictionary could
-- change), so a generated column needs this wrapper naming the dictionary.
CREATE FUNCTION fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, coalesce(value, ''))) $$;

-- The connections whose archive the firm holds (no secret: the operator's credentials stay in
-- each workstation's keychain). version counts the writes that changed what the ledger and
-- the CA3 draft read (SQLite's archive_version).
CREATE TABLE archives (
  connection_id text COLLATE "C" PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL DEFAULT 0
);

CREATE TABLE invoices (
  rid bigserial PRIMARY KEY,
  connection_id text COLLATE "C" NOT NULL REFERENCES archives ON DELETE CASCADE,
  invoice_id text COLLATE "C" NOT NULL,
  direction text COLLATE "C" NOT NULL,
  state text COLLATE "C" NOT NULL,
  invoice_number text COLLATE "C",
  type_code text COLLATE "C",
  invoice_date text COLLATE "C",
  due_date text COLLATE "C",
  create_date text COLLATE "C",
  seller_name text COLLATE "C", seller_siren text COLLATE "C", seller_siret text COLLATE "C",
  seller_vat text COLLATE "C",
  buyer_name text COLLATE "C", buyer_siren text COLLATE "C", buyer_siret text COLLATE "C",
  buyer_vat text COLLATE "C",
  counterparty_name text COLLATE "C", counterparty_siren text COLLATE "C",
  counterparty_siret text COLLATE "C", counterparty_vat text COLLATE "C",
  ht_cents bigint, tva_cents bigint, ttc_cents bigint,
  currency text COLLATE "C",
  lifecycle_code text COLLATE "C",
  lifecycle_date text COLLATE "C",
  search_fetched_at text COLLATE "C" NOT NULL,
  detail_fetched_at text COLLATE "C",
  status_run_id bigint,
  detail_error text,
  detail_error_run_id bigint,
  payable_amount double precision,
  -- The search field's words (parties' names and the number; FTS5's invoice_fts) and the
  -- counterparty filter's (its name only), accents and case ignored.
  names_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple',
    fold(counterparty_name) || ' ' || fold(seller_name) || ' ' || fold(buyer_name) || ' '
    || fold(invoice_number))) STORED,
  counterparty_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', fold(counterparty_name)))
    STORED,
  UNIQUE (connection_id, invoice_id)
);
-- Sorts read (connection, column, rid) in either direction; empty values last (NULLS LAST).
CREATE INDEX invoices_create_date ON invoices (connection_id, create_date, rid);
CREATE INDEX invoices_invoice_date ON invoices (connection_id, invoice_date, rid);
CREATE INDEX invoices_due_date ON invoices (connection_id, due_date, rid);
CREATE INDEX invoices_ttc ON invoices (connection_id, ttc_cents, rid);
CREATE INDEX invoices_counterparty_name ON invoices (connection_id, counterparty_name, rid);
CREATE INDEX invoices_invoice_number ON invoices (connection_id, invoice_number, rid);
CREATE INDEX invoices_direction_state ON invoices (connection_id, direction, state);
CREATE INDEX invoices_type_code ON invoices (connection_id, type_code, direction, invoice_date);
CREATE INDEX invoices_lifecycle_code ON invoices (connection_id, lifecycle_code, direction);
CREATE INDEX invoices_cp_siren ON invoices (connection_id, counterparty_siren);
CREATE INDEX invoices_cp_siret ON invoices (connection_id, counterparty_siret);
CREATE INDEX invoices_cp_vat ON invoices (connection_id, counterparty_vat);
CREATE INDEX invoices_detail_todo ON invoices (connection_id, create_date DESC)
  WHERE detail_fetched_at IS NULL;
-- Any part of a number (pg_trgm: FTS5's trigram table), and the names' words (tsvector).
CREATE INDEX invoices_number_trgm ON invoices USING gin (invoice_number public.gin_trgm_ops);
CREATE INDEX invoices_names ON invoices USING gin (names_tsv);
CREATE INDEX invoices_counterparty_words ON invoices USING gin (counterparty_tsv);

-- The operator's JSON as it was written (text, not jsonb: the store compares it as written).
CREATE TABLE invoice_json (
  rid bigint PRIMARY KEY REFERENCES invoices ON DELETE CASCADE,
  connection_id text COLLATE "C" NOT NULL,
  search_json text NOT NULL,
  detail_json text
);

CREATE TABLE cached_responses (
  connection_id text COLLATE "C" NOT NULL REFERENCES archives ON DELETE CASCADE,
  kind text COLLATE "C" NOT NULL,
  request_key text COLLATE "C" NOT NULL,
  response_json text NOT NULL,
  fetched_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (connection_id, kind, request_key)
);

CREATE TABLE sync_runs (
  id bigserial PRIMARY KEY,
  connection_id text COLLATE "C" NOT NULL REFERENCES archives ON DELETE CASCADE,
  started_at text COLLATE "C" NOT NULL,
  finished_at text COLLATE "C",
  details boolean NOT NULL
);
CREATE INDEX sync_runs_connection ON sync_runs (connection_id, id);

CREATE TABLE sync_partitions (
  connection_id text COLLATE "C" NOT NULL REFERENCES archives ON DELETE CASCADE,
  direction text COLLATE "C" NOT NULL,
  state text COLLATE "C" NOT NULL,
  run_id bigint REFERENCES sync_runs ON DELETE SET NULL,
  next_offset integer,
  finished_run_id bigint,
  ever_finished boolean NOT NULL DEFAULT false,
  complete boolean NOT NULL DEFAULT false,
  operator_count integer,
  oldest_date text COLLATE "C",
  finished_at text COLLATE "C",
  PRIMARY KEY (connection_id, direction, state)
);

CREATE TABLE invoice_status_history (
  id bigserial PRIMARY KEY,
  connection_id text COLLATE "C" NOT NULL,
  rid bigint NOT NULL REFERENCES invoices ON DELETE CASCADE,
  code text COLLATE "C" NOT NULL,
  status_date text COLLATE "C",
  seen_at text COLLATE "C" NOT NULL
);
CREATE INDEX invoice_status_history_rid ON invoice_status_history (rid, seen_at);
CREATE INDEX invoice_status_history_seen ON invoice_status_history (connection_id, seen_at);

CREATE TABLE news (
  id bigserial PRIMARY KEY,
  connection_id text COLLATE "C" NOT NULL,
  rid bigint NOT NULL REFERENCES invoices ON DELETE CASCADE,
  kind text COLLATE "C" NOT NULL,
  run_id bigint,
  found_at text COLLATE "C" NOT NULL,
  read_at text COLLATE "C"
);
CREATE INDEX news_unread ON news (connection_id, id) WHERE read_at IS NULL;
CREATE INDEX news_found ON news (connection_id, found_at) WHERE run_id IS NOT NULL;
CREATE INDEX news_rid ON news (rid);

CREATE TABLE portfolio_details (
  connection_id text COLLATE "C" NOT NULL REFERENCES archives ON DELETE CASCADE,
  month text COLLATE "C" NOT NULL,
  archive_version bigint NOT NULL,
  user_stamp text NOT NULL,
  to_map integer NOT NULL,
  vat_cents bigint NOT NULL,
  past_due integer NOT NULL,
  PRIMARY KEY (connection_id, month)
);

-- The VAT and accounting facts of each invoice with details (invoice-facts.ts), extracted
-- once when written, as in SQLite's step 14.
CREATE TABLE invoice_facts (
  rid bigint PRIMARY KEY REFERENCES invoices ON DELETE CASCADE,
  connection_id text COLLATE "C" NOT NULL,
  platform_id text COLLATE "C",
  number text COLLATE "C",
  type text COLLATE "C",
  process_type text COLLATE "C",
  tax_payment_code integer,
  tax_payment_iop text COLLATE "C",
  delivery_date text COLLATE "C",
  invoice_currency text COLLATE "C",
  invoice_amount double precision,
  tax_basis_total double precision,
  tax_total double precision,
  tax_total_accounting double precision,
  seller_country text COLLATE "C",
  buyer_country text COLLATE "C",
  accounting_cost_id text COLLATE "C",
  seller_trading_name text COLLATE "C",
  buyer_trading_name text COLLATE "C",
  payment_reference text COLLATE "C",
  transfer_ibans text COLLATE "C",
  debit_ibans text COLLATE "C"
);
CREATE INDEX invoice_facts_delivery_date ON invoice_facts (connection_id, delivery_date)
  WHERE delivery_date IS NOT NULL;

CREATE TABLE invoice_vat_lines (
  rid bigint NOT NULL REFERENCES invoices ON DELETE CASCADE,
  line integer NOT NULL,
  connection_id text COLLATE "C" NOT NULL,
  category_code text COLLATE "C",
  percent double precision,
  taxable_amount double precision,
  tax_amount double precision,
  PRIMARY KEY (rid, line)
);

-- Descending sorts keep empty values last (SQLite's order, query.ts's orderOf): a backward scan
-- of the ascending indexes above gives them first, so the planner sorted the whole connection
-- instead. Each sort column the screen offers on an index gets its descending twin.
CREATE INDEX invoices_create_date_desc
  ON invoices (connection_id, create_date DESC NULLS LAST, rid DESC);
CREATE INDEX invoices_invoice_date_desc
  ON invoices (connection_id, invoice_date DESC NULLS LAST, rid DESC);
CREATE INDEX invoices_due_date_desc
  ON invoices (connection_id, due_date DESC NULLS LAST, rid DESC);
-- The TTC sort is on the amount as shown, a credit note's negative (issue 27; query.ts's
-- orderOf writes the same expression, sqlite/archive-query.ts's sortExpression): both ways.
CREATE INDEX invoices_ttc_signed
  ON invoices (connection_id, (CASE WHEN type_code IN ('261', '262', '296', '308', '381', '396', '420', '458', '532') THEN -abs(ttc_cents) ELSE ttc_cents END), rid);
CREATE INDEX invoices_ttc_signed_desc
  ON invoices (connection_id, (CASE WHEN type_code IN ('261', '262', '296', '308', '381', '396', '420', '458', '532') THEN -abs(ttc_cents) ELSE ttc_cents END) DESC NULLS LAST, rid DESC);
CREATE INDEX invoices_counterparty_name_desc
  ON invoices (connection_id, counterparty_name DESC NULLS LAST, rid DESC);
CREATE INDEX invoices_invoice_number_desc
  ON invoices (connection_id, invoice_number DESC NULLS LAST, rid DESC);

-- Planner statistics after a bulk load (a migration, a first sync): without them the planner
-- guesses every filter's share of rows and picks scans that read the whole archive. ANALYZE
-- needs the tables' owner, the administrator who ran `firm init`; the app's role (granted
-- EXECUTE on the schema's functions) asks for it through this function, run as its owner.
CREATE FUNCTION refresh_statistics() RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path FROM CURRENT
  AS $$
BEGIN
  -- A bulk load leaves the words' GIN entries in their pending lists (copy-archive.ts lets them
  -- grow, which loads faster); every search would scan them until moved into the indexes.
  PERFORM gin_clean_pending_list('invoices_number_trgm'::regclass),
    gin_clean_pending_list('invoices_names'::regclass),
    gin_clean_pending_list('invoices_counterparty_words'::regclass);
  ANALYZE archives, invoices, invoice_json, invoice_status_history, news, invoice_facts,
    invoice_vat_lines, sync_runs, sync_partitions, cached_responses, portfolio_details;
END
$$;
REVOKE EXECUTE ON FUNCTION refresh_statistics() FROM PUBLIC;
