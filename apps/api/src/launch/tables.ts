/** Tables owned by the launch domain: access codes for shopping before the launch, and the launch signups. */
import type { Generated } from 'kysely'

export interface AccessCodesTable {
  id: Generated<number>
  /** HMAC-SHA256 of the normalised code under the server's secret, which entry looks it up by. */
  code_hash: string
  /** What the code is for, for the team ("Press", "Fan club"). */
  label: string
  /** How many visitors may enter it; null for no limit. */
  max_uses: number | null
  uses: number
  /** After this instant (epoch ms) the code is refused; null for never. */
  expires_at: number | null
  created_at: number
  /** 1 when the code also lets its holder past the drop's waiting room (press, VIP); else 0. */
  skips_queue: Generated<number>
  /**
   * The code sealed (accounts/sealed-values.ts, the launch key 'access-code-seal') so the back
   * office can show it; null for a code made before codes were kept this way.
   */
  code_sealed: string | null
  /** When staff disabled it (epoch ms): it opens nothing and its grants stop; null while enabled. */
  disabled_at: number | null
}

export interface LaunchSignupsTable {
  id: Generated<number>
  /** Lower-cased; unique, so an address is kept once. */
  email: string
  created_at: number
  /** When the launch e-mail went to this address; null until then. */
  notified_at: number | null
}

/** The drop's waiting room as a whole: one row (id 1), the lock every join and the draw take. */
export interface QueueStateTable {
  id: number
  /** 1 once the pre-queue's places were drawn (at the launch instant). */
  drawn: number
  /** The draw's seed (32 hex digits from the CSPRNG), kept so a draw can be audited. */
  seed: string | null
  /** The last place given out. */
  last_place: number
  /** When the fan in the last place is let in (epoch ms); null before anyone has a place. */
  last_admit_at: number | null
  /**
   * The time between two admissions (ms) that the admission times of the fans waiting follow;
   * null before the draw. When the pace in force differs, they are moved to it (queue-store.ts).
   */
  interval_ms: number | null
  /**
   * The launch instant (epoch ms) of the drop this state is for; a later launch starts a new drop
   * (queue-store.ts). Null until the first join or draw records it.
   */
  launch_at: number | null
}

/** One fan in the waiting room. */
export interface QueueTicketsTable {
  id: Generated<number>
  /** The solved challenge's signature: one solution joins once. */
  challenge: string
  joined_at: number
  /** Null while waiting for the draw. */
  place: number | null
  admit_at: number | null
  /** Carts opened with this ticket's pass (a pass opens one). */
  carts: Generated<number>
}

/**
 * The drop's waiting-room settings saved from the back office: one row (id 1), absent until the
 * first save (then the QUEUE_* environment variables apply). launch/queue-settings.ts reads it.
 */
export interface QueueSettingsTable {
  id: number
  /** 1: the waiting room is on. */
  enabled: number
  pre_queue_minutes: number
  rate_per_minute: number
  /** Null: no cap of fans shopping at once. */
  max_shopping: number | null
  pass_minutes: number
  pow_max_number: number
  updated_at: number
  /** The e-mail of the staff member who saved. */
  updated_by: string
}

export interface LaunchTables {
  access_codes: AccessCodesTable
  launch_signups: LaunchSignupsTable
  queue_state: QueueStateTable
  queue_tickets: QueueTicketsTable
  queue_settings: QueueSettingsTable
}
