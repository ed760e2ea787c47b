/**
 * The server-side route guards (spec 2's route middleware `auth`), in one typed registry.
 * Spec 2's other middleware, `sidebarsHidden`, only closes panels in the browser, so it is the
 * client hook useSidebarsHidden (site/frame-effects.ts) that runs on every route change; a server
 * loader has nothing of it to enforce. A loader runs a guard by name: `await runGuard('auth', args, true)`. A name that is
 * not registered here fails the typecheck, and, should one arrive at run time anyway, answers
 * 500 (spec 8: unknown middleware gives status 500).
 */
import { type AppLoadContext, data } from 'react-router'
import { authGuard } from './accounts/auth-guard.server.ts'

export interface GuardArgs {
  request: Request
  context: AppLoadContext
}

const guards = {
  auth: authGuard,
} satisfies Record<string, (args: GuardArgs, option: never) => Promise<void>>

export type GuardName = keyof typeof guards
export type GuardOption<Name extends GuardName> = Parameters<(typeof guards)[Name]>[1]

/** Runs the named guard; it throws the redirect (or error) that stops the page, or lets it through. */
export async function runGuard<Name extends GuardName>(
  name: Name,
  args: GuardArgs,
  option: GuardOption<Name>,
): Promise<void> {
  if (!Object.hasOwn(guards, name)) {
    throw data({ message: `Unknown route guard "${String(name)}".` }, { status: 500 })
  }
  const guard = guards[name] as (args: GuardArgs, option: GuardOption<Name>) => Promise<void>
  await guard(args, option)
}
