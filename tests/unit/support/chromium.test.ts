// The UI tests' Chromium switches (tests/support/chromium.ts): the one --disable-features switch
// keeps every feature the installed Playwright disables (Chromium reads only the last such
// switch), and a browser context opens no address-bar popup beside its page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#support/chromium.ts';

const disabled = (): string[] =>
  CHROMIUM_ARGS.find((arg) => arg.startsWith('--disable-features='))!
    .slice('--disable-features='.length)
    .split(',');

test("one --disable-features switch, holding every feature Playwright's own switch disables", () => {
  assert.equal(CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features=')).length, 1);
  const bundle = readFileSync(
    join(
      dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')),
      'lib',
      'coreBundle.js',
    ),
    'utf8',
  );
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle);
  assert.ok(
    list,
    "playwright-core's list of disabled features was not found: read its chromiumSwitches again",
  );
  const playwrights = [...list[1]!.matchAll(/^\s*"([A-Za-z]+)",?\s*$/gm)].map((m) => m[1]!);
  assert.ok(playwrights.length >= 10, `read ${playwrights.length} features`);
  assert.deepEqual(
    playwrights.filter((feature) => !disabled().includes(feature)),
    [],
    'features Playwright disables that our switch would enable again',
  );
});

test('a browser context opens its page and no address-bar popup', async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    await (await context.newPage()).goto('data:text/html,<p>page</p>');
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: { type: string; url: string }[];
    };
    assert.deepEqual(
      targetInfos.map((target) => `${target.type} ${target.url}`),
      ['page data:text/html,<p>page</p>'],
    );
  } finally {
    await browser.close();
  }
});
