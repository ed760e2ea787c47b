/**
 * Tables of the back office: its staff (apart from the shop's customers in `users`), their
 * sessions, their invitations and the audit log of every change they make.
 */
import type { StaffRole } from '@fanshop/core'
import type { Generated } from 'kysely'

export interface StaffUsersTable {
  id: Generated<number>
  /** Lower-cased; unique. */
  email: string
  name: string
  role: StaffRole
  /** argon2id. */
  password_hash: string
  /** Base32 TOTP secret once confirmed; null when the account has no second factor. */
  totp_secret: string | null
  /** A secret being set up, active once a code from it is confirmed. */
  totp_pending_secret: string | null
  /** The last TOTP time step accepted, so one code never opens two sessions. */
  totp_last_step: number | null
  created_at: number
  /** When the owner deactivated the account: it cannot log in and its sessions ended. The row
   *  stays, so the audit log still names who made its entries. */
  deactivated_at: number | null
}

export interface StaffSessionsTable {
  /** SHA-256 of the cookie's random key: a copy of the database opens no session. */
  id: string
  staff_id: number
  created_at: number
  expires_at: number
  revoked_at: number | null
}

export interface StaffInvitationsTable {
  /** SHA-256 of the link's random key. */
  key_hash: string
  email: string
  role: StaffRole
  invited_by: number | null
  created_at: number
  expires_at: number
  used_at: number | null
  /** When the owner withdrew it, or its sender was deactivated: its link opens nothing. */
  withdrawn_at: number | null
}

export interface AdminAuditTable {
  id: Generated<number>
  created_at: number
  /** Null for changes made outside a session (the create-owner CLI). */
  staff_id: number | null
  /** Kept as written, so the entry still says who after the account is gone. */
  staff_email: string
  /** What was done, e.g. `staff.role`. */
  action: string
  /** What kind of thing changed, e.g. `staff`. */
  entity: string
  entity_id: string | null
  /** JSON of the thing before and after the change; null where it did not exist. */
  before: string | null
  after: string | null
}

export interface AdminTables {
  staff_users: StaffUsersTable
  staff_sessions: StaffSessionsTable
  staff_invitations: StaffInvitationsTable
  admin_audit: AdminAuditTable
}
