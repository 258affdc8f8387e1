// placeholder, replaced by the preload bridge
export {};
