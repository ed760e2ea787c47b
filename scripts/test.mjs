// `npm test`: every check the project has, in the order that fails fastest:
// format and lint, typecheck, unit and API tests (SQLite, and PostgreSQL whenever one answers
// at TEST_PG_URL; under CI=true a missing PostgreSQL is a failure), then the browser tests.
// Ends with one line: "Summary: N passed, N failed".
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { root, run } from './lib.mjs'
import { runWatched } from './stall-watch.mjs'

const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const inCi = process.env.CI === 'true'
/** No test file started or ended for this long: the vitest run has stopped (its slowest file takes under a minute). */
const VITEST_STALL_MS = 8 * 60_000
const resultsDir = path.join(root, '.test-results')
fs.rmSync(resultsDir, { recursive: true, force: true })
fs.mkdirSync(resultsDir, { recursive: true })

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** Starts the machine's PostgreSQL cluster when it is installed but stopped. */
function startLocalPostgres() {
  if (!fs.existsSync('/etc/postgresql')) return
  for (const version of fs.readdirSync('/etc/postgresql')) {
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'ignore' })
  }
}

function step(name) {
  console.log(`\n=== ${name}`)
}

step('lockfile (npm ci must accept it on any machine)')
if ((await run('node', ['scripts/lock-platforms.mjs', '--check'])) !== 0) process.exit(1)

step('format and lint (biome)')
if ((await run('npx', ['biome', 'check', '.'])) !== 0) process.exit(1)

step('typecheck')
if ((await run('npm', ['run', 'typecheck'])) !== 0) process.exit(1)

let withPostgres = await postgresAnswers()
if (!withPostgres && !process.env.TEST_PG_URL) {
  startLocalPostgres()
  withPostgres = await postgresAnswers()
}
const pgLine = withPostgres
  ? `PostgreSQL: covered (API and data-layer tests also ran on ${pgUrl.replace(/\/\/[^@]*@/, '//')})`
  : `PostgreSQL: NOT covered (nothing answered at ${pgUrl.replace(/\/\/[^@]*@/, '//')}); API tests ran on SQLite only`

step('build (the server tests and the browser tests run what was built)')
if ((await run('npm', ['run', 'build'])) !== 0) process.exit(1)

const redisLine =
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0
    ? 'Redis: covered (the shared rate limiter also ran against a private redis-server)'
    : 'Redis: NOT covered (no redis-server on this machine); the rate limiter ran on the database only'

step('unit and API tests (vitest)')
console.log(pgLine)
console.log(redisLine)
if (!withPostgres && inCi) {
  console.error('Under CI=true a missing PostgreSQL is a failure.')
  process.exit(1)
}
const projects = ['core', 'web', 'scripts', 'api-sqlite', ...(withPostgres ? ['api-postgres'] : [])]
const vitestArgs = [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  '--reporter=./scripts/vitest-progress.mjs',
  `--outputFile.json=${path.join(resultsDir, 'vitest.json')}`,
]
const watch = {
  progressFile: path.join(resultsDir, 'vitest-progress.txt'),
  reportDir: path.join(resultsDir, 'reports'),
  stallMs: VITEST_STALL_MS,
  env: process.env,
}
// A run whose workers stop moving (seen once in CI: the last file of its order printed, then
// neither the summary nor anything else for the rest of its 90 minutes) is stopped with its diagnosis and run once more; the diagnosis is
// printed again beside the summary, so that a pass on the second run still shows it.
let vitestCode = await runWatched('npx', vitestArgs, watch)
let vitestStall = null
if (typeof vitestCode === 'object') {
  vitestStall = vitestCode.stalled
  console.log('\nThe unit and API tests stopped moving: running them once more.')
  vitestCode = await runWatched('npx', vitestArgs, watch)
  if (typeof vitestCode === 'object') vitestCode = 1
}

step('browser tests (playwright)')
const e2eCode = await run('node', ['scripts/e2e.mjs', '--no-build'], {
  env: {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, 'playwright.json'),
  },
})

let passed = 0
let failed = 0
try {
  const v = JSON.parse(fs.readFileSync(path.join(resultsDir, 'vitest.json'), 'utf8'))
  passed += v.numPassedTests
  failed += v.numFailedTests + (v.numFailedTestSuites ?? 0)
} catch {
  failed += 1
}
try {
  const p = JSON.parse(fs.readFileSync(path.join(resultsDir, 'playwright.json'), 'utf8'))
  passed += p.stats.expected + p.stats.flaky
  failed += p.stats.unexpected
} catch {
  failed += 1
}
if (vitestStall) console.log(`\nThe first run of the unit and API tests stopped moving. ${vitestStall}`)
console.log(`\n${pgLine}`)
console.log(redisLine)
console.log(`Summary: ${passed} passed, ${failed} failed`)
process.exit(vitestCode !== 0 || e2eCode !== 0 || failed > 0 ? 1 : 0)
