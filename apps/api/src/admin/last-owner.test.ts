// The shop keeps an owner even when two owners lower each other at the same moment: each change
// counts the owners left while the other's count cannot go stale (PostgreSQL runs the two
// transactions side by side, where SQLite runs one after the other).
import { adminEndpoints, type StaffRole } from '@fanshop/core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type TestApp, testDialect } from '../../tests/test-app.ts'
import { callEndpoint, createAdminTestApp } from './testing.ts'

let t: TestApp
let cookies: Record<StaffRole, string>

beforeAll(async () => {
  ;({ t, cookies } = await createAdminTestApp())
})
afterAll(async () => t?.close())

const changeRole = (cookie: string, id: number, role: StaffRole) =>
  callEndpoint(t.app, adminEndpoints.changeRole, { cookie, body: { role }, params: { id } })

const idOf = async (cookie: string): Promise<number> =>
  (await callEndpoint(t.app, adminEndpoints.me, { cookie })).json().staff.id

const owners = () => t.ctx.db.selectFrom('staff_users').select('id').where('role', '=', 'owner').execute()

it(`two owners lowering each other at once leave one of them owner, on ${testDialect}`, async () => {
  const owner = await idOf(cookies.owner)
  const manager = await idOf(cookies.manager)
  expect((await changeRole(cookies.owner, manager, 'owner')).statusCode).toBe(200)
  const answers = await Promise.all([
    changeRole(cookies.owner, manager, 'manager'),
    changeRole(cookies.manager, owner, 'manager'),
  ])
  expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400])
  expect(answers.find((res) => res.statusCode === 400)!.json().message).toBe(
    'The shop needs an owner: make someone else owner first.',
  )
  expect(await owners()).toHaveLength(1)
})
