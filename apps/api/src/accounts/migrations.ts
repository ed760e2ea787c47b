/** Migrations owned by the accounts domain (names carry a global date-time prefix so they sort in order). */
import type { Migration } from 'kysely'

export const accountsMigrations: Record<string, Migration> = {}
