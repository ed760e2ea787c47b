/**
 * What the API writes to its log: one line per request, and never a credential. Order tokens
 * (`order_token`, `token` in the query), the one-use keys of password-reset and staff invitation
 * links (`key`) and the Authorization, Cookie and X-Spree-Order-Token
 * headers are replaced by "[redacted]" wherever a request or its headers are logged, under every
 * name the API reads them by (a list item's too: `order_token[]` opens an order as `order_token`).
 */
import type { FastifyRequest } from 'fastify'
import type { DestinationStream, LoggerOptions } from 'pino'
import { queryNameAsRead } from './request-input.ts'

const SECRET_QUERY_PARAMS = new Set(['order_token', 'token', 'key'])
const SECRET_HEADERS = ['authorization', 'cookie', 'x-spree-order-token']
const REDACTED = '[redacted]'

/** The URL with the values of secret query parameters replaced, the rest byte for byte. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?')
  if (query === -1) return url
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      let decoded = name
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '))
      } catch {}
      return equals !== -1 && SECRET_QUERY_PARAMS.has(queryNameAsRead(decoded)) ? `${name}=${REDACTED}` : pair
    })
  return `${url.slice(0, query)}?${pairs.join('&')}`
}

/** pino's `req` serializer: where the request went, without its secrets (nor its headers). */
function serializeRequest(request: Partial<FastifyRequest>) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
  }
}

export interface LogSettings {
  level: string
  /** Where the lines go (stdout when absent); tests read them. */
  stream?: DestinationStream
}

export function loggerOptions(settings: LogSettings): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: settings.level,
    stream: settings.stream,
    serializers: { req: serializeRequest as (request: unknown) => unknown },
    redact: {
      paths: SECRET_HEADERS.flatMap((name) => [`req.headers["${name}"]`, `headers["${name}"]`]),
      censor: REDACTED,
    },
  }
}
