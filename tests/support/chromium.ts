// Debian's Chromium as the UI tests and the benches launch it (never a browser Playwright would
// download): headless, no sandbox (containers), no GPU, no background traffic.
//
// Its "new" headless mode is the whole browser with its windows hidden: each browser context
// (one per test) also opened the address bar's suggestion popup, a WebUI page in a renderer
// process of its own, ~0.8 s of CPU that no test looks at (measured with
// `--repeat-each 6`: 34.2 s of the machine's CPU against 29.9 s without it). Electron has no
// address bar, so without it the tests are also closer to the app. Chromium reads only the last
// --disable-features switch, which would drop the features Playwright disables itself: the one
// below holds Playwright's list too (tests/unit/support/chromium.test.ts checks it against the
// installed Playwright).
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The features Playwright 1.65 disables (playwright-core's chromiumSwitches). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The address bar's suggestion popup (a WebUI page per window). */
const OMNIBOX_POPUP_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];
