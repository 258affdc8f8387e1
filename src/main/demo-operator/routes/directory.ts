// French legal directory search (4.3), served under both of its paths.
import type { DirectoryEntry } from '#shared/operator/schemas.ts';
import { intParam, page, predicateFromQ } from '../params.ts';
import type { FieldSpec } from '../query.ts';
import type { RouteContext, RouteResult } from './types.ts';

const digits =
  (count: number, what: string) =>
  (value: string): string => {
    const compact = value.replace(/\s+/g, '');
    if (!new RegExp(`^\\d{${count}}$`).test(compact)) throw `a ${what} is ${count} digits`;
    return compact;
  };

const DIRECTORY_FIELDS: Record<string, FieldSpec<DirectoryEntry>> = {
  // Names match whole, case-insensitive; `*` makes prefix, suffix or contains searches.
  name: { get: (e) => e.name, wildcard: true, caseInsensitive: true },
  siren: { get: (e) => e.siren, normalize: digits(9, 'SIREN') },
  siret: { get: (e) => e.siret, normalize: digits(14, 'SIRET') },
};

/** Bounds of directory paging: the spec gives none, these mirror invoice search. */
const DIRECTORY_LIMITS = {
  offsetMax: 10_000,
  limitMin: 1,
  limitMax: 200,
  defaultLimit: 50,
} as const;

export function searchDirectory(ctx: RouteContext): RouteResult {
  const params = ctx.url.searchParams;
  const offset = intParam(params, 'offset', 0, DIRECTORY_LIMITS.offsetMax, 0);
  const limit = intParam(
    params,
    'limit',
    DIRECTORY_LIMITS.limitMin,
    DIRECTORY_LIMITS.limitMax,
    DIRECTORY_LIMITS.defaultLimit,
  );
  const predicate = predicateFromQ(params, DIRECTORY_FIELDS);
  const { page: data, count } = page(ctx.dataset.directory, predicate, offset, limit);
  return { status: 200, body: { data, meta: { offset, limit, count } } };
}
