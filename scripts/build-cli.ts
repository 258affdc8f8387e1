// The CLI and the browser host as one bundle (out/cli/), for the test phases of `npm test`: a
// process started from the sources loads about 440 modules, one started from the bundle parses a
// few files, on less than half the CPU (0.48 s → 0.2 s for `connections list`). The suite starts
// hundreds of them (every CLI test, every UI test's browser host). Users still run the sources
// (`npm run cli`); the same code, bundled as the Electron shell's main is.
import { resolve } from 'node:path';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: resolve(root, 'out', 'cli'),
    emptyOutDir: true,
    target: 'node24',
    minify: false,
    rollupOptions: {
      input: {
        cli: resolve(root, 'src/main/cli.ts'),
        // Beside the bundle: the export's worker is found next to the module that starts it.
        'workbook-worker': resolve(root, 'src/main/services/export/workbook-worker.ts'),
        'demo-operator-worker': resolve(root, 'src/main/services/demo-operator-worker.ts'),
      },
      // keytar is a native addon, found in node_modules at run time; pg's native binding is
      // optional and absent; electron is the shell's alone. exceljs stays in node_modules: its
      // dependencies call the deprecated Buffer(), which Node warns about (on stderr, where the
      // CLI's output is read) only for code outside node_modules.
      external: ['keytar', 'pg-native', 'electron', 'exceljs'],
      output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
