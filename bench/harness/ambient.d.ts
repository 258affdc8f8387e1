// What Vite resolves for the harness and tsc cannot see: Svelte components and CSS imports.
declare module '*.svelte' {
  import type { Component } from 'svelte';
  const component: Component<Record<string, unknown>>;
  export default component;
}
declare module '*.css';
