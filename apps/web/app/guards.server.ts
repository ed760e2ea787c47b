/**
 * The server-side route guards (spec 2's route middleware `auth`), in one typed registry, run as
 * React Router middleware before any loader or action of the route that declares them:
 * `export const middleware = [guard('auth', true)]`. Spec 2's other middleware, `sidebarsHidden`,
 * only closes panels in the browser, so it is the client hook useSidebarsHidden
 * (site/frame-effects.ts) that runs on every route change; the server has nothing of it to enforce.
 * A name that is not registered here fails the typecheck, and, should one arrive at run time
 * anyway, answers 500 (spec 8: unknown middleware gives status 500).
 */
import { data, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { authGuard } from './accounts/auth-guard.server.ts'

export interface GuardArgs {
  url: URL
  context: Readonly<RouterContextProvider>
}

const guards = {
  auth: authGuard,
} satisfies Record<string, (args: GuardArgs, option: never) => Promise<void>>

export type GuardName = keyof typeof guards
export type GuardOption<Name extends GuardName> = Parameters<(typeof guards)[Name]>[1]

/** The middleware that runs the named guard: it throws the redirect (or error) that stops the page, or lets it through. */
export function guard<Name extends GuardName>(
  name: Name,
  option: GuardOption<Name>,
): MiddlewareFunction<Response> {
  return async ({ url, context }, next) => {
    if (!Object.hasOwn(guards, name)) {
      throw data({ message: `Unknown route guard "${String(name)}".` }, { status: 500 })
    }
    const run = guards[name] as (args: GuardArgs, option: GuardOption<Name>) => Promise<void>
    await run({ url, context }, option)
    return next()
  }
}
