/** The back office's document: its own title, styles and error page, and focus on each page's arrival. */
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import type { Route } from './+types/root'
import { useFocusHeadingOnArrival } from './arrival-focus'
import { RouteError } from './route-error'
import './admin.css'

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Back office · Fan shop</title>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  useFocusHeadingOnArrival()
  return <Outlet />
}

export function HydrateFallback() {
  return <p className="loading">Loading the back office…</p>
}

/** Only when not even the frame could be drawn: a page's own failure shows inside it (routes/page.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="centered">
      <RouteError error={error} />
    </main>
  )
}
