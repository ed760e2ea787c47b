/**
 * The contract between the API and its callers, one endpoint at a time: method, path, what the
 * path, query and body take and what each answer holds, as zod schemas. The API registers its
 * routes (and /openapi.json) from these tables; the storefront's client is typed from them and
 * checks every answer against them. Each domain keeps its table in its own `endpoints.ts`.
 */
import { z } from 'zod'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface Endpoint {
  readonly method: HttpMethod
  /** Fastify's form: `/wp-json/wp/v2/posts/:id`. */
  readonly path: string
  /** The domain, as the OpenAPI tag. */
  readonly tags: readonly string[]
  readonly summary: string
  /**
   * True when the call needs the logged-in user's JWT (`Authorization: Bearer`); 'optional' when
   * it takes one (an order opened by its owner instead of its order_token).
   */
  readonly bearer?: boolean | 'optional'
  /**
   * True when its 200 answer reads nothing of the caller, only the path, the query and the shop's
   * data: the same for everyone (the catalogue, the content, the menus, the reference lists). The
   * API keeps such answers in its shared cache (apps/api's http/shared-answers.ts).
   */
  readonly shared?: true
  readonly params?: z.ZodObject
  readonly query?: z.ZodObject
  /** Request headers the endpoint reads (an Idempotency-Key). */
  readonly headers?: z.ZodObject
  readonly body?: z.ZodType
  /**
   * A multipart/form-data body (file uploads) instead of JSON: its fields as OpenAPI describes
   * them. The handler reads the parts itself; callers send a FormData.
   */
  readonly upload?: z.ZodObject
  /** Each status the endpoint answers, with its body. */
  readonly responses: Readonly<Record<number, z.ZodType>>
}

/** Declares one endpoint, keeping its literal method and path and its exact schemas. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint

/**
 * The same endpoint called for a narrower 200 answer (`_fields` asking for a card's or a tile's
 * fields only): its other answers, the errors, stay as the endpoint declares them.
 */
export function answeringWith<E extends Endpoint, Answer extends z.ZodType>(endpoint: E, answer: Answer) {
  return { ...endpoint, responses: { ...endpoint.responses, 200: answer } }
}

/** Every failure the API answers (spec 7). */
export const errorBodySchema = z.object({ message: z.string(), statusCode: z.number().int() })
export type ErrorBodyJson = z.infer<typeof errorBodySchema>

/**
 * The answers of an endpoint whose tries are counted: 429 after too many (with Retry-After), and
 * 503 (with Retry-After) while the counts are out of reach, the try refused rather than let
 * through uncounted.
 */
export const rateLimitedErrors = { 429: errorBodySchema, 503: errorBodySchema }

/**
 * Whether a form shows a failed call's message, its page answering the call's status: a 4xx, or a
 * 503 the API explained in its own body (a check it cannot make safely right now, its rate
 * limits' counts out of reach: try again in a minute). Anything else, a bug or the back end out of
 * reach, is the error page's. The storefront's and the back office's forms both follow it.
 */
export function shownInForm(status: number, explainedByApi: boolean): boolean {
  return status < 500 || (status === 503 && explainedByApi)
}

type SuccessStatus = 200 | 201 | 202 | 204

/** What a successful call answers, after the endpoint's schema has checked it. */
export type EndpointResponse<E extends Endpoint> = z.output<
  E['responses'][Extract<keyof E['responses'], SuccessStatus>]
>

/** A value a query string or a path can carry. */
type Scalar = string | number | boolean

/** Fields whose schema takes anything (numbers read from digits) take any scalar here. */
type ScalarInput<T> = unknown extends T ? Scalar : T

type ParamsInput<P extends z.ZodObject> = { [K in keyof z.input<P>]-?: ScalarInput<z.input<P>[K]> }
type QueryInput<Q extends z.ZodObject> = {
  [K in keyof z.input<Q>]?: ScalarInput<z.input<Q>[K]> | null | undefined
}

/** What a caller passes for an endpoint: its path params, query and body, each only when it has them. */
export type EndpointRequest<E extends Endpoint> = (E extends { params: infer P extends z.ZodObject }
  ? { params: ParamsInput<P> }
  : { params?: never }) &
  (E extends { query: infer Q extends z.ZodObject } ? { query?: QueryInput<Q> } : { query?: never }) &
  (E extends { upload: z.ZodObject }
    ? { body: FormData }
    : E extends { body: infer B extends z.ZodType }
      ? undefined extends z.input<B>
        ? { body?: z.input<B> }
        : { body: z.input<B> }
      : { body?: never })

/** The endpoint's path with its `:name` params filled in, each URL-encoded. */
export function endpointPath(endpoint: Endpoint, params: Record<string, Scalar> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${endpoint.path} needs the path param "${name}".`)
    return encodeURIComponent(String(value))
  })
}

/** What a caller sends to an endpoint that reads only its path, query and headers (no body). */
export interface InProcessRequest {
  params?: Record<string, Scalar>
  query?: Record<string, Scalar | null | undefined>
  /** The logged-in visitor's JWT, handed over as the `Authorization: Bearer` header would carry it. */
  token?: string | null
  /** Headers the caller adds (lower-case names), as it would send them. */
  headers?: Record<string, string>
}

/** An endpoint's answer handed over inside one process: what its HTTP answer would carry, unchecked. */
export interface InProcessAnswer {
  status: number
  headers: Headers
  body: unknown
}

/**
 * The API's read endpoints (the visitor's own included) reached without HTTP when the storefront
 * shares the API's process: null for an endpoint it does not cover (the caller then goes over HTTP).
 */
export type InProcessApi = (endpoint: Endpoint, request: InProcessRequest) => Promise<InProcessAnswer> | null
