/**
 * The storefront's one typed client for the back end (spec 7: "one shared client against a
 * configured API base"). `call` takes an endpoint of core's contract tables, so its path, params,
 * query and body are typed, and checks the answer against the endpoint's schema before the
 * storefront reads it. It asks for JSON, sends the Bearer token and the store-host header, and
 * turns any answer whose status or body carries statusCode >= 400 into an ApiError. In the API's
 * own process, a call without a body to a read endpoint (the visitor's own reads included, token
 * and headers handed over) reaches the endpoint's handler directly (load context `apiInProcess`,
 * docs/decisions/0008) and its object is checked the same way.
 */
import {
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
  endpointPath,
  type HttpMethod,
  type LimitRefusal,
  limitRefusalSchema,
  shownInForm,
} from '@fanshop/core'
import type { AppLoadContext } from 'react-router'
import { z } from 'zod'

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The message is the API's own answer, not the storefront's account of a call that failed. */
    readonly fromApi = false,
    /** The limit that refused the request, as the API's 422 names it (the cart's limits). */
    readonly limit: LimitRefusal | null = null,
  ) {
    super(message)
  }
}

/** The ApiError a form shows as its message, its page answering the error's status, by core's rule
 *  (shownInForm); anything else is thrown on to the error page. */
export function formError(error: unknown): ApiError {
  if (error instanceof ApiError && shownInForm(error.statusCode, error.fromApi)) return error
  throw error
}

/** One request as it goes out, whatever its endpoint. */
interface ApiRequest {
  method: HttpMethod
  query?: Record<string, string | number | boolean | undefined | null>
  body?: unknown
  /** The logged-in user's JWT, sent as `Authorization: Bearer`. */
  token?: string | null
  headers?: Record<string, string>
  signal?: AbortSignal
}

export interface ApiResponse<T> {
  data: T
  status: number
  headers: Headers
}

/** The transport under `call`: the answer's status, headers and parsed but unchecked body. */
async function send(
  context: AppLoadContext,
  path: string,
  request: ApiRequest,
): Promise<ApiResponse<unknown>> {
  const url = new URL(path, `${context.apiBaseUrl}/`)
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
  }
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  if (request.token) headers.authorization = `Bearer ${request.token}`
  if (context.clientIp) headers['x-forwarded-for'] = context.clientIp
  if (context.storeHost && path.startsWith('/api/')) headers['x-spree-store-host'] = context.storeHost

  let response: Response
  try {
    response = await context.apiFetch(url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal ?? AbortSignal.timeout(15_000),
    })
  } catch (cause) {
    throw new ApiError(503, `The shop's back end could not be reached (${(cause as Error).message}).`)
  }
  const text = await response.text()
  let body: unknown = null
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      throw new ApiError(
        502,
        `The shop's back end sent something that is not JSON (status ${response.status}).`,
      )
    }
  }
  return answered(response.status, response.headers, body, response.statusText)
}

/** An answer, whichever way it came: an ApiError when its status or body carries statusCode >= 400. */
function answered(status: number, headers: Headers, body: unknown, statusText = ''): ApiResponse<unknown> {
  const bodyStatus =
    body && typeof body === 'object' && 'statusCode' in body
      ? Number((body as { statusCode: unknown }).statusCode)
      : 0
  if (status >= 300 || bodyStatus >= 400) {
    const message =
      body && typeof body === 'object' && 'message' in body
        ? String((body as { message: unknown }).message)
        : ''
    const limit = limitRefusalSchema.safeParse((body as { limit?: unknown } | null)?.limit).data ?? null
    throw new ApiError(bodyStatus >= 400 ? bodyStatus : status, message || statusText, message !== '', limit)
  }
  return { data: body, status, headers }
}

/** What a call sends beside the endpoint's own params, query and body. */
interface CallOptions {
  headers?: Record<string, string>
  signal?: AbortSignal
}

/**
 * The logged-in user's JWT: required by the endpoints that need it, taken by those that open an
 * order for its owner, refused by the others.
 */
type TokenOption<E extends Endpoint> = E extends { bearer: true }
  ? { token: string }
  : E extends { bearer: 'optional' }
    ? { token?: string | null }
    : { token?: never }

export type CallRequest<E extends Endpoint> = EndpointRequest<E> & TokenOption<E> & CallOptions

/** The request argument, optional when the endpoint needs nothing from the caller. */
type CallArgs<E extends Endpoint> =
  Record<never, never> extends CallRequest<E> ? [request?: CallRequest<E>] : [request: CallRequest<E>]

/** A request as it is sent, whatever its endpoint: what CallRequest allows for each one. */
interface SentRequest extends CallOptions {
  params?: Record<string, string | number | boolean>
  query?: ApiRequest['query']
  body?: unknown
  token?: string | null
}

/** Calls one endpoint of the contract; its answer is checked against the endpoint's schema. */
export async function call<E extends Endpoint>(
  context: AppLoadContext,
  endpoint: E,
  ...[request]: CallArgs<E>
): Promise<ApiResponse<EndpointResponse<E>>> {
  const { params, query, body, token, headers, signal } = (request ?? {}) as SentRequest
  const path = endpointPath(endpoint, params)
  // In the API's process, a read endpoint's handler answers without HTTP (issue 15).
  const inProcess =
    body === undefined ? context.apiInProcess?.(endpoint, { params, query, token, headers }) : null
  const response = inProcess
    ? await inProcess.then((answer) => answered(answer.status, answer.headers, answer.body))
    : await send(context, path, { method: endpoint.method, query, body, token, headers, signal })
  const schema = endpoint.responses[response.status]
  if (!schema) {
    throw new ApiError(
      502,
      `The shop's back end answered ${path} with an unexpected status ${response.status}.`,
    )
  }
  const checked = schema.safeParse(response.data)
  if (!checked.success) {
    throw new ApiError(
      502,
      `The shop's back end answered ${path} in an unexpected shape: ${z.prettifyError(checked.error)}`,
    )
  }
  return { ...response, data: checked.data as EndpointResponse<E> }
}

/** Shorthand for a call that only needs the answer's body. */
export async function callData<E extends Endpoint>(
  context: AppLoadContext,
  endpoint: E,
  ...args: CallArgs<E>
): Promise<EndpointResponse<E>> {
  return (await call(context, endpoint, ...args)).data
}
