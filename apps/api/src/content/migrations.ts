/** Migrations owned by the content domain (names carry a global date-time prefix so they sort in order). */
import type { Migration } from 'kysely'

export const contentMigrations: Record<string, Migration> = {}
