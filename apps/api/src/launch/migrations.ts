/** Migrations owned by the launch domain (names carry a global date-time prefix so they sort in order). */
import type { Migration } from 'kysely'

export const launchMigrations: Record<string, Migration> = {}
