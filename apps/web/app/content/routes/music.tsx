/**
 * /music (spec 2) with its index and {id} children: loads every release once for both, so the
 * release page can offer the others.
 */
import { Outlet } from 'react-router'
import { fetchList } from '../content.server.ts'
import type { Route } from './+types/music'
import '../content.css'
import '../editorial.css'

export async function loader({ context }: Route.LoaderArgs) {
  return { releases: (await fetchList(context, 'music')).items, publicUrl: context.publicUrl }
}

export type MusicSectionData = Awaited<ReturnType<typeof loader>>

export default function Music() {
  return (
    <div className="music">
      <Outlet />
    </div>
  )
}
