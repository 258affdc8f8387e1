// The facts kept on an invoice's own row (invoice-facts.ts), known with or without its details:
// what is left to pay (schema step 14) and the invoice a credit note credits (step 16). Every
// write of a row (a search page, details, a fetch by id) sets them from the same extractor;
// an archive kept at an older step (tests of upgrades) gets those its schema has.
import type { SQLInputValue } from 'node:sqlite';
import type { Invoice, InvoiceSearchItem } from '#shared/operator/schemas.ts';
import { creditedNumber, payableAmount } from '../invoice-facts.ts';
import { CREDITED_VERSION, FACTS_VERSION } from './schema.ts';

type Item = InvoiceSearchItem | Record<string, unknown>;
type Detail = Invoice | Record<string, unknown> | null;

const ROW_FACTS: readonly {
  column: string;
  since: number;
  of: (item: Item, detail: Detail) => SQLInputValue;
}[] = [
  { column: 'payable_amount', since: FACTS_VERSION, of: payableAmount },
  { column: 'credited_number', since: CREDITED_VERSION, of: creditedNumber },
];

export interface RowFacts {
  /** The columns, in the order `values` gives them. */
  columns: readonly string[];
  /** Their values for a search item (merged as stored) and its details, null without. */
  values(item: Item, detail: Detail): SQLInputValue[];
}

/** The row's facts an archive at schema `version` keeps. */
export function rowFactsAt(version: number): RowFacts {
  const kept = ROW_FACTS.filter((fact) => version >= fact.since);
  return {
    columns: kept.map((fact) => fact.column),
    values: (item, detail) => kept.map((fact) => fact.of(item, detail)),
  };
}
