/**
 * "Continue with Facebook" in the browser (spec 4, social login): Facebook's SDK is loaded only
 * when the shop has a FACEBOOK_APP_ID, and only once the visitor asks for it. The visitor's
 * existing Facebook login is used when there is one; otherwise an interactive login asks for
 * the e-mail and public profile. The spec's three internal reports are logged, and the last one
 * (nothing authorised) is also what the visitor reads.
 */

export const FACEBOOK_REPORTS = {
  cancelled: 'User cancelled login or did not fully authorize.',
  notAuthorized: 'Not authorized',
  notLoggedIn: 'Not logged to facebook',
} as const

interface LoginStatus {
  status: 'connected' | 'not_authorized' | 'unknown'
  authResponse?: { accessToken: string } | null
}

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie: boolean; xfbml: boolean }): void
  getLoginStatus(callback: (response: LoginStatus) => void): void
  login(callback: (response: LoginStatus) => void, options: { scope: string }): void
}

declare global {
  interface Window {
    FB?: FacebookSdk
    fbAsyncInit?: () => void
  }
}

const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js'
const GRAPH_VERSION = 'v21.0'

let loading: Promise<FacebookSdk> | undefined

function loadSdk(appId: string): Promise<FacebookSdk> {
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    window.fbAsyncInit = () => {
      const sdk = window.FB!
      sdk.init({ appId, version: GRAPH_VERSION, cookie: false, xfbml: false })
      resolve(sdk)
    }
    const script = document.createElement('script')
    script.src = SDK_URL
    script.async = true
    script.crossOrigin = 'anonymous'
    script.onerror = () => {
      loading = undefined
      reject(new Error('Facebook could not be reached. Please try again, or log in with your e-mail.'))
    }
    document.head.append(script)
  })
  return loading
}

export class FacebookLoginError extends Error {}

/** The visitor's Facebook access token, from their existing login or a new one. */
export async function facebookAccessToken(appId: string): Promise<string> {
  const sdk = await loadSdk(appId)
  const status = await new Promise<LoginStatus>((resolve) => sdk.getLoginStatus(resolve))
  if (status.status === 'connected' && status.authResponse) return status.authResponse.accessToken
  console.info(
    status.status === 'not_authorized' ? FACEBOOK_REPORTS.notAuthorized : FACEBOOK_REPORTS.notLoggedIn,
  )
  const login = await new Promise<LoginStatus>((resolve) =>
    sdk.login(resolve, { scope: 'email,public_profile' }),
  )
  if (login.authResponse) return login.authResponse.accessToken
  console.info(FACEBOOK_REPORTS.cancelled)
  throw new FacebookLoginError(FACEBOOK_REPORTS.cancelled)
}
