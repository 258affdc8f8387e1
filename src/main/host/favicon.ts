// `/favicon.ico`, which browsers and other clients ask for without reading the page (the page
// names its own icons with <link rel="icon">): the app icon from resources/, as a PNG.
import { fileURLToPath } from 'node:url';
import { resolveStaticFile, type StaticFile } from './static-files.ts';

export const FAVICON_PATH = '/favicon.ico';

/** The browser host runs from the source tree (`cli.ts web`), so resources/ is two levels up. */
const ICONS_DIR = fileURLToPath(new URL('../../../resources/icons/', import.meta.url));

export function resolveFavicon(): Promise<StaticFile | undefined> {
  return resolveStaticFile(ICONS_DIR, '/32x32.png');
}
