/** Demo content of the site domain, written into an empty database. */
import type { SeedContext } from '../seed.ts'

export async function seedSite(_ctx: SeedContext): Promise<void> {}
