-- The firm's bank statements and their matches (issue 29's bank file, bank-store.ts), step 3:
-- the same tables keyed by connection, under the connection's user data (they go together, as
-- the two files do). What the accountant decides (the accounts' 512, the matching settings, a
-- line's match) is shared work as in step 2: who and when on the row, every version in
-- user_data_history, a NOTIFY 'bank'. What the bank wrote (imports, lines) and what matching
-- proposes (computed again at each import and decision) are not: no history of them.

CREATE TABLE bank_data (
  connection_id text COLLATE "C" PRIMARY KEY REFERENCES user_data ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bank_accounts (
  connection_id text COLLATE "C" NOT NULL REFERENCES bank_data ON DELETE CASCADE,
  account text COLLATE "C" NOT NULL,   -- the IBAN (or the bank's account id when it has none)
  name text NOT NULL,
  ledger_account text COLLATE "C" NOT NULL,
  currency text COLLATE "C" NOT NULL,
  added_at text COLLATE "C" NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL,
  PRIMARY KEY (connection_id, account)
);

CREATE TABLE bank_imports (
  id bigserial PRIMARY KEY,
  connection_id text COLLATE "C" NOT NULL REFERENCES bank_data ON DELETE CASCADE,
  file_name text NOT NULL,
  format text COLLATE "C" NOT NULL,
  imported_at text COLLATE "C" NOT NULL,
  lines integer NOT NULL,
  added integer NOT NULL
);

CREATE TABLE bank_lines (
  connection_id text COLLATE "C" NOT NULL,
  id text COLLATE "C" NOT NULL,
  account text COLLATE "C" NOT NULL,
  import_id bigint NOT NULL REFERENCES bank_imports ON DELETE CASCADE,
  booking_day text COLLATE "C" NOT NULL,
  value_day text COLLATE "C",
  cents bigint NOT NULL,
  label text COLLATE "C" NOT NULL,
  remittance text COLLATE "C",
  counterparty_name text COLLATE "C",
  counterparty_iban text COLLATE "C",
  end_to_end_id text COLLATE "C",
  bank_ref text COLLATE "C",
  PRIMARY KEY (connection_id, id),
  FOREIGN KEY (connection_id, account) REFERENCES bank_accounts ON DELETE CASCADE
);
CREATE INDEX bank_lines_day ON bank_lines (connection_id, booking_day, id);

CREATE TABLE bank_proposals (
  connection_id text COLLATE "C" NOT NULL,
  line_id text COLLATE "C" NOT NULL,
  state text COLLATE "C" NOT NULL CHECK (state IN ('auto', 'suggested', 'unmatched')),
  rule text COLLATE "C",
  allocations text NOT NULL,
  candidates text NOT NULL,
  PRIMARY KEY (connection_id, line_id),
  FOREIGN KEY (connection_id, line_id) REFERENCES bank_lines ON DELETE CASCADE
);

CREATE TABLE bank_decisions (
  connection_id text COLLATE "C" NOT NULL,
  line_id text COLLATE "C" NOT NULL,
  allocations text NOT NULL,
  rule text COLLATE "C",
  decided_at text COLLATE "C" NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL,
  PRIMARY KEY (connection_id, line_id),
  FOREIGN KEY (connection_id, line_id) REFERENCES bank_lines ON DELETE CASCADE
);

CREATE TABLE bank_settings (
  connection_id text COLLATE "C" PRIMARY KEY REFERENCES bank_data ON DELETE CASCADE,
  window_days integer NOT NULL,
  tolerance_cents bigint NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL
);

CREATE TRIGGER bank_accounts_stamp BEFORE INSERT OR UPDATE ON bank_accounts
  FOR EACH ROW EXECUTE FUNCTION user_data_stamp();
CREATE TRIGGER bank_accounts_changed AFTER INSERT OR UPDATE OR DELETE ON bank_accounts
  FOR EACH ROW EXECUTE FUNCTION user_data_changed('bank');
CREATE TRIGGER bank_decisions_stamp BEFORE INSERT OR UPDATE ON bank_decisions
  FOR EACH ROW EXECUTE FUNCTION user_data_stamp();
CREATE TRIGGER bank_decisions_changed AFTER INSERT OR UPDATE OR DELETE ON bank_decisions
  FOR EACH ROW EXECUTE FUNCTION user_data_changed('bank');
CREATE TRIGGER bank_settings_stamp BEFORE INSERT OR UPDATE ON bank_settings
  FOR EACH ROW EXECUTE FUNCTION user_data_stamp();
CREATE TRIGGER bank_settings_changed AFTER INSERT OR UPDATE OR DELETE ON bank_settings
  FOR EACH ROW EXECUTE FUNCTION user_data_changed('bank');
