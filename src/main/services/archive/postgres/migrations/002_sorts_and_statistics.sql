-- The firm's archive, step 2: what keeps the archive screen's pages fast at 100,000 invoices.

-- Descending sorts keep empty values last (SQLite's order, query.ts's orderOf): a backward scan
-- of step 1's ascending indexes gives them first, so the planner sorted the whole connection
-- instead. Each sort column the screen offers on an index gets its descending twin.
CREATE INDEX invoices_create_date_desc
  ON invoices (connection_id, create_date DESC NULLS LAST, rid DESC);
CREATE INDEX invoices_invoice_date_desc
  ON invoices (connection_id, invoice_date DESC NULLS LAST, rid DESC);
CREATE INDEX invoices_due_date_desc
  ON invoices (connection_id, due_date DESC NULLS LAST, rid DESC);
CREATE INDEX invoices_ttc_desc
  ON invoices (connection_id, ttc_cents DESC NULLS LAST, rid DESC);
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
