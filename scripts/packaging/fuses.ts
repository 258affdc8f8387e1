// The Electron fuses every installer ships with (issue 20), as data: the afterPack hook flips
// exactly these, the release workflow reads them back from the packaged binary, and a unit test
// checks them. A fuse is a switch compiled into the Electron binary: once flipped at packaging,
// no command-line flag or environment variable can turn the feature back on.
import { FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses';

export type FuseName = keyof typeof FuseV1Options;

/** Each fuse set, and why. Fuses not named keep Electron's default. */
export const FUSE_SETTINGS = {
  // ELECTRON_RUN_AS_NODE would turn the signed app into a plain Node anyone can script.
  RunAsNode: false,
  // Cookies encrypted at rest with the OS keychain's key.
  EnableCookieEncryption: true,
  // NODE_OPTIONS could preload code into the app.
  EnableNodeOptionsEnvironmentVariable: false,
  // --inspect and friends would open a debugger on the main process.
  EnableNodeCliInspectArguments: false,
  // app.asar checked against the hash electron-builder embeds (macOS and Windows).
  EnableEmbeddedAsarIntegrityValidation: true,
  // Only app.asar is loaded: no app folder beside it can replace the code.
  OnlyLoadAppFromAsar: true,
} as const satisfies Partial<Record<FuseName, boolean>>;

/** The @electron/fuses configuration for one packaged app (macOS arm64 needs its ad-hoc
 * signature redone after the binary changes; a real signature, when there is one, follows). */
export function fuseConfig(electronPlatformName: string): FuseV1Config {
  const config: FuseV1Config = {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: electronPlatformName === 'darwin',
  };
  for (const [name, enabled] of Object.entries(FUSE_SETTINGS)) {
    config[FuseV1Options[name as FuseName]] = enabled;
  }
  return config;
}
