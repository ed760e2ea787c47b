/**
 * Mounts a panel from the first time it opens on (it then stays mounted, to animate closing).
 * A closed panel draws nothing, so its code can be a lazy import: pages do not load on their
 * first visit the code of panels (their forms, the dialog library) they may never show.
 */
import { type ReactNode, Suspense, useState } from 'react'
import { type Panel, useUi } from './ui-store.ts'

export function WhenOpened(props: { panel: Panel; children: ReactNode }) {
  const open = useUi((s) => s.open === props.panel)
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open ? <Suspense fallback={null}>{props.children}</Suspense> : null
}
