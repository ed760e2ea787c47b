/** Tables owned by the site domain. */
// biome-ignore lint/complexity/noBannedTypes: filled in as the site domain gains tables
export type SiteTables = {}
