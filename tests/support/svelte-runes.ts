// Lets plain Node import the renderer's rune modules (*.svelte.ts: $state, $derived) for unit
// tests: each is stripped of its types and compiled by Svelte for the client, as Vite does.
// Import it before the stores: `import '#support/svelte-runes.ts'`, then `await import(store)`.
// The module `svelte` resolves to its client build too, so that untrack() and the runes share
// one runtime.
import { readFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { fileURLToPath } from 'node:url';
import { compileModule } from 'svelte/compiler';

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'svelte') {
      return next(specifier, { ...context, conditions: ['browser', ...context.conditions] });
    }
    return next(specifier, context);
  },
  load(url, context, next) {
    if (!url.endsWith('.svelte.ts')) return next(url, context);
    const path = fileURLToPath(url);
    const js = stripTypeScriptTypes(readFileSync(path, 'utf8'), { mode: 'strip' });
    const compiled = compileModule(js, { generate: 'client', filename: path, dev: false });
    return { format: 'module', source: compiled.js.code, shortCircuit: true };
  },
});
