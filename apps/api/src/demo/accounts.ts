/**
 * Demo content of the accounts domain: the user navigation of the greeting menu and profile,
 * and one demo customer to log in with (demo@example.com, password "demo-password").
 */
import { usernameBase } from '@fanshop/core'
import { hashPassword } from '../accounts/passwords.ts'
import { createUser } from '../accounts/users.ts'
import type { SeedContext } from './seed.ts'

export const DEMO_CUSTOMER = {
  email: 'demo@example.com',
  password: 'demo-password',
  firstName: 'Lucía',
  lastName: 'Martín',
} as const

const USER_MENU = [
  { title: 'My profile', url: '/profile' },
  { title: 'My details', url: '/profile/details' },
  { title: 'My orders', url: '/profile/orders' },
  { title: 'My addresses', url: '/profile/addresses' },
  { title: 'Password', url: '/profile/password' },
  { title: 'Settings', url: '/profile/settings' },
]

export async function seedAccounts(ctx: SeedContext): Promise<void> {
  await ctx.db
    .insertInto('user_menu_items')
    .values(USER_MENU.map((item, position) => ({ ...item, position })))
    .execute()
  const { email, password, firstName, lastName } = DEMO_CUSTOMER
  await createUser(ctx, {
    email,
    usernameBase: usernameBase(firstName, lastName),
    passwordHash: await hashPassword(password),
    firstName,
    lastName,
    displayName: `${firstName} ${lastName}`,
    gender: 'Female',
    birthday: '1994-05-21',
    termsAcceptedAt: ctx.now(),
  })
}
