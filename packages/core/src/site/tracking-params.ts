/**
 * Tracking parameters: what ad networks, social sites, search results and newsletters add to the
 * links they send (a click's own id, the campaign's names). No route of the shop reads them, and a
 * click's id is unique to it, so on drop day every fan arriving from the artist's post would be a
 * page of their own. The storefront's server renders and keeps pages without them (one kept page
 * for every click, docs/decisions/0009), and the browser takes them out of its address bar before
 * its router starts, so that it hydrates the page that was rendered.
 */

/**
 * The names, as sent. Not `_gl`: Google's tag reads its cross-site linker from the page's address
 * itself when it loads, after the visitor's consent.
 */
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  // Google: ads, app and iOS ads, display ads, Shopping results, and the old analytics linker.
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  'srsltid',
  '_ga',
  // Meta (Facebook, Instagram), Microsoft, TikTok, X, LinkedIn, Pinterest, Snapchat, Reddit, Yandex.
  'fbclid',
  'igshid',
  'igsh',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'epik',
  'ScCid',
  'rdt_cid',
  'yclid',
  // Newsletters: Mailchimp, HubSpot, Marketo.
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  // Campaign names (Google's UTM set).
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
])

/** A parameter's name as URLSearchParams (and so every route) reads it; as sent when it cannot be decoded. */
function nameOf(pair: string): string {
  const end = pair.indexOf('=')
  const name = end < 0 ? pair : pair.slice(0, end)
  if (!name.includes('%') && !name.includes('+')) return name
  try {
    return decodeURIComponent(name.replaceAll('+', ' '))
  } catch {
    return name
  }
}

/**
 * A query string (`''` or `'?…'`, as `location.search`) without its tracking parameters. What is
 * left keeps its order and its spelling, so the server and the browser agree on it to the byte;
 * `''` when nothing is left. The same string when it has none, after one scan of it.
 */
export function withoutTrackingParams(search: string): string {
  if (search.length < 2) return search
  const pairs = search.slice(1).split('&')
  const kept = pairs.filter((pair) => !TRACKING_PARAMS.has(nameOf(pair)))
  if (kept.length === pairs.length) return search
  // The empty pairs the dropped ones leave between their neighbours go too (routes never read them).
  const rest = kept.filter((pair) => pair !== '')
  return rest.length === 0 ? '' : `?${rest.join('&')}`
}
