/** The back office's document: its own title, styles and error page, and focus on each page's arrival. */
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import type { Route } from './+types/root'
import { useFocusHeadingOnArrival } from './arrival-focus'
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.'
  return (
    <main className="centered">
      <h1>Something went wrong</h1>
      <p role="alert">{message}</p>
      <a href="/admin/">Back to the dashboard</a>
    </main>
  )
}
