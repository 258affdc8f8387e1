-- The firm's sync owner's answered pages not yet written (issue 30, item 3: a takeover reads
-- at most one page again). An owner keeps one page asked at a time; each answer is kept here
-- first, in one quick insert, and the next page is asked while this one's write (its invoices,
-- its checkpoint, its row here deleted, in one transaction) is under way. A killed owner
-- leaves its kept pages to the next owner's beginRun, which writes them before asking anything.
CREATE TABLE sync_pages (
  id bigserial PRIMARY KEY,
  connection_id text COLLATE "C" NOT NULL REFERENCES archives ON DELETE CASCADE,
  run_id bigint NOT NULL REFERENCES sync_runs ON DELETE CASCADE,
  kind text COLLATE "C" NOT NULL CHECK (kind IN ('list', 'status')),
  -- The page as the sync would have written it (ports.ts's ListPage or StatusPage), as JSON.
  page_json text NOT NULL
);
-- Written once and read at most once: not worth compressing on the way in.
ALTER TABLE sync_pages ALTER COLUMN page_json SET STORAGE EXTERNAL;
CREATE INDEX sync_pages_connection ON sync_pages (connection_id, id);
