/**
 * What a page shows when it cannot be drawn: a heading that names the kind of failure (not a
 * valid address, not allowed, not found, or another error) and the API's own message. Pages inside the frame show it
 * in the frame's main area (routes/page.tsx), with the navigation still there; the root shows it
 * when not even the frame could be drawn.
 */
import { isRouteErrorResponse } from 'react-router'
import { ApiError } from './api'

/** A loader's 400: its call's path and query come from the page's address (api.ts, load). */
const HEADINGS: Record<number, string> = {
  400: 'Not a valid address',
  403: 'Not allowed',
  404: 'Not found',
}

function statusOf(error: unknown): number | null {
  if (error instanceof ApiError) return error.status
  if (isRouteErrorResponse(error)) return error.status
  return null
}

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return typeof error.data === 'string' ? error.data : error.statusText
  if (error instanceof Error && error.message) return error.message
  return 'Something went wrong.'
}

/** A page's failure from what a loader or a render threw. */
export function RouteError({ error }: { error: unknown }) {
  return <ErrorNotice status={statusOf(error)} message={messageOf(error)} />
}

export function ErrorNotice({ status, message }: { status: number | null; message: string }) {
  return (
    <>
      <h1 tabIndex={-1}>{(status !== null && HEADINGS[status]) || 'Something went wrong'}</h1>
      <p role="alert">{message}</p>
      <p>
        <a href="/admin/">Back to the dashboard</a>
      </p>
    </>
  )
}
