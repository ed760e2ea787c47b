// The browser's entry: React Router's default one, except that the router is made before React
// hydrates, in tasks of its own (docs/decisions/0018). Made inside hydration's first render, as
// `HydratedRouter` does by itself, it was the longest of React's tasks on a phone's first load.
// Before that, the tracking parameters of the link the visitor came by leave the address bar, as
// they left the address the page was rendered for (site/arrival.ts); once it is made, the frame
// the visitor keeps across moves follows the router's data (site/kept-frame.ts).
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter, prepareHydratedRouter } from 'react-router/dom'
import { leaveTrackingParams } from './site/arrival.ts'
import { followFrames } from './site/kept-frame.ts'

leaveTrackingParams()
prepareHydratedRouter().then((router) => {
  if (router) followFrames(router)
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  })
})
