-- The invoice a credit note credits (BT-25: the first referenced document that names one) on the
-- invoice's row, like what is left to pay: SQLite's schema step 16, written by the same
-- extractor (invoice-facts.ts creditedNumber). The aged balance's allocation of credit notes read
-- each credit note's whole JSON for it. Existing rows: the details' referenced documents when
-- they list any (even none), else the search item's; only JSON that names some is parsed.
ALTER TABLE invoices ADD COLUMN credited_number text COLLATE "C";
UPDATE invoices SET credited_number = found.number
  FROM (
    SELECT j.rid, (
        SELECT e.doc ->> 'invoiceId'
        FROM jsonb_array_elements(
            CASE jsonb_typeof(docs.list) WHEN 'array' THEN docs.list ELSE '[]'::jsonb END)
          WITH ORDINALITY AS e(doc, n)
        WHERE jsonb_typeof(e.doc -> 'invoiceId') = 'string' AND e.doc ->> 'invoiceId' <> ''
        ORDER BY e.n
        LIMIT 1) AS number
    FROM invoice_json j
    CROSS JOIN LATERAL (
      SELECT coalesce(
          nullif(CASE WHEN j.detail_json LIKE '%"referencedDocuments"%'
            THEN j.detail_json::jsonb #> '{businessData,referencedDocuments}' END, 'null'::jsonb),
          CASE WHEN j.search_json LIKE '%"referencedDocuments"%'
            THEN j.search_json::jsonb #> '{businessData,referencedDocuments}' END) AS list
    ) docs
    WHERE j.detail_json LIKE '%"referencedDocuments"%'
      OR j.search_json LIKE '%"referencedDocuments"%'
  ) found
  WHERE invoices.rid = found.rid AND found.number IS NOT NULL;
