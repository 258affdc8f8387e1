-- The firm's list of clients (issue 30, item 2): each connection a workstation connected to
-- the firm's archive knows, without its secret, so that every workstation lists every client.
-- The operator's client secret stays in each workstation's keychain: no column here holds one.
-- Not keyed to `archives`: a client is listed before its first sync makes its archive.
CREATE TABLE firm_clients (
  connection_id text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  base_url text NOT NULL,
  token_url text NOT NULL,
  client_id text NOT NULL,
  customer_id text,
  -- The client company, as its archive names it (null before a sync read one).
  company text,
  -- Who listed it last (the workstation's user) and when.
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
