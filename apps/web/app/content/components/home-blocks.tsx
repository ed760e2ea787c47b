/**
 * The home page's blocks (spec 2, "home with filter box, latest-update bar and side bar"), as
 * the content API sends them (the latest-update bar opens with the launch, from its setting).
 * Each home variant places them differently.
 */
import { type FeedTerm, type HomeBlock, launchMomentText, plainText } from '@fanshop/core'
import { useId } from 'react'
import { Link } from 'react-router'
import { useLaunchNow } from '../../launch/shopping-gate.ts'
import { useUi } from '../../site/ui-store.ts'
import { useFrame } from '../../site/use-frame.ts'
import { useHydrated } from '../../site/use-hydrated.tsx'
import { RichText } from './rich-text.tsx'

/**
 * The launch as the first piece of news, written from the launch setting: when the shop opens
 * (and the way to be told), or that it is open.
 */
function useLaunchItem(): { title: string; text: string; url: string } | null {
  const launch = useFrame()?.launch
  const now = useLaunchNow(launch)
  if (!launch || now === undefined) return null
  if (now < launch.at) {
    return {
      title: launchMomentText(launch.at, launch.timeZone),
      text: 'The new drop opens in the shop',
      url: '/comingsoon',
    }
  }
  return { title: 'Open now', text: 'The new drop is in the shop', url: '/shop' }
}

/** A row of the latest news, each a link; scrolls sideways on small screens. */
export function LatestUpdateBar({ block, className }: { block: HomeBlock | undefined; className?: string }) {
  const launchItem = useLaunchItem()
  if (!block) return null
  const items = launchItem ? [launchItem, ...block.items] : block.items
  return (
    <aside className={`latest-update ${className ?? ''}`} aria-label={plainText(block.title.rendered)}>
      <p className="latest-update__label" aria-hidden="true">
        {plainText(block.title.rendered)}
      </p>
      <ul className="latest-update__list">
        {items.map((item) => (
          <li key={item.url + item.title}>
            <Link to={item.url} className="latest-update__item">
              <strong>{item.title}</strong> <span>{item.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  )
}

/** What is coming up: matches, shows and the rest of the calendar. */
export function SideBar({ block, className }: { block: HomeBlock | undefined; className?: string }) {
  if (!block) return null
  const title = plainText(block.title.rendered)
  return (
    <aside className={`side-bar ${className ?? ''}`} aria-label={title}>
      <h2 className="side-bar__title">{title}</h2>
      <RichText html={block.content.rendered} className="side-bar__intro" />
      <ul className="side-bar__list">
        {block.items.map((item) => (
          <li key={item.url + item.title}>
            <Link to={item.url} className="side-bar__item">
              <span className="side-bar__when">{item.title}</span>
              <span className="side-bar__what">{item.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  )
}

/**
 * The topics of the feed as links (they work without JavaScript and can be shared); the
 * current one is marked for assistive technology. A collapsible box folds away on phones behind
 * a toggle bound to the frame's `taxonomies` switch (spec 4), which closing the panels leaves
 * alone, so it stays as the fan left it from topic to topic. Until the page is interactive it
 * stays open.
 */
export function FilterBox(props: {
  block: HomeBlock | undefined
  terms: FeedTerm[]
  current: FeedTerm | null
  hrefFor: (term: FeedTerm | null) => string
  className?: string
  collapsible?: boolean
}) {
  const title = props.block ? plainText(props.block.title.rendered) : 'Topics'
  const listId = useId()
  const hydrated = useHydrated()
  const open = useUi((s) => s.taxonomies)
  const setOpen = useUi((s) => s.setTaxonomies)
  const collapsed = Boolean(props.collapsible) && hydrated && !open
  return (
    <nav
      className={`filter-box ${props.collapsible ? 'filter-box--collapsible' : ''} ${collapsed ? 'filter-box--collapsed' : ''} ${props.className ?? ''}`}
      aria-label={title}
    >
      <h2 className="filter-box__title">{title}</h2>
      {props.collapsible && hydrated ? (
        <button
          type="button"
          className="filter-box__toggle"
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {collapsed ? 'Show topics' : 'Hide topics'}
        </button>
      ) : null}
      {props.block ? <RichText html={props.block.content.rendered} className="filter-box__intro" /> : null}
      <ul className="filter-box__list" id={listId}>
        <li>
          <Link
            to={props.hrefFor(null)}
            className="chip"
            aria-current={props.current === null ? 'page' : undefined}
            preventScrollReset
          >
            Everything
          </Link>
        </li>
        {props.terms.map((term) => (
          <li key={term.id}>
            <Link
              to={props.hrefFor(term)}
              className="chip"
              aria-current={props.current?.id === term.id ? 'page' : undefined}
              title={term.description}
              preventScrollReset
            >
              {term.name} <span className="chip__count">{term.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The filter box's links on the home: /home for everything, the topic's own link (/home/{slug}, encoded by the API) for one. */
export const homeTopicHref = (term: FeedTerm | null) => (term ? term.link : '/home')
