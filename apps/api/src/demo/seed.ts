/**
 * Demo content, so that every screen has something real to show on a fresh clone.
 * Runs on first start against an empty database, and on demand with `npm run seed`.
 * Each domain's demo rows are written by its module in this folder, in an order that respects
 * their references. Everything demo (data, seeders, the image, audio and video generators) lives
 * in apps/api/src/demo: only the seed CLI, the server start and tests import it, never a domain
 * (boundary.test.ts checks), so the domains carry no demo code.
 */

import type { ShopContext } from '../context.ts'
import { seedAccounts } from './accounts.ts'
import { seedCart } from './cart.ts'
import { seedCatalog } from './catalog.ts'
import { seedContent } from './content.ts'
import { seedLaunch } from './launch.ts'
import { seedSite } from './site.ts'
import { seedStaff } from './staff.ts'

export type SeedContext = Pick<ShopContext, 'config' | 'db' | 'database' | 'now' | 'log'>

/** True when the database holds no shop data yet (no category and no product). */
export async function isEmpty(ctx: Pick<ShopContext, 'db'>): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n) === 0
}

export async function seedDemo(ctx: SeedContext): Promise<void> {
  const started = Date.now()
  await seedSite(ctx)
  await seedCatalog(ctx)
  await seedAccounts(ctx)
  await seedCart(ctx)
  await seedContent(ctx)
  await seedLaunch(ctx)
  await seedStaff(ctx)
  ctx.log.info({ ms: Date.now() - started }, 'demo content seeded')
}
