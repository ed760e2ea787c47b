/** Demo content of the cart domain, written into an empty database. */
import type { SeedContext } from '../seed.ts'

export async function seedCart(_ctx: SeedContext): Promise<void> {}
