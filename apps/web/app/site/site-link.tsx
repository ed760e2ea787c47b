/**
 * A link as the navigation rules of spec 2 want it: an address without https:// is a page of the
 * shop (client-side, prefetched when idle); an https:// address opens in a new tab.
 * Other domains may use it wherever they show links that come from content.
 */
import { isExternalLink } from '@fanshop/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { usePrefetchAllowed } from './prefetch.ts'

export function SiteLink(props: { to: string; className?: string; children: ReactNode }) {
  const prefetch = usePrefetchAllowed()
  if (isExternalLink(props.to)) {
    return (
      <a href={props.to} className={props.className} target="_blank" rel="noopener noreferrer">
        {props.children}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    )
  }
  const to = props.to.startsWith('/') ? props.to : `/${props.to}`
  return (
    <Link to={to} className={props.className} prefetch={prefetch ? 'viewport' : 'none'}>
      {props.children}
    </Link>
  )
}
