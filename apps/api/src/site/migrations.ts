/** Migrations owned by the site domain (names carry a global date-time prefix so they sort in order). */
import type { Migration } from 'kysely'

export const siteMigrations: Record<string, Migration> = {}
