/**
 * The visitor, resolved once per request by the root route's middleware: their session read and
 * verified (visitor-session.server.ts), the logged-in user asked of the API at most once, and
 * whatever loaders and actions change in the session written back as one Set-Cookie when the
 * response leaves. Loaders and actions read it with `visitorOf(context)`.
 */
import {
  accountEndpoints,
  type CurrentUser,
  frameStampOf,
  newFrameCookie,
  PERSONAL_FRAME_COOKIE,
  serializeCookie,
} from '@fanshop/core'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { ApiError, callData } from '../api.server.ts'
import {
  LOGIN_FIELDS,
  readSession,
  type SessionData,
  showsInFrame,
  writeSession,
} from './visitor-session.server.ts'

export class Visitor {
  #data: SessionData
  #changed: boolean
  #user: Promise<CurrentUser | null> | null = null

  constructor(
    private readonly context: Readonly<RouterContextProvider>,
    data: SessionData,
    changed: boolean,
    /** The personal-frame stamp the request came with (core's personal-frame), or null. */
    readonly frameStamp: string | null,
  ) {
    this.#data = data
    this.#changed = changed
  }

  /** The session as this request has it so far. */
  get session(): Readonly<SessionData> {
    return this.#data
  }

  /** True once something in the session changed and it must be written back. */
  get changed(): boolean {
    return this.#changed
  }

  /** Sets (or, with undefined, removes) session fields; the response carries them. */
  update(change: Partial<SessionData>): void {
    this.#data = { ...this.#data, ...change }
    for (const key of Object.keys(change) as (keyof SessionData)[]) {
      if (change[key] === undefined) delete this.#data[key]
    }
    this.#changed = true
    if ('auth' in change) this.#user = null
  }

  /** The API token of the logged-in visitor, or null. */
  get authToken(): string | null {
    return this.#data.auth?.value ?? null
  }

  /** Ends the login in this browser, with what was the account's under it (LOGIN_FIELDS). */
  endLogin(): void {
    this.update(Object.fromEntries(LOGIN_FIELDS.map((field) => [field, undefined])))
  }

  /**
   * The logged-in user (spec 3), or null for a guest or a token the API no longer accepts: that
   * login has ended (elsewhere: a password reset, staff disabling the account), so it ends here.
   */
  user(): Promise<CurrentUser | null> {
    const token = this.authToken
    this.#user ??= token ? this.#fetchUser(token) : Promise.resolve(null)
    return this.#user
  }

  async #fetchUser(token: string): Promise<CurrentUser | null> {
    try {
      return await callData(this.context, accountEndpoints.me, { token })
    } catch (error) {
      if (!(error instanceof ApiError && error.statusCode === 401)) throw error
      // Unless the request logged in anew meanwhile.
      if (this.authToken === token) this.endLogin()
      return null
    }
  }
}

const visitorContext = createContext<Visitor>()

/** This request's visitor (set by the root route's `visitorMiddleware`). */
export function visitorOf(context: Readonly<RouterContextProvider>): Visitor {
  return context.get(visitorContext)
}

/** The root route's middleware: resolves the visitor, and writes their session back when it changed. */
export const visitorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const read = readSession(request, context, Date.now())
  const visitor = new Visitor(context, read.data, read.changed, frameStampOf(request.headers.get('cookie')))
  context.set(visitorContext, visitor)
  const response = await next()
  if (visitor.changed) {
    for (const header of writeSession(visitor.session, read.legacy, context, Date.now())) {
      response.headers.append('Set-Cookie', header)
    }
  }
  const frameCookie = personalFrameCookie(request.method, context.scripted, visitor, context.secureCookies)
  if (frameCookie) response.headers.append('Set-Cookie', frameCookie)
  return response
}

/**
 * Core's personal-frame cookie, set for a visitor whose frame shows something of theirs once their
 * browser has shown it runs the storefront's scripts (a request for a page's data, which only the
 * router's scripts make), and cleared once nothing of theirs is left to show; null when it stays.
 * Its stamp is drawn anew on every form a browser holding it sends (with its scripts or before they
 * ran) and every request of its that wrote the session: what the frame shows may have changed, and
 * the browser's next move loads it again.
 */
function personalFrameCookie(
  method: string,
  scripted: boolean,
  visitor: Visitor,
  secure: boolean,
): string | null {
  const says = visitor.frameStamp !== null
  const shows = showsInFrame(visitor.session)
  const changes = visitor.changed || (method !== 'GET' && method !== 'HEAD')
  if (!shows)
    return says
      ? serializeCookie({ ...PERSONAL_FRAME_COOKIE, value: '', maxAgeSeconds: 0 }, { secure })
      : null
  if (says ? changes : scripted) return newFrameCookie(secure)
  return null
}
