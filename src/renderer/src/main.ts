/// <reference types="vite/client" />
import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';

// The start-up bench (bench/ui-bench.ts) reads when the first screen's code was evaluated.
performance.mark('invoice-desk:evaluated');
mount(App, { target: document.getElementById('app')! });
