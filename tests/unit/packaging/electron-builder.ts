// electron-builder's own code, reached from the tests: its configuration loader, its schema
// validation and its file matcher (app-builder-lib's internals; package.json pins the version
// they were read from, so an upgrade that moves them fails here first).
import type { Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(join(ROOT, 'package.json'));

/** The configuration as electron-builder reads it (electron-builder.yml, its `extends`). */
export type BuilderConfig = Record<string, unknown> & {
  directories: { output: string; buildResources: string };
};

interface ConfigModule {
  getConfig(
    projectDir: string,
    configPath: string | null,
    fromOptions: null,
  ): Promise<BuilderConfig>;
  validateConfiguration(config: unknown, debugLogger: unknown): Promise<void>;
}
interface FileMatcherModule {
  getMainFileMatchers(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    platformOptions: object,
    packager: object,
    outDir: string,
    isElectronCompile: boolean,
  ): { createFilter(): (file: string, stat: Stats) => boolean }[];
}
interface ResolveModule {
  resolveFunction(
    type: string | undefined,
    executor: unknown,
    name: string,
    root: string,
  ): Promise<unknown>;
}

const configModule = require('app-builder-lib/out/util/config/config.js') as ConfigModule;
const { DebugLogger } = require('builder-util') as {
  DebugLogger: new (enabled: boolean) => object;
};

/** Reads the project's configuration the way `electron-builder` does. */
export async function loadProjectConfig(): Promise<BuilderConfig> {
  return configModule.getConfig(ROOT, null, null);
}

/** electron-builder's validation (the one it runs before downloading anything). */
export async function validate(config: unknown): Promise<void> {
  await configModule.validateConfiguration(config, new DebugLogger(false));
}

/** The filter electron-builder applies to the app folder for the `files` of `config`. */
export function mainFileFilter(config: BuilderConfig) {
  const { getMainFileMatchers } =
    require('app-builder-lib/out/fileMatcher.js') as FileMatcherModule;
  const info = {
    projectDir: ROOT,
    buildResourcesDir: join(ROOT, config.directories.buildResources),
    isPrepackedAppAsar: false,
    config,
    debugLogger: { isEnabled: false },
  };
  const matchers = getMainFileMatchers(
    ROOT,
    '/packaged-app',
    (pattern) => pattern,
    {},
    { info },
    join(ROOT, config.directories.output),
    false,
  );
  return matchers[0]!.createFilter();
}

/** A hook named in the configuration, loaded as electron-builder loads it. */
export async function resolveHook(config: BuilderConfig, name: string): Promise<unknown> {
  const { resolveFunction } = require('app-builder-lib/out/util/resolve.js') as ResolveModule;
  return resolveFunction('module', config[name], name, ROOT);
}
