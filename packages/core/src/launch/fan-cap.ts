/**
 * The per-fan cap of a drop: how many units of one product one fan may have across all their
 * orders and open carts (a limited item: 1 unless the product says otherwise), so that a fan who
 * got in cannot take the stock for others.
 */

export interface FanCapSettings {
  /** 1 when the product is marked limited. */
  limited: number | boolean | null
  /** The product's own cap; null to take the default. */
  max_per_fan: number | null
}

/** Units of a limited product one fan may have unless it sets its own cap. */
export const DEFAULT_LIMITED_PER_FAN = 1

/**
 * The cap of a sellable item from its own settings, else its parent's (a variation of a limited
 * product is limited); null when it has none.
 */
export function perFanCap(item: FanCapSettings, parent?: FanCapSettings | null): number | null {
  for (const settings of [item, parent]) {
    if (!settings) continue
    if (settings.max_per_fan !== null) return settings.max_per_fan
    if (settings.limited) return DEFAULT_LIMITED_PER_FAN
  }
  return null
}

export const withinPerFanCap = (ownedElsewhere: number, wanted: number, cap: number): boolean =>
  ownedElsewhere + wanted <= cap

export const perFanCapMessage = (cap: number): string =>
  cap === 1 ? 'This item is limited to 1 per fan.' : `This item is limited to ${cap} per fan.`

/** What a fan is told when logging in trimmed capped items of their guest cart. */
export const cappedAtLoginMessage = (items: readonly { name: string; quantity: number }[]): string =>
  `Some items are limited per fan and your account already has them: ${items
    .map((item) => `${item.quantity} × ${item.name}`)
    .join(', ')} went back to the shop.`
