/**
 * Every error the API answers is `{ message, statusCode }` with the same HTTP status
 * (spec section 8: message and status code, default 500). A 500 is a bug and is logged as one.
 */
import type { FastifyError, FastifyInstance } from 'fastify'

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'You need to log in first.') => new HttpError(401, message)
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message)
export const notFound = (message = 'Not found.') => new HttpError(404, message)
export const unprocessable = (message: string) => new HttpError(422, message)

export interface ErrorBody {
  message: string
  statusCode: number
}

interface ValidationIssue {
  instancePath?: string
  message?: string
  params?: { issue?: { path?: PropertyKey[]; message?: string } }
}

/** Turns a schema validation failure into one readable sentence naming the field. */
function describeValidation(error: FastifyError): string {
  const issues = (error.validation ?? []) as ValidationIssue[]
  const first = issues[0]
  const where = error.validationContext ?? 'request'
  const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || ''
  const what = first?.message ?? error.message
  return field ? `Invalid ${where} parameter "${field}": ${what}` : `Invalid ${where}: ${what}`
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ErrorBody
    if (error.validation) {
      body = { statusCode: 400, message: describeValidation(error) }
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      body = { statusCode: error.statusCode, message: error.message }
    } else {
      request.log.error({ err: error }, 'unhandled error')
      body = { statusCode: 500, message: 'Something went wrong on our side. Please try again.' }
    }
    return reply.status(body.statusCode).send(body)
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]
    return reply.status(404).send({ statusCode: 404, message: `No API endpoint ${request.method} ${path}.` })
  })
}
