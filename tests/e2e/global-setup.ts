// One folder of filled archives per run (tests/support/demo-archive.ts): a spec's archive is
// filled once and copied for the next test that asks for the same. scripts/test.sh gives its own
// folder; a run started alone (`npx playwright test x.spec.ts`) gets one here, removed after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILLED_ARCHIVES_ENV } from '#support/demo-archive.ts';

export default function globalSetup(): (() => void) | undefined {
  if (process.env[FILLED_ARCHIVES_ENV]) return undefined;
  const folder = mkdtempSync(join(tmpdir(), 'invoice-desk-e2e-filled-'));
  process.env[FILLED_ARCHIVES_ENV] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
