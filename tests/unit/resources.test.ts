// The app icon's PNGs (resources/, made by `npm run icons`): every size a desktop app ships, each
// PNG really that size, with an alpha channel and transparent corners; and the renderer's
// <link rel="icon"> naming files that exist at the size it declares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  /** Alpha (0 to 255) of the top-left pixel, read from the first row of the image data. */
  topLeftAlpha: number;
}

/** Reads the IHDR header and the first pixel of an 8-bit RGBA PNG (what Chromium writes). */
function readPng(file: string): PngInfo {
  const data = readFileSync(file);
  assert.deepEqual(data.subarray(0, 8), PNG_SIGNATURE, `${file} is not a PNG`);
  assert.equal(data.toString('latin1', 12, 16), 'IHDR', `${file}: IHDR is not the first chunk`);
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const bitDepth = data[24]!;
  const colorType = data[25]!;
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length;) {
    const length = data.readUInt32BE(at);
    if (data.toString('latin1', at + 4, at + 8) === 'IDAT')
      idat.push(data.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  // Row 0: one filter byte, then RGBA. Filters 0-4 all leave the first pixel of the first row
  // as stored (nothing above, nothing to the left) except Average/Paeth which add 0 there too.
  const pixels = inflateSync(Buffer.concat(idat));
  return { width, height, bitDepth, colorType, topLeftAlpha: pixels[4]! };
}

for (const size of SIZES) {
  test(`resources/icons/${size}x${size}.png is ${size}×${size} RGBA with transparent corners`, () => {
    const png = readPng(join(ROOT, 'resources', 'icons', `${size}x${size}.png`));
    assert.equal(png.width, size);
    assert.equal(png.height, size);
    assert.equal(png.bitDepth, 8);
    assert.equal(png.colorType, 6, 'RGBA: the rounded tile needs an alpha channel');
    assert.equal(png.topLeftAlpha, 0, 'the corner outside the rounded tile is transparent');
  });
}

test('resources/icon.png is the 512 px icon, byte for byte', () => {
  assert.deepEqual(
    readFileSync(join(ROOT, 'resources', 'icon.png')),
    readFileSync(join(ROOT, 'resources', 'icons', '512x512.png')),
  );
});

test('the SVG sources are there for `npm run icons`', () => {
  for (const file of ['icon.svg', 'icon-small.svg']) {
    const text = readFileSync(join(ROOT, 'resources', file), 'utf8');
    assert.match(text, /^<svg [^>]*viewBox="0 0 \d+ \d+"/, file);
    // "--" inside an XML comment makes the whole SVG fail to load.
    for (const comment of text.match(/<!--[\s\S]*?-->/g) ?? [])
      assert.ok(!comment.slice(4, -3).includes('--'), `${file}: "--" inside a comment`);
  }
});

test('the renderer\'s <link rel="icon"> tags name existing PNGs of their declared size', () => {
  const htmlFile = join(ROOT, 'src', 'renderer', 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const links = [...html.matchAll(/<link\s+rel="icon"[^>]*>/g)].map((match) => match[0]);
  assert.ok(links.length > 0, 'index.html has no <link rel="icon">');
  for (const link of links) {
    const href = /href="([^"]+)"/.exec(link)?.[1];
    const sizes = /sizes="(\d+)x(\d+)"/.exec(link);
    assert.ok(href && sizes, `${link} lacks href or sizes`);
    const file = resolve(dirname(htmlFile), href);
    assert.ok(existsSync(file), `${href} does not exist`);
    const png = readPng(file);
    assert.equal(`${png.width}x${png.height}`, `${sizes[1]}x${sizes[2]}`, href);
  }
});
