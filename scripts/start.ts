// `npm start`: build, then run the Electron app; where the Electron binary is missing, say why
// once and serve the same app to the local browser instead, so the command still does its job.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBinaryStatus, electronUnavailableMessage } from './electron-binary.ts';
import { runWebCli } from '#main/cli/web-command.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const bin = (name: string) =>
  join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const build = spawnSync(bin('electron-vite'), ['build'], { stdio: 'inherit' });
if (build.status !== 0) {
  process.stderr.write('The build failed: see the messages above.\n');
  process.exit(build.status ?? 1);
}

const electron = electronBinaryStatus(root);
if (electron.available) {
  const child = spawn(bin('electron'), ['.', ...process.argv.slice(2)], { stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  process.stderr.write(`\n${electronUnavailableMessage(electron.reason)}\n\n`);
  const opener = openerCommand();
  const onUrl = (url: string) => {
    if (opener)
      spawn(opener, [url], { stdio: 'ignore', detached: true })
        .on('error', () => {})
        .unref();
  };
  process.exit(await runWebCli(process.argv.slice(2), { onUrl }));
}

/** The OS's "open this URL" command, unless in CI or when none is installed. */
function openerCommand(): string | undefined {
  if (process.env.CI) return undefined;
  if (process.platform === 'darwin') return 'open';
  if (process.platform === 'win32') return undefined;
  const paths = (process.env.PATH ?? '').split(':');
  return paths.some((dir) => dir && existsSync(join(dir, 'xdg-open'))) ? 'xdg-open' : undefined;
}
