/// <reference types="electron-vite/node" />
// import.meta.env (DEV, PROD, MODE), replaced at build time by electron-vite in main and preload.
