// The one entry point both transports (Electron IPC, the browser host) call with untrusted
// input: the channel checked against the contract, its arguments against contract-args.ts.
import { CHANNELS, isChannel, type Result } from '#shared/contract.ts';
import { argSchemas } from '../contract-args.ts';
import { toAppError } from '../services/errors.ts';
import type { Logger } from '../services/index.ts';
import type { Handlers } from './types.ts';
import { traceStart } from '../services/start-trace.ts';

export type Dispatch = (channel: string, rawArgs: unknown) => Promise<Result<unknown>>;

/**
 * The one entry point for untrusted calls: rejects unknown channels, validates the arguments
 * against the channel's schema, runs the handler and wraps any outcome in the Result envelope.
 * Failures are logged by channel and kind only: arguments may hold a client secret.
 */
export function createDispatcher(handlers: Handlers, options: { log?: Logger } = {}): Dispatch {
  const log = options.log ?? console;
  return async (channel, rawArgs) => {
    if (!isChannel(channel)) {
      const message = `Unknown channel ${JSON.stringify(String(channel).slice(0, 100))}`;
      log.warn(`[rpc] ${message}`);
      return {
        ok: false,
        error: { kind: 'invalid_input', message, details: { channels: CHANNELS } },
      };
    }
    const parsed = argSchemas[channel].safeParse(rawArgs);
    if (!parsed.success) {
      // Paths and messages only: zod's issues can quote the input, which may be a secret.
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.map((segment) =>
          typeof segment === 'symbol' ? String(segment) : segment,
        ),
        code: issue.code,
        message: issue.message,
      }));
      // One name per field, however many rules it broke.
      const where = [...new Set(issues.map((issue) => issue.path.join('.') || '(arguments)'))].join(
        ', ',
      );
      log.warn(`[rpc] ${channel}: invalid arguments at ${where}`);
      return {
        ok: false,
        error: {
          kind: 'invalid_input',
          message: `Invalid arguments for ${channel}: ${where}`,
          details: { issues },
        },
      };
    }
    try {
      const handler = handlers[channel] as (args: unknown) => Promise<unknown>;
      traceStart(`rpc ${channel}: asked`);
      const value = await handler(parsed.data);
      traceStart(`rpc ${channel}: answered`);
      return { ok: true, value };
    } catch (error) {
      const appError = toAppError(error);
      log.warn(`[rpc] ${channel} failed: ${appError.kind}: ${appError.message}`);
      return { ok: false, error: appError };
    }
  };
}
