import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY } from './src/shared/csp.ts';

/** The page's placeholder for the CSP <meta>, right after the charset and before any script. */
const CSP_PLACEHOLDER =
  '<!-- Content-Security-Policy: written here at build time from src/shared/csp.ts -->';

/** Writes the one CSP (src/shared/csp.ts) into the page's <meta>, so it is never typed twice. */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'invoice-desk:csp-meta',
    transformIndexHtml(html) {
      if (!html.includes(CSP_PLACEHOLDER)) throw new Error('index.html lost its CSP placeholder');
      const meta = `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`;
      return html.replace(CSP_PLACEHOLDER, meta);
    },
  };
}

export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve('src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        // A sandboxed preload cannot load ES modules: one CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    build: {
      rollupOptions: { input: { index: resolve('src/renderer/index.html') } },
      // Minified: the start-up parses and evaluates less (issue 27, item 7). electron-vite
      // leaves the renderer unminified by default.
      minify: process.env.INVOICE_DESK_NO_MINIFY ? false : true,
    },
    plugins: [svelte({ configFile: resolve('svelte.config.js') }), contentSecurityPolicyMeta()],
  },
});
