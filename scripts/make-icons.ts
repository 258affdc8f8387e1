// `npm run icons`: renders resources/icon.svg (and icon-small.svg for the smallest sizes) to the
// PNGs a desktop app ships, in the system's Chromium. Run it after editing an SVG; the PNGs are
// committed because the packager and the Electron window take them as they are.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** Linux takes them all; 1024 is for the macOS .icns, 256 for the Windows .ico. */
export const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
/** At or below this size the detailed drawing blurs: the pixel-grid variant is drawn instead. */
const SMALL_VARIANT_MAX = 24;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const resources = fileURLToPath(new URL('../resources/', import.meta.url));

function svgDataUrl(file: string): string {
  return `data:image/svg+xml;base64,${readFileSync(join(resources, file)).toString('base64')}`;
}

async function main(): Promise<void> {
  const sources = { large: svgDataUrl('icon.svg'), small: svgDataUrl('icon-small.svg') };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    mkdirSync(join(resources, 'icons'), { recursive: true });
    for (const size of ICON_SIZES) {
      const source = size <= SMALL_VARIANT_MAX ? sources.small : sources.large;
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">` +
          `<img src="${source}" width="${size}" height="${size}" style="display:block" alt="">` +
          `</body></html>`,
      );
      // Page code as strings: this script is type-checked without the DOM library.
      await page.waitForFunction('document.images[0]?.complete === true');
      // A broken SVG (an XML error) loads as nothing: fail instead of writing empty PNGs.
      if (!(await page.evaluate<boolean>('document.images[0].naturalWidth > 0'))) {
        throw new Error(
          `${size <= SMALL_VARIANT_MAX ? 'icon-small.svg' : 'icon.svg'} does not render`,
        );
      }
      const png = await page.screenshot({
        omitBackground: true,
        clip: { x: 0, y: 0, width: size, height: size },
      });
      const target = join(resources, 'icons', `${size}x${size}.png`);
      writeFileSync(target, png);
      process.stdout.write(`${target}\n`);
    }
  } finally {
    await browser.close();
  }
  copyFileSync(join(resources, 'icons', '512x512.png'), join(resources, 'icon.png'));
  process.stdout.write(`${join(resources, 'icon.png')}\n`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    process.stderr.write(`Icons not made: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
