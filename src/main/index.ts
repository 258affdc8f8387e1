// placeholder, replaced by the Electron shell
export {};
