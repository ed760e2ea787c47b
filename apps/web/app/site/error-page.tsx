/**
 * The error layout of spec 2: a left navigation panel and a right-hand image. 404 reads
 * "This page could not be found"; other failures show their status code (default 500).
 * If drawing this page fails in turn, a plain fallback says so and links home.
 */
import { Component, type ReactNode } from 'react'

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
  return (
    <div className="error-layout">
      <title>{`${statusCode} · ${title}`}</title>
      <meta name="robots" content="noindex" />
      <nav className="error-layout__nav" aria-label="Main">
        <a className="error-layout__brand" href="/">
          Fan Shop
        </a>
        <ul>
          <li>
            <a href="/home">Home</a>
          </li>
          <li>
            <a href="/shop">Shop</a>
          </li>
          <li>
            <a href="/feed">Feed</a>
          </li>
          <li>
            <a href="/music">Music</a>
          </li>
          <li>
            <a href="/contact">Contact</a>
          </li>
        </ul>
      </nav>
      <main className="error-layout__main">
        <p className="error-layout__code">{statusCode}</p>
        <h1>{title}</h1>
        {statusCode !== 404 && message ? <p className="error-layout__message">{message}</p> : null}
        <a className="button" href="/">
          Go back to home
        </a>
      </main>
      <div className="error-layout__image" aria-hidden="true" />
    </div>
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
