#!/usr/bin/env bash
# The whole test suite, as CI runs it: static checks, then plain-Node tests (unit and
# integration: real HTTP to the demo operator, a real keychain, real files), then the UI in
# Chromium through the browser host.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

npm run -s typecheck
npm run -s lint
electron-vite build --logLevel warn

bash scripts/with-keyring.sh node --test --test-concurrency=2 --test-reporter=spec \
  "tests/unit/**/*.test.ts" "tests/integration/**/*.test.ts"

playwright test
