/** Demo content of the content domain, written into an empty database. */
import type { SeedContext } from '../seed.ts'

export async function seedContent(_ctx: SeedContext): Promise<void> {}
