/// <reference types="vite/client" />
// First import: evaluating it sends the start-up's calls, before the app's code is evaluated
// (modules are evaluated in import order), so main answers them while the page evaluates the rest.
import './lib/startup-calls.ts';
import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';

// The start-up bench (bench/ui-bench.ts) reads when the first screen's code was evaluated.
performance.mark('invoice-desk:evaluated');
mount(App, { target: document.getElementById('app')! });
