/**
 * The Content-Security-Policy nonce of the page being rendered on the server (the API's security
 * headers allow only inline scripts carrying it). entry.server provides it; in the browser it is
 * undefined, as scripts added after load come from files.
 */
import { createContext } from 'react'

export const CspNonce = createContext<string | undefined>(undefined)
