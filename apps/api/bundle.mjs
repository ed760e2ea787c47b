// How the API's TypeScript is bundled for Node, in one place: our sources (and @fanshop/core)
// compiled into one file, every npm dependency left external and loaded from node_modules at run
// time. build.mjs bundles the server with it; the tests bundle their second instance's worker.
import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !name.startsWith('@fanshop/'))
  .flatMap((name) => [name, `${name}/*`])

export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, 'vite'],
  logLevel: 'warning',
}
