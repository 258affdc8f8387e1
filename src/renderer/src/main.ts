/// <reference types="vite/client" />
import './app.css';
import { sendStartupCalls } from './lib/startup-calls.ts';

// The first calls leave before the app's code is loaded: main answers while the page evaluates.
sendStartupCalls();
const [{ mount }, { default: App }] = await Promise.all([import('svelte'), import('./App.svelte')]);
// The start-up bench (bench/ui-bench.ts) reads when the first screen's code was evaluated.
performance.mark('invoice-desk:evaluated');
mount(App, { target: document.getElementById('app')! });
