// The app's services and dispatcher as the integration tests of the handlers build them: the
// browser shell over a data folder, a silent log, no keychain (custom secrets kept for the
// session), exports saved into a folder of the test. `archivedHandlers` adds the temporary
// folders and a demo archive written before the app starts; `value` and `failure` read a result.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppError, Result } from '#shared/contract.ts';
import { createDispatcher, createHandlers, type Dispatch } from '#main/handlers/index.ts';
import { createServices, type CreateServicesOptions, type Services } from '#main/services/index.ts';
import { fillDemoArchive, type DemoArchiveOptions } from '#support/demo-archive.ts';

export const silent = { info() {}, warn() {}, error() {} };

export interface HandlersOptions extends Partial<Omit<CreateServicesOptions, 'dataDir'>> {
  /** While the operator is unreachable, how often the handlers check it is back (default 0:
   * never, the next call tells). */
  probeIntervalMs?: number;
}

export interface AppHandlers {
  services: Services;
  dispatch: Dispatch;
}

/** The services over `dataDir` and the dispatcher the renderer calls; close the services. */
export function handlersOver(dataDir: string, options: HandlersOptions = {}): AppHandlers {
  const { probeIntervalMs = 0, ...overrides } = options;
  const services = createServices({
    dataDir,
    shell: 'browser',
    env: { INVOICE_DESK_LANG: 'fr' },
    log: silent,
    loadKeytar: () => Promise.reject(new Error('not in this test')),
    ...overrides,
  });
  const dispatch = createDispatcher(createHandlers(services, { probeIntervalMs }), {
    log: silent,
  });
  return { services, dispatch };
}

export interface ArchivedHandlersOptions extends HandlersOptions {
  /** Names the temporary folders: `<prefix>-handler-…` (data) and `<prefix>-export-…`. */
  prefix: string;
  /** The demo archive to write before the app starts (connection 'demo-admin' unless named). */
  fill?: DemoArchiveOptions & { connectionId?: string };
}

export interface ArchivedHandlers extends AppHandlers {
  dataDir: string;
  /** Where exports are saved: the save dialog answers `<outDir>/<the name it offered>`. */
  outDir: string;
  /** The names the save dialog offered, oldest first. */
  asked: string[];
  /** Writes the demo archive of `fill` again (after an 'archive:clear'). */
  refill: () => void;
  /** Closes the services and removes both folders. */
  close: () => Promise<void>;
}

/** Temporary data and export folders, the demo archive of `fill`, and the app over them.
 * Synchronous: a test file builds it at its top and registers `after(close)`. */
export function archivedHandlers(options: ArchivedHandlersOptions): ArchivedHandlers {
  const { prefix, fill, ...handlerOptions } = options;
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-handler-`));
  const outDir = mkdtempSync(join(tmpdir(), `${prefix}-export-`));
  const asked: string[] = [];
  const refill = (): void => {
    if (!fill) return;
    const { connectionId = 'demo-admin', ...archive } = fill;
    fillDemoArchive(dataDir, connectionId, archive);
  };
  refill();
  const app = handlersOver(dataDir, {
    chooseExportPath: async (name) => {
      asked.push(name);
      return join(outDir, name);
    },
    ...handlerOptions,
  });
  return {
    ...app,
    dataDir,
    outDir,
    asked,
    refill,
    async close() {
      await app.services.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** The value of an ok result (the test fails, showing the result, otherwise). */
export function value<T>(result: Result<unknown>): T {
  assert.ok(result.ok, `expected ok, got ${JSON.stringify(result).slice(0, 500)}`);
  return result.value as T;
}

/** The error of a failed result (the test fails, showing the result, otherwise). */
export function failure(result: Result<unknown>): AppError {
  assert.ok(!result.ok, `expected a failure, got ${JSON.stringify(result).slice(0, 300)}`);
  return result.error;
}
