// `/favicon.ico`, which browsers and other clients ask for without reading the page (the page
// names its own icons with <link rel="icon">): the app icon from resources/, as a PNG.
import { resolve } from 'node:path';
import { resolveStaticFile, type StaticFile } from './static-files.ts';

export const FAVICON_PATH = '/favicon.ico';

/** The browser host runs from the project's folder (`npm run start:web`), as the renderer's
 * build it serves (web-command.ts): from its sources or from the tests' bundle alike. */
const ICONS_DIR = resolve(process.cwd(), 'resources', 'icons');

export function resolveFavicon(): Promise<StaticFile | undefined> {
  return resolveStaticFile(ICONS_DIR, '/32x32.png');
}
