// Browser tests: builds, installs Chromium if needed, starts the production server on a free
// port over a fresh data folder (seeded on start), and runs Playwright. Extra arguments go
// to Playwright (`node scripts/e2e.mjs apps/web/app/catalog`). `--no-build` skips the build.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildAll, ensureChromium, freePort, run } from './lib.mjs'

const args = process.argv.slice(2)
const skipBuild = args.includes('--no-build')
const playwrightArgs = args.filter((a) => a !== '--no-build')

if (!ensureChromium()) {
  console.error('Browser tests need Chromium at /usr/bin/chromium and it could not be installed.')
  process.exit(1)
}
if (!skipBuild) await buildAll()

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshop-e2e-'))
const port = await freePort()
const code = await run('npx', ['playwright', 'test', ...playwrightArgs], {
  env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
})
fs.rmSync(dataDir, { recursive: true, force: true })
process.exit(code)
