// Files Vite turns into URLs when a module imports them (the renderer's types leave out
// vite/client, so the few kinds used are declared here).
declare module '*.svg' {
  const url: string;
  export default url;
}
