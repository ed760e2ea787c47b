// The Element Timing API's attribute (https://w3c.github.io/element-timing/), which React passes
// to the DOM as it is but its types do not name: the first screen's pictures carry it so that the
// page can tell when they have painted (site/scripts-after-paint.server.ts).
import 'react'

declare module 'react' {
  interface ImgHTMLAttributes<T> {
    elementtiming?: string
  }
}
