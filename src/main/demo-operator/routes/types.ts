// What a route handler receives and returns; the server does routing, auth and faults around it.
import type { IncomingMessage } from 'node:http';
import type { Dataset } from '../data/dataset.ts';
import type { WebhookStore } from '../webhook-store.ts';

export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  /** Decoded path parameters, in order. */
  params: string[];
  dataset: Dataset;
  /** The demo operator's clock for this request (ms): nothing shown is dated after it. */
  now: number;
  webhooks: WebhookStore;
  /** The request body parsed as JSON (400 on bad content type or JSON, 413 when too large). */
  readJson(): Promise<unknown>;
}

export interface RouteResult {
  status: number;
  body: unknown;
}

export type RouteHandler = (ctx: RouteContext) => RouteResult | Promise<RouteResult>;
