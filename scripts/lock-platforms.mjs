// Keeps `npm ci` working on other platforms' absence: the npm registry reachable here lacks
// Biome's non-Linux binaries, so `npm install` cannot record them in package-lock.json, and
// `npm ci` then refuses the lock as out of sync. This adds their entries (never downloaded:
// their os/cpu/libc do not match this machine). Run it after any `npm install`;
// `npm test` fails with a pointer to it when the entries are missing.
import fs from 'node:fs'
import path from 'node:path'
import { root } from './lib.mjs'

const PLATFORMS = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'android-x64': { os: ['android'], cpu: ['x64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm64': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-x64': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64': { os: ['win32'], cpu: ['x64'] },
}

const file = path.join(root, 'package-lock.json')

/** The Biome platform entries the lock lacks. */
export function missingEntries(lock) {
  const biome = lock.packages['node_modules/@biomejs/biome']
  if (!biome) return []
  return Object.keys(PLATFORMS)
    .map((platform) => `node_modules/@biomejs/cli-${platform}`)
    .filter((key) => !lock.packages[key])
    .map((key) => [key, biome.version])
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(fs.readFileSync(file, 'utf8'))
  const missing = missingEntries(lock)
  if (process.argv.includes('--check')) {
    if (missing.length > 0) {
      console.error(
        `package-lock.json lacks ${missing.length} Biome platform entries: run node scripts/lock-platforms.mjs`,
      )
      process.exit(1)
    }
    process.exit(0)
  }
  for (const [key, version] of missing) {
    const platform = key.replace('node_modules/@biomejs/cli-', '')
    lock.packages[key] = {
      version,
      dev: true,
      optional: true,
      license: 'MIT OR Apache-2.0',
      ...PLATFORMS[platform],
      engines: { node: '>=14.21.3' },
    }
  }
  const [rootEntry, ...rest] = Object.entries(lock.packages)
  lock.packages = Object.fromEntries([rootEntry, ...rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))])
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(
    missing.length
      ? `added ${missing.length} Biome platform entries to package-lock.json`
      : 'package-lock.json is complete',
  )
}
