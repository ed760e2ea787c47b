/** Demo content of the launch domain, written into an empty database. */
import type { SeedContext } from '../seed.ts'

export async function seedLaunch(_ctx: SeedContext): Promise<void> {}
