import { defineConfig } from 'vitest/config'

// One run, four projects: the pure rules, the storefront's server and UI logic, and the API
// twice, once on SQLite and once on PostgreSQL (scripts/test.mjs leaves PostgreSQL out, saying
// so, when none answers and CI is not set).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/app/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'api-sqlite',
          include: ['apps/api/src/**/*.test.ts'],
          // Tests of a PostgreSQL-only configuration (several instances over one database).
          exclude: ['apps/api/src/**/*.postgres.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/api/src/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
