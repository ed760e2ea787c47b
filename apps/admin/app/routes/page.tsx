/**
 * Every page of the signed-in frame sits under this pathless route, so that a page that cannot be
 * drawn (a record that does not exist, a page the role may not open) shows its error inside the
 * frame's main area, with the navigation still there: the frame's own error boundary would
 * replace the frame, and the root's the whole document.
 */
import { Outlet } from 'react-router'
import { RouteError } from '../route-error'
import type { Route } from './+types/page'

export default function Page() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />
}
