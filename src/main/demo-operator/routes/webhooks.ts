// Webhook configuration (4.5 create, 4.6 list, 4.7 delete). The body is validated whole before
// anything is stored, so a rejected request leaves no trace.
import { webhookCreateSchema } from '#shared/operator/schemas.ts';
import { HttpError, badRequest, notFound } from '../errors.ts';
import type { RouteContext, RouteResult } from './types.ts';

export async function createWebhook(ctx: RouteContext): Promise<RouteResult> {
  const body = await ctx.readJson();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object', {
      field: '(body)',
      reason: 'expected a JSON object',
    });
  }
  const parsed = webhookCreateSchema.safeParse(body);
  if (!parsed.success) {
    throw badRequest('Invalid webhook', {
      fields: parsed.error.issues.map((issue) => ({
        field: issue.path.length > 0 ? issue.path.join('.') : '(body)',
        reason: issue.message,
      })),
    });
  }
  const existing = ctx.webhooks.conflictFor(parsed.data.filterStreamDirection);
  if (existing) {
    const clash = (d: string | null | undefined): string => d ?? 'both directions';
    throw new HttpError(409, {
      code: 'DUPLICATE_RESOURCE',
      statusMessage: `A webhook already exists for ${clash(existing.filterStreamDirection)}; only one webhook per direction is allowed`,
      details: {
        webhookId: existing.webhookId,
        filterStreamDirection: existing.filterStreamDirection ?? null,
        requestedFilterStreamDirection: parsed.data.filterStreamDirection ?? null,
      },
    });
  }
  const created = ctx.webhooks.create(parsed.data);
  return { status: 201, body: { type: 'WEBHOOK', id: created.webhookId } };
}

export function listWebhooks(ctx: RouteContext): RouteResult {
  return { status: 200, body: ctx.webhooks.list() };
}

export function deleteWebhook(ctx: RouteContext): RouteResult {
  const id = ctx.params[0]!;
  if (!ctx.webhooks.delete(id)) throw notFound(`No webhook with id ${id}`, { webhookId: id });
  return { status: 200, body: { type: 'WEBHOOK', id } };
}
