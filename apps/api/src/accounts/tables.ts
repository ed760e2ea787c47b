/**
 * Tables owned by the accounts domain: users and their sessions (one row per issued token, so a
 * token can be revoked), linked social identities, password-reset links and the user
 * navigation. The shared rate limiter's table (http/rate-limit.ts) is created in this block too.
 */
import type { Generated } from 'kysely'
import type { RateLimitsTable } from '../http/rate-limit.ts'

export interface UsersTable {
  id: Generated<number>
  /** Lower-cased; unique. */
  email: string
  username: string
  /** argon2id PHC string; null for an account created through Facebook that never set one. */
  password_hash: string | null
  first_name: string
  last_name: string
  /** Display name (spec 3: the greeting's fallback). */
  display_name: string
  gender: 'Male' | 'Female' | null
  /** ISO date, "1990-03-07". */
  birthday: string | null
  phone: string | null
  /** Space-separated scopes (spec 6: the 'scope' field), "customer" for every shopper. */
  scope: string
  /** JSON text of UserSettings. */
  preferences: string
  terms_accepted_at: number | null
  created_at: number
  updated_at: number
  /** When staff disabled the account: it cannot log in and its sessions ended. */
  disabled_at: number | null
  /** When its personal data was erased on request (admin/accounts/erasure.ts). */
  erased_at: number | null
  /**
   * When the owner of the address showed they hold it: a reset link opened, or Facebook vouching
   * for it. A registration alone proves nothing: anyone can register anyone's address.
   */
  email_confirmed_at: number | null
}

/** One issued token: its id is the JWT's jti. Revoked or expired rows no longer authenticate. */
export interface AuthSessionsTable {
  id: string
  user_id: number
  method: 'password' | 'facebook'
  created_at: number
  expires_at: number
  revoked_at: number | null
}

export interface UserIdentitiesTable {
  provider: 'facebook'
  /** The provider's id for the user. */
  subject: string
  user_id: number
  created_at: number
}

/** A reset link: only the SHA-256 of its key is kept; used_at makes it single-use. */
export interface PasswordResetsTable {
  key_hash: string
  user_id: number
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface UserMenuItemsTable {
  id: Generated<number>
  title: string
  url: string
  position: number
}

/** One address of a customer's address book (kept apart from orders, which freeze their own copy). */
export interface SavedAddressesTable {
  id: Generated<number>
  user_id: number
  firstname: string
  lastname: string
  address1: string
  address2: string
  zipcode: string
  city: string
  country_id: number
  state_id: number | null
  phone: string
  created_at: number
  /** When it was last saved or used in a checkout: the book lists the latest first. */
  used_at: number
}

export interface AccountsTables {
  saved_addresses: SavedAddressesTable
  users: UsersTable
  auth_sessions: AuthSessionsTable
  user_identities: UserIdentitiesTable
  password_resets: PasswordResetsTable
  user_menu_items: UserMenuItemsTable
  rate_limits: RateLimitsTable
}
