/**
 * Demo staff of the back office: one account per role, so every screen of /admin can be tried
 * as each role (README lists them). Their passwords are public: a real shop starts from
 * `npm run create-owner` on a database without the demo.
 */
import type { StaffRole } from '@fanshop/core'
import { hashPassword } from '../accounts/passwords.ts'
import { createStaffAccount } from '../admin/staff.ts'
import type { SeedContext } from './seed.ts'

export const DEMO_STAFF: readonly { email: string; name: string; role: StaffRole; password: string }[] = [
  { email: 'owner@example.com', name: 'Olivia Owner', role: 'owner', password: 'demo-owner-password' },
  { email: 'manager@example.com', name: 'Marco Manager', role: 'manager', password: 'demo-manager-password' },
  {
    email: 'fulfilment@example.com',
    name: 'Fatima Fulfilment',
    role: 'fulfilment',
    password: 'demo-fulfilment-password',
  },
  { email: 'editor@example.com', name: 'Eddie Editor', role: 'editor', password: 'demo-editor-password' },
]

export async function seedStaff(ctx: SeedContext): Promise<void> {
  for (const { email, name, role, password } of DEMO_STAFF) {
    await createStaffAccount(ctx.db, ctx.now(), {
      email,
      name,
      role,
      passwordHash: await hashPassword(password),
    })
  }
}
