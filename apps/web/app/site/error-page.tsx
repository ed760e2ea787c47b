/**
 * The error layout of spec 2: a left navigation panel and a right-hand image. 404 reads
 * "This page could not be found"; other failures show their status code (default 500).
 * Arriving on it closes every panel and the overlay, and scrolls back to the top. The message and
 * the way home come first (a phone shows them on its first screen); wide screens draw the
 * navigation on their left.
 * If drawing this page fails in turn, a plain fallback says so and links home.
 */
import { Component, type ReactNode, useEffect } from 'react'
import { FrameBehaviour } from './frame.tsx'
import { useScrollToTopOnArrival } from './frame-effects.ts'
import { Overlay } from './overlay.tsx'
import { Panels } from './panels.tsx'
import { SiteHeader } from './site-header.tsx'
import { SiteLink } from './site-link.tsx'
import { useUi } from './ui-store.ts'
import { useFrame } from './use-frame.ts'

export const NOT_FOUND_TEXT = 'This page could not be found'

export function ErrorPage(props: { statusCode: number; message?: string }) {
  return (
    <ErrorPageGuard>
      <ErrorLayout {...props} />
    </ErrorPageGuard>
  )
}

function ErrorLayout({ statusCode, message }: { statusCode: number; message?: string }) {
  const title = statusCode === 404 ? NOT_FOUND_TEXT : 'An error occurred'
  const closeAll = useUi((s) => s.closeAll)
  useEffect(() => closeAll(), [closeAll])
  useScrollToTopOnArrival(true)
  const links = useFrame()?.menus['main-menu'].flatMap((group) => group.items) ?? []
  return (
    <>
      <FrameBehaviour />
      <SiteHeader routeName="error" />
      <div className="error-layout">
        <title>{`${statusCode} · ${title}`}</title>
        <meta name="robots" content="noindex" />
        <main id="main" className="error-layout__main">
          <p className="error-layout__code">{statusCode}</p>
          <h1>{title}</h1>
          {statusCode !== 404 && message ? <p className="error-layout__message">{message}</p> : null}
          <a className="button" href="/">
            Go back to home
          </a>
        </main>
        <nav className="error-layout__nav" aria-label="Main">
          <ul>
            {links.map((item) => (
              <li key={`${item.title} ${item.url}`}>
                <SiteLink to={item.url}>{item.title}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="error-layout__image" aria-hidden="true" />
      </div>
      <Overlay />
      <Panels />
    </>
  )
}

class ErrorPageGuard extends Component<{ children: ReactNode }, { failure: Error | null }> {
  override state = { failure: null as Error | null }
  static getDerivedStateFromError(failure: Error) {
    return { failure }
  }
  override render() {
    if (!this.state.failure) return this.props.children
    return (
      <main className="error-fallback">
        <h1>An error occurred while showing the error page</h1>
        <pre>{this.state.failure.message}</pre>
        <a href="/">Go back to home</a>
      </main>
    )
  }
}
