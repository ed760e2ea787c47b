/** The ALTCHA widget's custom element as JSX knows it (the attributes the waiting room uses). */
import 'react'

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': {
        challengejson?: string
        challengeurl?: string
        name?: string
        auto?: 'onload' | 'onfocus' | 'onsubmit' | 'off'
        hidefooter?: boolean
        hidelogo?: boolean
      }
    }
  }
}
