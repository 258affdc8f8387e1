// End-to-end tests: the real renderer build, served by the browser host (tests/e2e/fixtures.ts),
// driven in the system Chromium. `npm test` builds first (electron-vite build).
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  // Two browsers at a time, one per core of the build machines: each test has its own host,
  // data folder and demo operators, so none shares state. Three, beside another test pass, made
  // the suite slower (797 s instead of 588), though two used about one core (584 s of CPU).
  workers: 2,
  // Tests, not files, are handed out: no test depends on another of its file, and a long file
  // at the end no longer leaves the other browser idle.
  fullyParallel: true,
  retries: 0,
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    // The system Chromium: Playwright's own browsers are never downloaded here.
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    headless: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1366, height: 850 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
  },
  projects: [{ name: 'chromium' }],
});
