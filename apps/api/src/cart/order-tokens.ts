/**
 * Order tokens: the secret that opens an order without a login (the store API's `order_token`,
 * kept by the browser with the cart's number). Whoever holds an account's cart token holds the
 * cart, so it is handed out only to the account's sessions and drawn again when that may have
 * stopped being true: when a guest cart becomes an account's at login (carts.associateCart), and
 * when the account's sessions are ended (a password reset or change, staff disabling it, Facebook
 * taking over an address nobody had confirmed: accounts/sessions.ts `revokeUserSessions`). A
 * browser whose login was ended then no longer opens the account's cart with the token it kept.
 */
import { randomFillSync } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * Secret bytes for order tokens, drawn from the CSPRNG 4 KiB at a time (one call per 170 carts
 * instead of one per cart: 2% of the add-to-cart's CPU in a profile, issue 13). Every byte is
 * handed out once; the caller copies them out before the next draw.
 */
const tokenPool = Buffer.alloc(4096)
let tokenPoolUsed = tokenPool.length
function secretBytes(size: number): Buffer {
  if (tokenPoolUsed + size > tokenPool.length) {
    randomFillSync(tokenPool)
    tokenPoolUsed = 0
  }
  tokenPoolUsed += size
  return tokenPool.subarray(tokenPoolUsed - size, tokenPoolUsed)
}

/** A new order token: 192 random bits, base64url. */
export const newOrderToken = () => secretBytes(24).toString('base64url')

/**
 * Gives each of the account's open orders (carts and checkouts, not placed orders) a new token;
 * answers how many. A request that still sends an old one is answered 404, like any stranger.
 */
export async function renewCartTokens(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<number> {
  const open = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', '!=', 'complete')
    .execute()
  for (const { id } of open) {
    await db.updateTable('orders').set({ token: newOrderToken() }).where('id', '=', id).execute()
  }
  return open.length
}
