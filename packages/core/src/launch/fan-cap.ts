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

/** The highest cap the back office and the catalogue file set: a limited run is counted in units, not in thousands. */
export const MAX_PER_FAN_CAP = 999

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

/** Domains whose mailboxes ignore dots in the name (Gmail): f.an@ and fan@ are one mailbox. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' }

/**
 * The mailbox an e-mail address delivers to, as the per-fan cap counts guests and accounts by it
 * (docs/decisions/0019): lower-cased, without a "+tag" (fan+1@ reaches fan@ at Gmail, Outlook,
 * iCloud, Fastmail, Proton...) and, at Gmail, without dots. Without it, one mailbox checked out as
 * many fans. Only for counting the cap: accounts, logins and mail keep the address as written.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 1) return address
  const local = address.slice(0, at)
  const domain = address.slice(at + 1)
  const name = local.split('+')[0] || local
  const dotless = DOTLESS_DOMAINS[domain]
  return dotless ? `${name.replaceAll('.', '')}@${dotless}` : `${name}@${domain}`
}

export const withinPerFanCap = (ownedElsewhere: number, wanted: number, cap: number): boolean =>
  ownedElsewhere + wanted <= cap

/** The settings that store a cap as the back office sets it (null: no cap). */
export const fanCapSettings = (cap: number | null): { limited: number; max_per_fan: number | null } => ({
  limited: cap === null ? 0 : 1,
  max_per_fan: cap,
})

/** The line the product page shows beside the per-order limit. */
export const perFanLimitNote = (cap: number): string => `Limit ${cap} per fan, across all your orders.`

/** The refusal of a capped item: `name` names it where the fan's cart holds several (the checkout). */
export const perFanCapMessage = (cap: number, name?: string): string =>
  `${name === undefined ? 'This item' : `"${name}"`} is limited to ${cap} per fan.`

/** Why a login's merge gave units back, the start of each place's notice of it. */
const CAPPED_AT_LOGIN_REASON = 'Some items are limited per fan and your account already had them'

/** What the API's answer to a login that trimmed capped items of the guest cart says, naming them. */
export const cappedAtLoginMessage = (items: readonly { name: string; quantity: number }[]): string =>
  `${CAPPED_AT_LOGIN_REASON}: ${items
    .map((item) => `${item.quantity} × ${item.name}`)
    .join(', ')} went back to the shop.`

/** The title over the list of those items on the bag, `/cart` and the checkout. */
export const CAPPED_AT_LOGIN_TITLE = `${CAPPED_AT_LOGIN_REASON}, so these went back to the shop:`

/** The notice on the page the login led to before JavaScript runs, with a link to the bag's list. */
export const CAPPED_AT_LOGIN_NOTICE = `${CAPPED_AT_LOGIN_REASON}, so the extra units from your bag went back to the shop.`
