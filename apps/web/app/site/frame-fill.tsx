/**
 * A page shared between visitors (the page cache, docs/decisions/0009) comes with a frame drawn for
 * nobody. This browser fills in its own parts (the greeting, the cart and its hold, the launch access
 * grant) once the page has hydrated, from /visitor-frame, when core's personal-frame cookie says it
 * has some: the server sets that cookie once the browser has shown it runs these scripts (or this
 * browser does, once its scripts run on a frame drawn for its visitor: site/kept-frame.ts), and
 * only then sends it shared pages (without scripts, every page is rendered for the visitor). A
 * frame the server drew for this visitor always wins over what was filled in.
 */
import { fillsOwnFrame } from '@fanshop/core'
import { createContext, type ReactNode, useEffect, useLayoutEffect, useState } from 'react'
import { useFetcher, useRouteLoaderData } from 'react-router'
import type { FrameData, PersonalFrame } from './frame.server.ts'
import { noteFrameFilled } from './kept-frame.ts'
import type { loader } from './routes/visitor-frame.ts'

/** The personal parts this browser filled in, when its page was drawn for nobody. */
export const FilledFrame = createContext<PersonalFrame | null>(null)

export function FrameFill({ children }: { children: ReactNode }) {
  const frame = useRouteLoaderData('root') as FrameData | undefined
  // Only the frame the page arrived with can have been drawn for nobody: any later one came from
  // a request of this visitor's (a revalidation), and is theirs.
  const [arrived] = useState(frame)
  const shared = frame !== undefined && frame === arrived && !frame.personal
  const fetcher = useFetcher<typeof loader>()
  const load = fetcher.load
  useEffect(() => {
    if (shared && fillsOwnFrame(document.cookie)) void load('/visitor-frame')
  }, [shared, load])
  const answer = fetcher.data
  const filled = shared && answer?.personal ? answer : null
  useLayoutEffect(() => {
    if (filled) noteFrameFilled(filled.stamp, filled.endsAt)
  }, [filled])
  return <FilledFrame.Provider value={filled}>{children}</FilledFrame.Provider>
}
