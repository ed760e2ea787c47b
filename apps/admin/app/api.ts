/**
 * The back office's one client of the API: typed from core's admin endpoint table, every answer
 * checked against the endpoint's schema where it enters the app. Calls go to the same origin with
 * the staff session cookie; a failure throws ApiError with the API's `{ message, statusCode }`.
 */
import {
  type AdminEndpoint,
  adminEndpoints,
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
  endpointPath,
  errorBodySchema,
  ROLE_REFUSED_MESSAGE,
  type StaffMe,
  shownInForm,
} from '@fanshop/core'
import { data, redirect } from 'react-router'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The whole error body, for answers that say more than a message (a CSV's problems by row). */
    readonly body: unknown = null,
  ) {
    super(message)
  }
}

export async function api<E extends Endpoint>(
  endpoint: E,
  ...[request]: Partial<EndpointRequest<E>> extends EndpointRequest<E>
    ? [EndpointRequest<E>?]
    : [EndpointRequest<E>]
): Promise<EndpointResponse<E>> {
  const { params, query, body } = (request ?? {}) as {
    params?: Record<string, string | number>
    query?: Record<string, unknown>
    body?: unknown
  }
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value))
  }
  const url = endpointPath(endpoint, params) + (search.size ? `?${search}` : '')
  // An upload's FormData goes as multipart/form-data, with the boundary the browser chooses.
  const upload = body instanceof FormData
  const response = await fetch(url, {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: body === undefined || upload ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : upload ? body : JSON.stringify(body),
  })
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null)
    const parsed = errorBodySchema.safeParse(body)
    throw new ApiError(
      response.status,
      parsed.success ? parsed.data.message : `The server answered ${response.status}.`,
      body,
    )
  }
  const schema = endpoint.responses[response.status]
  if (!schema) throw new ApiError(response.status, `Unexpected answer ${response.status}.`)
  return schema.parse(response.status === 204 ? null : await response.json()) as EndpointResponse<E>
}

/**
 * A loader's call: without a session it goes to the login page; any other failure is the page's
 * error, drawn inside the frame (routes/page.tsx: "Not allowed" for a 403, "Not found" for a 404,
 * "Not a valid address" for a 400). A loader's call takes its path and query from the page's
 * address, so the API's 400 means the address is wrong; one for path parameters core's schema
 * refuses (/orders/XYZ, /customers/abc) is a 404: that address names no record.
 */
export async function load<E extends Endpoint>(
  endpoint: E,
  ...request: Partial<EndpointRequest<E>> extends EndpointRequest<E>
    ? [EndpointRequest<E>?]
    : [EndpointRequest<E>]
): Promise<EndpointResponse<E>> {
  try {
    return await api(endpoint, ...request)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) throw redirect('/login')
    const params = (request[0] as { params?: unknown } | undefined)?.params
    if (error.status === 400 && endpoint.params && !endpoint.params.safeParse(params).success)
      throw new ApiError(404, error.message, error.body)
    throw error
  }
}

/** The member read for each navigation, by its request: one navigation's loaders share one request. */
const members = new WeakMap<Request, Promise<StaffMe>>()

/**
 * The signed-in member (a loader's call, as load), read once for the navigation of `request`: the
 * frame's loader and a page's permission check both need it.
 */
export function loadMe(request: Request): Promise<StaffMe> {
  let reading = members.get(request)
  if (!reading) {
    reading = load(adminEndpoints.me)
    members.set(request, reading)
  }
  return reading
}

/**
 * A page for a form the signed-in member's role may not send is refused as a page whose reads the
 * API refuses is (403, drawn as "Not allowed"): a form that reads nothing first (a new coupon or
 * access code, the import) was drawn in full, and refused only once sent.
 */
export async function requirePermissionOf(endpoint: AdminEndpoint, request: Request): Promise<void> {
  const { permission } = endpoint
  if (permission === null || permission === 'public') return
  const me = await loadMe(request)
  if (!me.permissions.includes(permission)) throw new ApiError(403, ROLE_REFUSED_MESSAGE)
}

/** What a form says when the API refused its call for want of a session (logged out in another
 *  tab, timed out, ended by the owner): the form is kept (refused) and can be sent again once logged in. */
export const SESSION_ENDED =
  'Your session has ended. Log in again in another tab, then send this again: what you typed is still here.'

/** The failure a form shows as its message, by core's rule (shownInForm); anything else is thrown
 *  on to the error page. */
export function formError(error: unknown): ApiError {
  if (error instanceof ApiError && shownInForm(error.status, errorBodySchema.safeParse(error.body).success))
    return error.status === 401 ? new ApiError(401, SESSION_ENDED, error.body) : error
  throw error
}

/** What an action answers the form: the API's message on a failure a form shows (formError). */
export async function attempt<T>(
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: string; status: number }> {
  try {
    return { ok: true, value: await run() }
  } catch (error) {
    const refusal = formError(error)
    return { ok: false, error: refusal.message, status: refusal.status }
  }
}

/**
 * What an action answers its form after the API refused the call with `status`. Without a
 * session, or in conflict with a change made meanwhile (409), the answer carries its status, so
 * React Router runs no loader again (it does not after an action's 4xx). Without a session the
 * page's loaders, refused in turn, went to the login page and what the form held was lost; after
 * a conflict they brought the newer copy's stamp under the fields as typed, so a second Save wrote
 * over the change it had just been refused for.
 */
export function refused<T>(answer: T, status: number): T {
  // Typed as the answer itself: React Router unwraps data(), so the page's actionData is `answer`.
  return (status === 401 || status === 409 ? data(answer, { status }) : answer) as T
}

export const formText = (form: FormData, name: string) => String(form.get(name) ?? '')
