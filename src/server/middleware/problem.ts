import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { AppError, ERROR_CODES, type ErrorCode } from '../../core/errors.js'

export const PROBLEM_TYPE_BASE = 'https://switchyard.dev/problems/'

/** The RFC 9457 problem document of an AppError (also the data of an event stream's final `error`). */
export function problemBody(error: AppError, instance?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: `${PROBLEM_TYPE_BASE}${error.code}`,
    title: ERROR_CODES[error.code].title,
    status: error.status,
    detail: error.detail,
    code: error.code,
  }
  if (instance) body.instance = instance
  if (error.errors?.length) body.errors = error.errors
  return body
}

/** Renders an AppError as RFC 9457 problem+json. */
export function problemResponse(error: AppError, instance?: string): Response {
  return new Response(JSON.stringify(problemBody(error, instance)), {
    status: error.status,
    headers: { 'content-type': 'application/problem+json', ...error.headers },
  })
}

const HTTP_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
}

/** Maps Hono's own exceptions (bad JSON, 415 from the validator) onto our codes. */
function fromHttpException(err: HTTPException): AppError {
  const code = HTTP_STATUS_CODES[err.status] ?? 'invalid_request'
  if (err.status === 400 && /json/i.test(err.message)) {
    return new AppError('invalid_request', 'The request body is not valid JSON.')
  }
  if (err.status === 415) {
    return new AppError(
      'unsupported_media_type',
      'Send the body as JSON with Content-Type: application/json.',
    )
  }
  return new AppError(code, err.message || ERROR_CODES[code].title)
}

/** A database constraint refusing a write (better-sqlite3's SqliteError codes SQLITE_CONSTRAINT_*). */
const isConstraintError = (err: Error) => {
  const { code } = err as { code?: unknown }
  return typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')
}

/**
 * The one error handler: AppErrors as they are, Hono's exceptions mapped, a full disk (as `classify`
 * reads it) the 503 `disk_full`, a constraint the database enforced a 409, anything else a bare 500.
 * Neither of the last two carries the error's message (SQL text, table and column names): it goes to
 * the log under the request id.
 */
export function createErrorHandler(
  logger: Pick<Console, 'error'>,
  classify: (err: unknown) => AppError | undefined = () => undefined,
) {
  return (err: Error, c: Context): Response => {
    if (err instanceof AppError) return problemResponse(err, c.req.path)
    const known = classify(err)
    if (known) return problemResponse(known, c.req.path)
    if (err instanceof HTTPException) {
      if (err.status >= 500) return problemResponse(new AppError('internal', 'Internal error.'), c.req.path)
      return problemResponse(fromHttpException(err), c.req.path)
    }
    const requestId = (c.get('requestId' as never) as string | undefined) ?? 'unknown'
    // A fixed format string: the path is the client's, and `%` in it would be read as a format spec.
    logger.error('[%s] unhandled error on %s %s:', requestId, c.req.method, c.req.path, err)
    if (isConstraintError(err))
      return problemResponse(
        new AppError('conflict', `The request conflicts with data the gateway holds (request ${requestId}).`),
        c.req.path,
      )
    return problemResponse(
      new AppError(
        'internal',
        `Something went wrong inside the gateway (request ${requestId}). It has been logged.`,
      ),
      c.req.path,
    )
  }
}
