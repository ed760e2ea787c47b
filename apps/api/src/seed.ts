/**
 * Demo content, so that every screen has something real to show on a fresh clone.
 * Runs on first start against an empty database, and on demand with `npm run seed`.
 * Each domain seeds its own tables, in an order that respects their references.
 */
import { seedAccounts } from './accounts/seed.ts'
import { seedCart } from './cart/seed.ts'
import { seedCatalog } from './catalog/seed.ts'
import { seedContent } from './content/seed.ts'
import type { ShopContext } from './context.ts'
import { seedLaunch } from './launch/seed.ts'
import { seedSite } from './site/seed.ts'

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
  ctx.log.info({ ms: Date.now() - started }, 'demo content seeded')
}
