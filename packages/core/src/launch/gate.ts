/**
 * The shopping gate of spec 4: before the launch instant, shopping is allowed only to a visitor
 * holding an access grant (the spec's allowedToShop flag '1'); from the launch instant on, always.
 * The launch instant comes from the setting (launch-instant.ts).
 */

export function isShoppingAllowed(input: { now: number; launchAt: number; allowedToShop: boolean }): boolean {
  return input.now >= input.launchAt || input.allowedToShop
}
