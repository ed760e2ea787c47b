/**
 * A registration body that passes every rule of spec 5, with a fresh e-mail each time: shared by
 * the API tests (through accounts.ts) and the browser tests (apps/web/tests/shopper.ts), so both
 * register customers the same way.
 */
let counter = 0

export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1
  return {
    firstname: 'Ana',
    lastname: 'López',
    email: `ana.${counter}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'correct horse',
    password_repeat: 'correct horse',
    registration_checkbox: 'accepted',
    gender: 'Female',
    birth_day: '7',
    birth_month: 'March',
    birth_year: '1990',
    ...overrides,
  }
}
