/** Migrations owned by the cart domain (names carry a global date-time prefix so they sort in order). */
import type { Migration } from 'kysely'

export const cartMigrations: Record<string, Migration> = {}
