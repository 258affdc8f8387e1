// The CLI the tests start: its sources by default, or the bundle `npm test` builds
// (scripts/build-cli.ts, out/cli/cli.mjs) when INVOICE_DESK_TEST_CLI names it. The same code:
// the bundle only starts on less CPU, which the suite's hundreds of processes add up.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const CLI_ENTRY = resolve(ROOT, process.env.INVOICE_DESK_TEST_CLI || 'src/main/cli.ts');
