/**
 * The document: head tags, global styles, scroll restoration, and the error page that every
 * failure ends on (unknown path: 404 "This page could not be found"; otherwise its status).
 */
import { type ReactNode, useContext, useEffect } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
} from 'react-router'
import type { Route } from './+types/root'
import { refusedCartChange } from './cart/cart-refetch.ts'
import { CspNonce } from './site/csp-nonce.ts'
import { ErrorPage } from './site/error-page.tsx'
import { dropStylesWithTheirLinks } from './site/first-paint-styles.ts'
import { loadFrame } from './site/frame.server.ts'
import { FrameFill } from './site/frame-fill.tsx'
import { keepsFrame } from './site/kept-frame.ts'
import { ScrollRestoration } from './site/scroll-restoration.tsx'
import { standInMiddleware } from './site/stand-in.server.ts'
import { HydratedProvider } from './site/use-hydrated.tsx'
import { visitorMiddleware } from './site/visitor.server.ts'
import './site/global.css'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

/**
 * The visitor (session, login, cart, access grant) is resolved once for the whole request; a page
 * drawn with a stand-in for a failed read is kept by no cache.
 */
export const middleware: Route.MiddlewareFunction[] = [visitorMiddleware, standInMiddleware]

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFrame(request, context)
}

/**
 * A move to another page keeps the frame while it is current (site/kept-frame.ts); a refused
 * change to the bag loads it again, as one that went through does (cart/cart-refetch.ts).
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (keepsFrame(args, document.cookie)) return false
  return args.defaultShouldRevalidate || refusedCartChange(args)
}

/**
 * Runs before every module: zod (the forms' validation) then validates without compiling code.
 * Its probe for `new Function` would otherwise be a policy violation on every page, as the
 * Content-Security-Policy allows no eval. This is zod's z.config({ jitless: true }), set where
 * zod keeps it (globalThis.__zod_globalConfig) because modules are bundled in no fixed order.
 */
const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig={jitless:true}'

/**
 * The id of the empty mark that closes every page's body, which the head names as the point the
 * first paint waits for (a `<link rel="expect" blocking="render">`). A page comes in pieces, over
 * a phone's network or from a slow phone's parser, and the browser paints what it has read: the
 * cookie bar and the product page's buy bar, fixed to the screen's foot, were drawn without their
 * buttons and rose when the rest came (a layout shift of 0.015 to 0.045,
 * catalog/layout-shift.e2e.ts). Once the mark is read, the screen's fixed parts and the content
 * are whole; the page's data and scripts, which come after it, are not waited for. Every layout
 * has it, the error page's too (it had named the footer, which the error page does not draw, so
 * that page waited for the whole document and Chromium warned of the missing element). A browser
 * that does not know the relation paints as before.
 */
const PAGE_READ_UNTIL = 'page-read'

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useContext(CspNonce)
  useEffect(dropStylesWithTheirLinks, [])
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#111111" />
        {/* The first paint waits until the page is read up to its end (PAGE_READ_UNTIL). */}
        <link rel="expect" href={`#${PAGE_READ_UNTIL}`} blocking="render" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, allowed by the nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL }} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        <HydratedProvider>{children}</HydratedProvider>
        <span id={PAGE_READ_UNTIL} hidden />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return (
    <FrameFill>
      <Outlet />
    </FrameFill>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const statusCode = isRouteErrorResponse(error) ? error.status : 500
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string'
      ? error.data
      : ((error.data as { message?: string } | null)?.message ?? error.statusText)
    : error instanceof Error
      ? error.message
      : String(error)
  return <ErrorPage statusCode={statusCode} message={message} />
}
