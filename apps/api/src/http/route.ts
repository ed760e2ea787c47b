/**
 * Registers a route from its endpoint in core's contract tables: the method, path and schemas
 * (so validation, serialization and /openapi.json) come from the table, the handler from the
 * domain. The handler's request and answer are typed from the same schemas. Everything is built
 * once, when the route is registered: a request costs what a hand-written route costs.
 */
import type { Endpoint } from '@fanshop/core'
// The `compress` route option is declared by the compression plugin's types.
import type {} from '@fastify/compress'
import type {
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { type ReadHandlerOf, registerInProcess } from './in-process-api.ts'
import { sharedAnswerHooks } from './shared-answers.ts'

type SchemaOf<E extends Endpoint> = {
  params: E['params']
  querystring: E['query']
  body: E['body']
  headers: E['headers']
  response: E['responses']
}

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  Record<never, never>,
  unknown,
  SchemaOf<E>,
  ZodTypeProvider
>

/** Route options beyond the contract: hooks, per-route config and validation. */
type RouteExtras = Pick<
  RouteShorthandOptions,
  | 'config'
  | 'preHandler'
  | 'onRequest'
  | 'bodyLimit'
  | 'validatorCompiler'
  | 'serializerCompiler'
  | 'compress'
>

const skipBodyValidation: NonNullable<RouteExtras['validatorCompiler']> = (part) =>
  part.httpPart === 'body'
    ? () => ({ value: undefined })
    : validatorCompiler(part as Parameters<typeof validatorCompiler>[0])

/**
 * The OpenAPI security requirements of a route that a hook of its own checks, rather than the
 * endpoint's Bearer token (the back office's session cookie): for the document only.
 */
export type RouteSecurity = readonly Record<string, readonly string[]>[]

export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
  security: RouteSecurity = [],
) {
  const schema: Record<string, unknown> = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    response: endpoint.responses,
  }
  if (endpoint.params) schema.params = endpoint.params
  if (endpoint.query) schema.querystring = endpoint.query
  if (endpoint.body) schema.body = endpoint.body
  // A multipart body is described for OpenAPI only: the handler reads its parts (@fastify/multipart).
  const bodyCheck = endpoint.upload ? { validatorCompiler: skipBodyValidation } : {}
  const keeping = endpoint.shared ? sharedAnswerHooks(endpoint, extras.onRequest) : {}
  const options = { ...extras, ...bodyCheck, ...keeping }
  if (endpoint.upload) {
    schema.body = endpoint.upload
    schema.consumes = ['multipart/form-data']
  }
  if (endpoint.headers) schema.headers = endpoint.headers
  // OpenAPI's form of "the Bearer token, or nothing" is a second, empty security requirement.
  if (endpoint.bearer) schema.security = endpoint.bearer === true ? [{ bearer: [] }] : [{}, { bearer: [] }]
  if (security.length > 0) schema.security = security
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema,
    handler: handler as RouteHandlerMethod,
  })
}

/**
 * An endpoint that reads only its path, query and the visitor's Bearer token: no body, no headers
 * of its own. Spec 7's users/me is a POST without a body.
 */
type ReadEndpoint = Endpoint & {
  method: 'GET' | 'POST'
  body?: undefined
  upload?: undefined
  headers?: undefined
  responses: { 200: z.ZodType }
}

type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>

export type ReadHandler<E extends ReadEndpoint> = ReadHandlerOf<
  Output<E['params']>,
  Output<E['query']>,
  z.input<E['responses'][200]>
>

/**
 * Registers a read endpoint for both transports: its Fastify route, and the same handler for the
 * storefront's in-process calls (in-process-api.ts), so one definition answers both.
 */
export function readRoute<E extends ReadEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: ReadHandler<E>,
  extras: RouteExtras = {},
) {
  route(
    app,
    endpoint,
    (request, reply) =>
      handler(
        {
          params: request.params,
          query: request.query,
          headers: request.headers,
        } as Parameters<ReadHandler<E>>[0],
        reply,
      ) as ReturnType<EndpointHandler<E>>,
    extras,
  )
  registerInProcess(app, endpoint, handler)
}
