// Runtime validation of every channel's arguments, in main: the renderer is not trusted.
// Typed against the contract, so a schema that drifts from it fails to compile.
import { z } from 'zod';
import { LANGUAGE_PREFERENCES, type ArgsOf, type Channel } from '#shared/contract.ts';
import { INVOICE_SEARCH_LIMITS } from '#shared/operator/enums.ts';
import { operatorUrlSchema, webhookCreateSchema } from '#shared/operator/schemas.ts';

const noArgs = z.undefined().or(z.null().transform(() => undefined));
const id = z.string().min(1).max(200);

type ArgSchemas = { [C in Channel]: z.ZodType<ArgsOf<C>, unknown> };

export const argSchemas = {
  'app:info': noArgs,
  'settings:get': noArgs,
  'settings:update': z.strictObject({
    language: z.enum(LANGUAGE_PREFERENCES).optional(),
    activeConnectionId: id.optional(),
  }),
  'connections:list': noArgs,
  'connections:save': z.strictObject({
    id: id.optional(),
    name: z.string().trim().min(1).max(100),
    baseUrl: operatorUrlSchema,
    tokenUrl: operatorUrlSchema,
    clientId: z.string().trim().min(1).max(200),
    customerId: z.uuid().optional(),
    clientSecret: z.string().min(1).max(4096).optional(),
    secretStorage: z.enum(['keychain', 'session']).optional(),
  }),
  'connections:delete': z.strictObject({ id }),
  'connections:test': z.strictObject({ id }),
  'vault:status': noArgs,
  'invoices:search': z.strictObject({
    q: z.string().max(4000).optional(),
    offset: z.number().int().min(0).max(INVOICE_SEARCH_LIMITS.offsetMax),
    limit: z.number().int().min(INVOICE_SEARCH_LIMITS.limitMin).max(INVOICE_SEARCH_LIMITS.limitMax),
  }),
  'invoices:get': z.strictObject({ invoiceId: z.uuid() }),
  'directory:search': z.strictObject({
    q: z.string().trim().min(1).max(1000),
    offset: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  }),
  'participants:search': z.strictObject({
    value: z.string().trim().min(1).max(200),
    offset: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  }),
  'webhooks:list': noArgs,
  'webhooks:create': webhookCreateSchema,
  'webhooks:delete': z.strictObject({ webhookId: id }),
} satisfies ArgSchemas;
