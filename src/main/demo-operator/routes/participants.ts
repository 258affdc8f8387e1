// Participant search by full text (4.4): name contains the value (case-insensitive), or SIREN,
// SIRET or VAT number equal to it.
import type { Participant } from '#shared/operator/schemas.ts';
import { PARTICIPANT_SEARCH_DEFAULTS } from '#shared/operator/enums.ts';
import { badRequest } from '../errors.ts';
import { intParam, page, single } from '../params.ts';
import type { RouteContext, RouteResult } from './types.ts';

/** Bounds of participant paging: the spec gives only the defaults. */
const PARTICIPANT_LIMITS = { offsetMax: 10_000, limitMin: 1, limitMax: 200 } as const;

export function searchParticipants(ctx: RouteContext): RouteResult {
  const params = ctx.url.searchParams;
  const raw = single(params, 'value');
  const value = raw?.trim() ?? '';
  if (value === '')
    throw badRequest("Query parameter 'value' is required", {
      parameter: 'value',
      reason: 'missing or empty',
    });
  const offset = intParam(
    params,
    'offset',
    0,
    PARTICIPANT_LIMITS.offsetMax,
    PARTICIPANT_SEARCH_DEFAULTS.defaultOffset,
  );
  const limit = intParam(
    params,
    'limit',
    PARTICIPANT_LIMITS.limitMin,
    PARTICIPANT_LIMITS.limitMax,
    PARTICIPANT_SEARCH_DEFAULTS.defaultLimit,
  );
  const lower = value.toLowerCase();
  const compact = value.replace(/\s+/g, '').toUpperCase();
  const matches = (p: Participant): boolean =>
    p.name.toLowerCase().includes(lower) ||
    p.legalIdentifier === compact ||
    p.partyIdentifier === compact ||
    p.vatNumber?.toUpperCase() === compact;
  return { status: 200, body: page(ctx.dataset.participants, matches, offset, limit).page };
}
