import { defineConfig, devices } from '@playwright/test'

// Browser tests beside the code they test (apps/web/app/**/*.e2e.ts, apps/admin/app/**/*.e2e.ts), in Debian's Chromium,
// against the built production server on a private data folder. Run through scripts/e2e.mjs,
// which builds, picks a free port and a fresh data folder, and installs Chromium if missing.
const port = Number(process.env.E2E_PORT ?? 3100)
const dataDir = process.env.E2E_DATA_DIR ?? './data-e2e'

export default defineConfig({
  testDir: 'apps',
  testMatch: ['web/app/**/*.e2e.ts', 'admin/app/**/*.e2e.ts'],
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Hang guards, not speed checks (speed is measured in the bench): CI machines run slower and
  // busier than a developer's, so they get twice the time.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 14_000 : 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // Tests tagged @phone run on both; @phone-only ones only where they make sense.
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, grepInvert: /@phone-only/ },
    { name: 'phone', use: { ...devices['Pixel 7'] }, grep: /@phone/ },
  ],
  webServer: {
    command: 'node --enable-source-maps apps/api/dist/server.js',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // Always SQLite in the data folder: some tests read the server's database file directly.
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-of-at-least-32-characters',
    },
  },
})
