-- The archive screen's unfiltered total (issue 30, the archive's speed): counting a connection's
-- invoices read every entry of an index, 25–40 ms at 100,000 invoices on every page shown
-- without a filter. The count is kept instead on the connection's row, by set-based triggers
-- (one UPDATE per statement, whatever the rows it wrote: a sync page, a migration's COPY).
ALTER TABLE archives ADD COLUMN invoice_count bigint NOT NULL DEFAULT 0;
UPDATE archives SET invoice_count = counted.n
  FROM (SELECT connection_id, count(*) AS n FROM invoices GROUP BY connection_id) counted
  WHERE archives.connection_id = counted.connection_id;

CREATE FUNCTION invoices_added() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path FROM CURRENT
  AS $$
BEGIN
  UPDATE archives SET invoice_count = invoice_count + added.n
    FROM (SELECT connection_id, count(*) AS n FROM new_invoices GROUP BY connection_id) added
    WHERE archives.connection_id = added.connection_id;
  RETURN NULL;
END
$$;

CREATE FUNCTION invoices_removed() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path FROM CURRENT
  AS $$
BEGIN
  UPDATE archives SET invoice_count = invoice_count - removed.n
    FROM (SELECT connection_id, count(*) AS n FROM old_invoices GROUP BY connection_id) removed
    WHERE archives.connection_id = removed.connection_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER invoices_count_added AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_added();
CREATE TRIGGER invoices_count_removed AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_removed();
