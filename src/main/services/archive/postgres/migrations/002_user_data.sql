-- The firm's shared work (issue 30, item 4), step 2: what the accountants wrote about each
-- client's invoices (the user data of user-data-store.ts: payment marks, handled exceptions,
-- accounting settings, third parties, carried credit, declared returns, typed rates), keyed by
-- connection, shared by every workstation. Not tied to `archives`: clearing or copying a
-- connection's archive again never touches what the accountants wrote.
--
-- Every row says who last wrote it and when (written_by, written_at: set here by trigger, from
-- the transaction's `invoice_desk.who`, the workstation's user). Two workstations writing the
-- same thing: the last write wins, and user_data_history keeps every version (append-only: the
-- app's role may insert and read it, never change or delete it). A write that changes nothing
-- (a migration run again) is skipped: no new version, no history. Every change NOTIFYs
-- `invoice_desk_changes` with {schema, connectionId, what} in its transaction, so the other
-- workstations' screens follow (postgres/changes.ts).

-- A connection some user data was written for (UserDataDirectory.existing).
CREATE TABLE user_data (
  connection_id text COLLATE "C" PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_marks (
  connection_id text COLLATE "C" NOT NULL REFERENCES user_data ON DELETE CASCADE,
  invoice_id text COLLATE "C" NOT NULL,
  paid_on text COLLATE "C" NOT NULL,
  note text,
  marked_at text COLLATE "C" NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL,
  PRIMARY KEY (connection_id, invoice_id)
);

CREATE TABLE exception_marks (
  connection_id text COLLATE "C" NOT NULL REFERENCES user_data ON DELETE CASCADE,
  invoice_id text COLLATE "C" NOT NULL,
  reasons text NOT NULL,      -- JSON array of reason keys (src/shared/exceptions.ts)
  note text,
  handled_by text NOT NULL,
  handled_at text COLLATE "C" NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL,
  PRIMARY KEY (connection_id, invoice_id)
);

CREATE TABLE accounting_settings (
  connection_id text COLLATE "C" PRIMARY KEY REFERENCES user_data ON DELETE CASCADE,
  settings text NOT NULL,     -- JSON of AccountingSettings, checked when read
  updated_at text COLLATE "C" NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL
);

CREATE TABLE third_parties (
  connection_id text COLLATE "C" NOT NULL REFERENCES user_data ON DELETE CASCADE,
  key text COLLATE "C" NOT NULL,
  role text COLLATE "C" NOT NULL CHECK (role IN ('customer', 'supplier')),
  name text COLLATE "C" NOT NULL,
  auxiliary text COLLATE "C" NOT NULL,
  account text COLLATE "C" NOT NULL,
  label text COLLATE "C",
  confirmed boolean NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL,
  PRIMARY KEY (connection_id, key, role),
  CONSTRAINT third_parties_auxiliary UNIQUE (connection_id, auxiliary)
);

CREATE TABLE carried_credits (
  connection_id text COLLATE "C" NOT NULL REFERENCES user_data ON DELETE CASCADE,
  period_from text COLLATE "C" NOT NULL,
  period_to text COLLATE "C" NOT NULL,
  cents bigint NOT NULL CHECK (cents >= 0),
  updated_at text COLLATE "C" NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL,
  PRIMARY KEY (connection_id, period_from, period_to)
);

CREATE TABLE declared_returns (
  connection_id text COLLATE "C" NOT NULL REFERENCES user_data ON DELETE CASCADE,
  period_from text COLLATE "C" NOT NULL,
  period_to text COLLATE "C" NOT NULL,
  label text COLLATE "C" NOT NULL,
  declared_on text COLLATE "C" NOT NULL,
  amount_cents bigint NOT NULL,
  figures text NOT NULL,      -- JSON of DeclaredFigures
  declared_by text NOT NULL,
  declared_at text COLLATE "C" NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL,
  PRIMARY KEY (connection_id, period_from, period_to)
);

CREATE TABLE invoice_rates (
  connection_id text COLLATE "C" NOT NULL REFERENCES user_data ON DELETE CASCADE,
  invoice_id text COLLATE "C" NOT NULL,
  currency text COLLATE "C" NOT NULL,
  rate text COLLATE "C" NOT NULL,
  typed_at text COLLATE "C" NOT NULL,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL,
  PRIMARY KEY (connection_id, invoice_id)
);

-- Every version of every row above: what it was (old, null when new) and became (new, null
-- when taken off), who wrote it and when. Kept when the connection goes (the firm's record).
CREATE TABLE user_data_history (
  id bigserial PRIMARY KEY,
  connection_id text COLLATE "C" NOT NULL,
  what text COLLATE "C" NOT NULL,       -- the NOTIFY kind: marks, exceptions, settings, …
  thing text COLLATE "C" NOT NULL,      -- the table
  old jsonb,
  new jsonb,
  written_by text NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_data_history_connection ON user_data_history (connection_id, id);

-- Who writes: the workstation's user, which each write transaction sets (set_config, local).
CREATE FUNCTION user_data_writer() RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT coalesce(nullif(current_setting('invoice_desk.who', true), ''), session_user) $$;

-- Before a row is written: who and when; nothing written when nothing but those would change.
CREATE FUNCTION user_data_stamp() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path FROM CURRENT
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'written_by' - 'written_at')
      = (to_jsonb(OLD) - 'written_by' - 'written_at') THEN
    RETURN NULL;
  END IF;
  NEW.written_by := user_data_writer();
  NEW.written_at := now();
  RETURN NEW;
END
$$;

-- After a row changed: its history, and the other workstations told (one NOTIFY per kind and
-- connection a transaction: PostgreSQL folds identical payloads).
CREATE FUNCTION user_data_changed() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path FROM CURRENT
  AS $$
DECLARE
  connection text := CASE WHEN TG_OP = 'DELETE' THEN OLD.connection_id ELSE NEW.connection_id END;
BEGIN
  INSERT INTO user_data_history (connection_id, what, thing, old, new, written_by)
  VALUES (connection, TG_ARGV[0], TG_TABLE_NAME,
    CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) - 'connection_id' END,
    CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) - 'connection_id' END,
    user_data_writer());
  PERFORM pg_notify('invoice_desk_changes', json_build_object(
    'schema', TG_TABLE_SCHEMA, 'connectionId', connection, 'what', TG_ARGV[0])::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER payment_marks_stamp BEFORE INSERT OR UPDATE ON payment_marks
  FOR EACH ROW EXECUTE FUNCTION user_data_stamp();
CREATE TRIGGER payment_marks_changed AFTER INSERT OR UPDATE OR DELETE ON payment_marks
  FOR EACH ROW EXECUTE FUNCTION user_data_changed('marks');
CREATE TRIGGER exception_marks_stamp BEFORE INSERT OR UPDATE ON exception_marks
  FOR EACH ROW EXECUTE FUNCTION user_data_stamp();
CREATE TRIGGER exception_marks_changed AFTER INSERT OR UPDATE OR DELETE ON exception_marks
  FOR EACH ROW EXECUTE FUNCTION user_data_changed('exceptions');
CREATE TRIGGER accounting_settings_stamp BEFORE INSERT OR UPDATE ON accounting_settings
  FOR EACH ROW EXECUTE FUNCTION user_data_stamp();
CREATE TRIGGER accounting_settings_changed AFTER INSERT OR UPDATE OR DELETE ON accounting_settings
  FOR EACH ROW EXECUTE FUNCTION user_data_changed('settings');
CREATE TRIGGER third_parties_stamp BEFORE INSERT OR UPDATE ON third_parties
  FOR EACH ROW EXECUTE FUNCTION user_data_stamp();
CREATE TRIGGER third_parties_changed AFTER INSERT OR UPDATE OR DELETE ON third_parties
  FOR EACH ROW EXECUTE FUNCTION user_data_changed('third-parties');
CREATE TRIGGER carried_credits_stamp BEFORE INSERT OR UPDATE ON carried_credits
  FOR EACH ROW EXECUTE FUNCTION user_data_stamp();
CREATE TRIGGER carried_credits_changed AFTER INSERT OR UPDATE OR DELETE ON carried_credits
  FOR EACH ROW EXECUTE FUNCTION user_data_changed('returns');
CREATE TRIGGER declared_returns_stamp BEFORE INSERT OR UPDATE ON declared_returns
  FOR EACH ROW EXECUTE FUNCTION user_data_stamp();
CREATE TRIGGER declared_returns_changed AFTER INSERT OR UPDATE OR DELETE ON declared_returns
  FOR EACH ROW EXECUTE FUNCTION user_data_changed('returns');
CREATE TRIGGER invoice_rates_stamp BEFORE INSERT OR UPDATE ON invoice_rates
  FOR EACH ROW EXECUTE FUNCTION user_data_stamp();
CREATE TRIGGER invoice_rates_changed AFTER INSERT OR UPDATE OR DELETE ON invoice_rates
  FOR EACH ROW EXECUTE FUNCTION user_data_changed('rates');

-- Append-only, whatever role the grants of `firm init` give the rest.
CREATE FUNCTION user_data_history_kept() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  RAISE EXCEPTION 'user_data_history is append-only';
END
$$;
CREATE TRIGGER user_data_history_append_only BEFORE UPDATE OR DELETE ON user_data_history
  FOR EACH ROW EXECUTE FUNCTION user_data_history_kept();
