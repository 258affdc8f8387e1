// Invoice search (4.1) and retrieval (4.2). Both read the same records and the same built
// invoices, so a search item's businessData and lastStatusData agree with the retrieval.
import {
  DIRECTIONS,
  EXPAND_VALUES,
  INVOICE_SEARCH_LIMITS,
  INVOICE_STATES,
} from '#shared/operator/enums.ts';
import type { InvoiceSearchItem } from '#shared/operator/schemas.ts';
import type { InvoiceRecord } from '../data/records.ts';
import { searchBusinessData } from '../data/invoices.ts';
import { badRequest, notFound } from '../errors.ts';
import { checkCustomerId, intParam, isUuid, page, predicateFromQ, single } from '../params.ts';
import type { FieldSpec } from '../query.ts';
import type { RouteContext, RouteResult } from './types.ts';

function oneOf(allowed: readonly string[]) {
  return (value: string): string => {
    if (!allowed.includes(value)) throw `expected one of ${allowed.join(', ')}`;
    return value;
  };
}

const INVOICE_FIELDS: Record<string, FieldSpec<InvoiceRecord>> = {
  'invoice.invoiceId': {
    get: (r) => r.invoiceId,
    normalize: (v) => {
      if (!isUuid(v)) throw 'expected a uuid';
      return v.toLowerCase();
    },
  },
  'invoice.state': { get: (r) => r.state, normalize: oneOf(INVOICE_STATES) },
  'invoice.direction': { get: (r) => r.direction, normalize: oneOf(DIRECTIONS) },
};

function parseExpand(params: URLSearchParams): Set<string> {
  const raw = single(params, 'expand');
  const values = new Set<string>();
  if (raw === undefined) return values;
  for (const part of raw.split(',')) {
    const value = part.trim();
    if (value === '') continue;
    if (!(EXPAND_VALUES as readonly string[]).includes(value)) {
      throw badRequest(`Unknown expand value '${value}'`, {
        parameter: 'expand',
        value,
        reason: `allowed values: ${EXPAND_VALUES.join(', ')}`,
      });
    }
    values.add(value);
  }
  return values;
}

/**
 * Search (4.1). The spec leaves the order open; the demo operator answers newest first: by
 * metadata.createDate (deposit time) descending, ties by invoiceId ascending. The order is total
 * and never changes for invoices already there; new arrivals only go to the head. So between two
 * page requests an invoice's offset can only grow (by the arrivals matching q in between): a
 * client paging forward may see an invoice again, never miss one.
 */
export function searchInvoices(ctx: RouteContext): RouteResult {
  checkCustomerId(ctx.req);
  const params = ctx.url.searchParams;
  const limits = INVOICE_SEARCH_LIMITS;
  const offset = intParam(params, 'offset', 0, limits.offsetMax, limits.defaultOffset);
  const limit = intParam(params, 'limit', limits.limitMin, limits.limitMax, limits.defaultLimit);
  const expand = parseExpand(params);
  const predicate = predicateFromQ(params, INVOICE_FIELDS);
  const { page: records, count } = page(ctx.dataset.records, predicate, offset, limit);
  const data = records.map<InvoiceSearchItem>((r) => {
    const item: InvoiceSearchItem = {
      metadata: {
        invoiceId: r.invoiceId,
        state: r.state,
        direction: r.direction,
        createDate: r.createDate,
      },
    };
    if (expand.has('lastStatusData')) {
      const status = ctx.dataset.lastStatus(r, ctx.now);
      if (status) item.lastStatusData = status;
    }
    if (expand.has('businessData')) item.businessData = searchBusinessData(ctx.dataset.invoice(r));
    return item;
  });
  return { status: 200, body: { data, meta: { offset, limit, count } } };
}

export function retrieveInvoice(ctx: RouteContext): RouteResult {
  checkCustomerId(ctx.req);
  const id = ctx.params[0]!;
  if (!isUuid(id))
    throw badRequest('Path parameter invoiceId must be a uuid', {
      parameter: 'invoiceId',
      value: id,
      reason: 'expected a uuid',
    });
  const record = ctx.dataset.byId.get(id.toLowerCase());
  if (!record) throw notFound(`No invoice with id ${id}`, { invoiceId: id });
  return { status: 200, body: ctx.dataset.invoice(record) };
}
