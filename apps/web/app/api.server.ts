/**
 * The storefront's one typed client for the back end (spec 7: "one shared client against a
 * configured API base"). It asks for JSON, sends the Bearer token and the store-host header,
 * and turns any answer whose status or body carries statusCode >= 400 into an ApiError.
 */
import type { AppLoadContext } from 'react-router'

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
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

export async function api<T>(
  context: AppLoadContext,
  path: string,
  request: ApiRequest = {},
): Promise<ApiResponse<T>> {
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
      method: request.method ?? 'GET',
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
  const bodyStatus =
    body && typeof body === 'object' && 'statusCode' in body
      ? Number((body as { statusCode: unknown }).statusCode)
      : 0
  if (!response.ok || bodyStatus >= 400) {
    const message =
      body && typeof body === 'object' && 'message' in body
        ? String((body as { message: unknown }).message)
        : ''
    throw new ApiError(bodyStatus >= 400 ? bodyStatus : response.status, message || response.statusText)
  }
  return { data: body as T, status: response.status, headers: response.headers }
}

/** Shorthand for a GET that only needs the body. */
export async function apiGet<T>(
  context: AppLoadContext,
  path: string,
  request: Omit<ApiRequest, 'method' | 'body'> = {},
) {
  return (await api<T>(context, path, request)).data
}
