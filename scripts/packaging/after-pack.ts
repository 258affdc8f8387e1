// electron-builder's afterPack hook (electron-builder.yml): flips the fuses of FUSE_SETTINGS in
// the packaged Electron binary, after the app is copied in and before it is signed (a signature
// made before would no longer match the binary).
import type { FuseV1Config } from '@electron/fuses';
import { fuseConfig } from './fuses.ts';

/** The part of electron-builder's AfterPackContext this hook uses. */
export interface AfterPackContext {
  electronPlatformName: string;
  appOutDir: string;
  packager: {
    addElectronFuses(context: AfterPackContext, fuses: FuseV1Config): Promise<number>;
  };
}

export async function afterPack(context: AfterPackContext): Promise<void> {
  // addElectronFuses finds the binary (Invoice Desk.exe, Invoice Desk.app, invoice-desk).
  const flipped = await context.packager.addElectronFuses(
    context,
    fuseConfig(context.electronPlatformName),
  );
  console.log(`  • fuses set (${flipped} fuse wire(s)) in ${context.appOutDir}`);
}

export default afterPack;
