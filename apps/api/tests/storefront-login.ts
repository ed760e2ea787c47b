/**
 * The demo customer's login as the storefront's login page takes it, for the tests of pages that
 * a logged-in visitor sees, on the built server or the storefront in this process alike.
 */
import { DEMO_CUSTOMER } from '../src/demo/accounts.ts'

/** The login form's fields for the demo customer. */
export const DEMO_LOGIN = { userEmail: DEMO_CUSTOMER.email, userPassword: DEMO_CUSTOMER.password }

/** The demo customer's session cookie (`session=…`), from a login on the login page at `base`. */
export async function demoCustomerSession(base: string): Promise<string> {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { origin: base },
    body: new URLSearchParams(DEMO_LOGIN),
    redirect: 'manual',
  })
  return login.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('session='))!
    .split(';')[0]!
}
