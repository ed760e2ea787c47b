import os from 'node:os'
import { defineConfig } from 'vitest/config'

// One run, five projects: the pure rules, the storefront's server and UI logic, the project's
// scripts (the bench's own rules), and the API twice, once on SQLite and once on PostgreSQL
// (scripts/test.mjs leaves PostgreSQL out, saying so, when none answers and CI is not set).
//
// The API's test files share their workers' modules (`isolate: false`): each file builds its own
// app over its own database, and importing the whole server again for each of them was most of
// the API tests' time (its 77 files took 219 s with it, 93 s without, two workers on two cores).
// A test that replaces a module for its file (vi.mock) would leak into the next file there, so
// such a test injects what it counts instead. A worker per core, not Vitest's one fewer: the
// tests wait on databases and servers more than they compute.
export default defineConfig({
  test: {
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          // React Router's patched production build goes through Vite as in the storefront's
          // build, which tells it whether it renders on the server (site/router-patch.test.ts).
          server: { deps: { inline: [/react-router[\\/]dist[\\/]production[\\/]/] } },
        },
      },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      {
        test: {
          name: 'api-sqlite',
          include: ['apps/api/src/**/*.test.ts'],
          // Tests of a PostgreSQL-only configuration (several instances over one database).
          exclude: ['apps/api/src/**/*.postgres.test.ts'],
          env: { TEST_DB: 'sqlite' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/api/src/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
