// Runs every benchmark in bench/ (files named *-bench.ts) one after the other, each in its own
// process so that one's warm caches do not flatter the next. Figures go to BENCHMARKS.md by hand,
// with the machine and this command: `npm run bench` (or `npm run bench -- demo operator` for one).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
// What follows the filter goes to each benchmark (e.g. `npm run bench -- archive --only rate-limit`).
const passed = process.argv.slice(3);
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('-bench.ts') && name.includes(filter))
  .sort();

console.log(
  `# ${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · ${Math.round(totalmem() / 2 ** 30)} GiB\n`,
);
let failed = 0;
for (const file of files) {
  console.log(`## ${file}\n`);
  const run = spawnSync(process.execPath, [join(benchDir, file), ...passed], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exitCode = failed ? 1 : 0;
