/**
 * The Content-Security-Policy nonce of the page being rendered (the API's security headers allow
 * only inline scripts carrying it). On the server entry.server provides it. In the browser it is
 * the nonce the server gave the document's scripts, so that hydration renders the attributes the
 * server sent (React's development build reports each one that differs); once the policy applies
 * the attribute reads empty, but the element's `nonce` property keeps it.
 */
import { createContext } from 'react'

function documentNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined
}

export const CspNonce = createContext<string | undefined>(documentNonce())
