// The back office's browser entry: React Router's default one, except that the router draws its
// state changes at once instead of in React transitions (useTransitions={false}). Drawn in a
// transition, a form's 'submitting' state reached the page only after the click's event: a second
// click in the same instant (a double click) still found its GuardedButton available, and the
// form was sent twice (two notes on an order, an invitation accepted twice and refused once).
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter useTransitions={false} />
    </StrictMode>,
  )
})
