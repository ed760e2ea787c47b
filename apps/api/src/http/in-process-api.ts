/**
 * The read endpoints the storefront reaches without HTTP when it shares the API's process
 * (issue 15: light-my-request, serialising and parsing again cost about 30% of an uncached
 * page). A read route (route.ts `readRoute`) registers its handler here beside its Fastify route:
 * the same handler, the same zod validation of params and query (the validator Fastify runs),
 * the query read by the same parser, errors answered by the same rule. A read handler sees only
 * its params, query and request headers (the visitor's Bearer token among them, so the visitor's
 * own reads come this way too); nothing else a request passes through applies to a read endpoint:
 * it takes no body, no store host, no client address, no rate limit. The answer is handed over as
 * the handler's object; the caller (apps/web api.server.ts `call`) checks it against the
 * endpoint's schema once, where it would have checked the JSON.
 */
import type { IncomingHttpHeaders } from 'node:http'
import type { Endpoint, InProcessAnswer, InProcessApi, InProcessRequest } from '@fanshop/core'
import type { FastifyError, FastifyInstance } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { ShopContext } from '../context.ts'
import { errorBody, HttpError } from './errors.ts'
import { parseQuerystring } from './request-input.ts'

/** Where a read handler sets its answer's headers (paging, caching): a Fastify reply, or a Headers. */
export interface AnswerHeaders {
  header(name: string, value: string): unknown
  headers(values: Record<string, string>): unknown
}

/** What a read handler is given: its validated params and query, and the request's headers. */
export interface ReadInput<Params, Query> {
  params: Params
  query: Query
  headers: IncomingHttpHeaders
}

/** A read handler as both transports call it: its input, its answer's headers. */
export type ReadHandlerOf<Params, Query, Answer> = (
  input: ReadInput<Params, Query>,
  answer: AnswerHeaders,
) => Promise<Answer>

type InProcessHandler = (request: InProcessRequest) => Promise<InProcessAnswer>

/** One app's handlers, by "METHOD path": the storefront's bundle holds its own copy of the tables. */
const registries = new WeakMap<ShopContext, Map<string, InProcessHandler>>()

const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`

type Validate = (data: unknown) => { value?: unknown; error?: unknown }

/** A request part through its schema, failing as Fastify's validation fails. */
function validated(validate: Validate | null, part: string, data: Record<string, string>): unknown {
  if (!validate) return data
  const result = validate(data)
  if (!result.error) return result.value
  throw Object.assign(new HttpError(400, `Invalid ${part}.`), {
    validation: result.error,
    validationContext: part,
  })
}

/** The headers as the HTTP transport sends them: the caller's, and the token as `Authorization`. */
const headersOf = (request: InProcessRequest): IncomingHttpHeaders =>
  request.token ? { ...request.headers, authorization: `Bearer ${request.token}` } : { ...request.headers }

/** The query as the HTTP transport sends it (one string per set value) and as the API reads it. */
function queryOf(query: InProcessRequest['query'] = {}): Record<string, string> {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value))
  }
  return parseQuerystring(search.toString())
}

export function registerInProcess<Params, Query, Answer>(
  app: FastifyInstance,
  endpoint: Endpoint,
  handler: ReadHandlerOf<Params, Query, Answer>,
) {
  const compile = (schema: Endpoint['params'], httpPart: string): Validate | null =>
    schema
      ? (validatorCompiler({ schema, method: endpoint.method, url: endpoint.path, httpPart }) as Validate)
      : null
  const validateParams = compile(endpoint.params, 'params')
  const validateQuery = compile(endpoint.query, 'querystring')
  const registry = registries.get(app.shop) ?? new Map<string, InProcessHandler>()
  registries.set(app.shop, registry)
  registry.set(keyOf(endpoint), async (request) => {
    const headers = new Headers()
    const answer: AnswerHeaders = {
      header: (name, value) => headers.set(name, value),
      headers: (values) => {
        for (const [name, value] of Object.entries(values)) headers.set(name, value)
      },
    }
    try {
      const params = Object.fromEntries(Object.entries(request.params ?? {}).map(([k, v]) => [k, String(v)]))
      const input = {
        params: validated(validateParams, 'params', params) as Params,
        query: validated(validateQuery, 'querystring', queryOf(request.query)) as Query,
        headers: headersOf(request),
      }
      return { status: 200, headers, body: await handler(input, answer) }
    } catch (error) {
      const body = errorBody(error as FastifyError, app.log)
      return { status: body.statusCode, headers: new Headers(), body }
    }
  })
}

/** The storefront's way to this app's read endpoints; null for those it does not cover. */
export function inProcessApi(app: FastifyInstance): InProcessApi {
  return (endpoint, request) => registries.get(app.shop)?.get(keyOf(endpoint))?.(request) ?? null
}
