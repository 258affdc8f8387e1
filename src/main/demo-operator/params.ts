// Query-string and header checks shared by the routes. Anything malformed is a 400 that names
// the parameter and the rule, never a silent default.
import type { IncomingMessage } from 'node:http';
import { badRequest } from './errors.ts';
import { QueryError, compileQuery, parseQuery, type FieldSpec } from './query.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The single value of a query parameter; given twice is an error (which one would win?). */
export function single(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name);
  if (all.length > 1)
    throw badRequest(`Query parameter '${name}' is given more than once`, {
      parameter: name,
      reason: 'duplicate',
    });
  return all[0];
}

/** An integer parameter within [min, max], or its default when absent. */
export function intParam(
  params: URLSearchParams,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const raw = single(params, name);
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw badRequest(`Query parameter '${name}' must be an integer from ${min} to ${max}`, {
      parameter: name,
      value: raw,
      reason: `expected an integer from ${min} to ${max}`,
    });
  }
  return Number(raw);
}

/** The optional customer-id header: a uuid when present. */
export function checkCustomerId(req: IncomingMessage): void {
  const value = req.headers['customer-id'];
  if (value === undefined) return;
  if (typeof value !== 'string' || !isUuid(value)) {
    throw badRequest("Header 'customer-id' must be a uuid", {
      header: 'customer-id',
      reason: 'expected a uuid',
    });
  }
}

/** The predicate of the `q` parameter over `fields`; undefined when q is absent or blank. */
export function predicateFromQ<T>(
  params: URLSearchParams,
  fields: Readonly<Record<string, FieldSpec<T>>>,
): ((item: T) => boolean) | undefined {
  const q = single(params, 'q');
  if (q === undefined || q.trim() === '') return undefined;
  try {
    return compileQuery(parseQuery(q), fields);
  } catch (e) {
    if (!(e instanceof QueryError)) throw e;
    throw badRequest(`Invalid search expression: ${e.message} (at position ${e.position})`, {
      parameter: 'q',
      position: e.position,
      reason: e.message,
    });
  }
}

/** One page of the items matching `predicate`, with the total number of matches. */
export function page<T>(
  items: readonly T[],
  predicate: ((item: T) => boolean) | undefined,
  offset: number,
  limit: number,
): { page: T[]; count: number } {
  if (!predicate) return { page: items.slice(offset, offset + limit), count: items.length };
  const result: T[] = [];
  let count = 0;
  for (const item of items) {
    if (!predicate(item)) continue;
    if (count >= offset && result.length < limit) result.push(item);
    count++;
  }
  return { page: result, count };
}
