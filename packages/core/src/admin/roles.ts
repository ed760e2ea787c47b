/**
 * Who on the shop's staff may do what (issue 11): the one place the back office's roles and their
 * permissions are written down. The API checks each admin route against it (403 otherwise) and the
 * back office hides what a role cannot do from the same table.
 */
import { z } from 'zod'

export const STAFF_ROLES = ['owner', 'manager', 'fulfilment', 'editor'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
export const staffRoleSchema = z.enum(STAFF_ROLES, {
  error: `must be one of ${STAFF_ROLES.join(', ')}`,
})

export const PERMISSIONS = [
  /** The home dashboard: sales, orders waiting, low stock. */
  'dashboard',
  /** Invite staff (and withdraw invitations), change their roles, end their sessions, deactivate them. */
  'staff',
  /** Read the audit log. */
  'audit',
  'catalogue',
  'stock',
  'orders.view',
  'orders.fulfil',
  /** Cancel orders and refund them: money goes back to the customer. */
  'orders.refund',
  'coupons',
  'customers',
  'content',
  /** The drop's settings (the waiting room's switch, pace and limits) and its access codes. */
  'launch',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: [
    'dashboard',
    'catalogue',
    'stock',
    'orders.view',
    'orders.fulfil',
    'orders.refund',
    'coupons',
    'customers',
    'launch',
  ],
  fulfilment: ['dashboard', 'orders.view', 'orders.fulfil'],
  editor: ['content'],
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  fulfilment: 'Fulfilment',
  editor: 'Editor',
}

/** What the API answers (403) a staff member whose role lacks an endpoint's permission, and the back office's pages say. */
export const ROLE_REFUSED_MESSAGE = 'Your role does not allow this.'

export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission)
}

/** Whether moving a staff member from one role to the other takes away anything they could do. */
export function roleLowers(from: StaffRole, to: StaffRole): boolean {
  return ROLE_PERMISSIONS[from].some((permission) => !roleCan(to, permission))
}

export function permissionsOf(role: StaffRole): Permission[] {
  return [...ROLE_PERMISSIONS[role]]
}
