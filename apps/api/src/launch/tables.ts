/** Tables owned by the launch domain: access codes for shopping before the launch, and the launch signups. */
import type { Generated } from 'kysely'

export interface AccessCodesTable {
  id: Generated<number>
  /** HMAC-SHA256 of the normalised code under the server's secret (the code itself is never stored). */
  code_hash: string
  /** What the code is for, for the team ("Press", "Fan club"). */
  label: string
  /** How many visitors may enter it; null for no limit. */
  max_uses: number | null
  uses: number
  /** After this instant (epoch ms) the code is refused; null for never. */
  expires_at: number | null
  created_at: number
}

export interface LaunchSignupsTable {
  id: Generated<number>
  /** Lower-cased; unique, so an address is kept once. */
  email: string
  created_at: number
  /** When the launch e-mail went to this address; null until then. */
  notified_at: number | null
}

export interface LaunchTables {
  access_codes: AccessCodesTable
  launch_signups: LaunchSignupsTable
}
