/** The browser build's stylesheets by URL, with their text (vite.config.ts, builtStylesheets). */
declare module 'virtual:fanshop/stylesheets' {
  const stylesheets: Record<string, string>
  export default stylesheets
}
