/** Demo content of the catalog domain, written into an empty database. */
import type { SeedContext } from '../seed.ts'

export async function seedCatalog(_ctx: SeedContext): Promise<void> {}
