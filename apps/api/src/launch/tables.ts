/** Tables owned by the launch domain. */
// biome-ignore lint/complexity/noBannedTypes: filled in as the launch domain gains tables
export type LaunchTables = {}
