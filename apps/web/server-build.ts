/**
 * The production server build's entry: React Router's server build, plus the request handler the
 * API serves it with and the load context's class (RouterContextProvider) it requires, both from the one copy of react-router bundled into it. That copy is the
 * router's production build (vite.config.ts): Node alone would load its development build, the
 * package's only export for Node.
 */
export * from 'virtual:react-router/server-build'
export { createRequestHandler, RouterContextProvider } from 'react-router'
