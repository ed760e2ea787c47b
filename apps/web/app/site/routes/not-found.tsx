/** Any path no route claims: the error page with 404 (spec 2: any other path shows the error page). */
import { data } from 'react-router'
import type { SiteHandle } from '../handle.ts'

export const handle: SiteHandle = { routeName: 'error' }

export function loader() {
  throw data({ message: 'This page could not be found' }, { status: 404 })
}

export function action() {
  throw data({ message: 'This page could not be found' }, { status: 404 })
}

export default function NotFound() {
  return null
}
