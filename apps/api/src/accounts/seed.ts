/** Demo content of the accounts domain, written into an empty database. */
import type { SeedContext } from '../seed.ts'

export async function seedAccounts(_ctx: SeedContext): Promise<void> {}
