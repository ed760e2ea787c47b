/**
 * The server render, as React Router's default one, plus this response's Content-Security-Policy
 * nonce on every inline script: React's streaming scripts, the router's hydration data and, through
 * CspNonce, the document's <Scripts> and <ScrollRestoration>. A page that does not exist, or a
 * post to a page without an action, is the visitor's mistake: the request's own log line says
 * so, and no stack trace follows it (a flood of bad URLs must not flood the logs).
 */
import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from 'react-router'
import { CspNonce } from './site/csp-nonce.ts'
import { withInlineStylesheets } from './site/first-paint-styles.server.ts'
import { withScriptsAfterPaint } from './site/scripts-after-paint.server.ts'

export const streamTimeout = 5_000

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  console.error(error)
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.cspNonce
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // Everyone gets the whole page at once, every part in its place: no loader streams data, so
    // only code split off with lazy() can suspend, and a part sent shell first or outlined (React
    // moves a finished part to the end of a page over progressiveChunkSize) would wait hidden for
    // a script to show it: nothing for a visitor without JavaScript, nor a kept copy, to see.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <CspNonce.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce.Provider>,
      {
        nonce,
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true
          // The page is whole: React writes it out at once, as text (docs/decisions/0016), and it
          // leaves as one piece, the first paint's styles put in its head and its code held until
          // its first screen has painted, instead of passing in pieces through stream after
          // stream on its way to the socket (issue 15). It is kept as bytes from React's write on
          // (the stream encodes React's text): each copy of a long page as a string cost about
          // 1 ms (docs/performance-log.md, "Answers and pages kept as bytes").
          const page: Buffer[] = []
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, callback) {
                page.push(chunk)
                callback()
              },
              final(callback) {
                clearTimeout(timeoutId)
                timeoutId = undefined
                responseHeaders.set('Content-Type', 'text/html')
                resolve(
                  new Response(withScriptsAfterPaint(withInlineStylesheets(Buffer.concat(page)), nonce), {
                    headers: responseHeaders,
                    status: responseStatusCode,
                  }),
                )
                callback()
              },
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
