/**
 * The three-dots social bar (spec 2): copy link, two messaging apps (one not on phones), two
 * social networks, a short-text network and e-mail, all sharing the current page's address (the
 * e-mail and the short-text post with the fixed invitation), and the way to the figure's profiles
 * and music. Every address comes from configuration (SOCIAL_LINKS).
 */
import { type ShareTarget, shareHref } from '@fanshop/core'
import { useLocation } from 'react-router'
import { CopyLink } from './copy-link.tsx'
import { MailIcon, MessageIcon, MusicIcon, PlayIcon, ShareIcon } from './icons.tsx'
import { SidePanel } from './side-panel.tsx'
import { useUi } from './ui-store.ts'
import { useFrame } from './use-frame.ts'

const KIND_ICON: Record<ShareTarget['kind'], () => React.JSX.Element> = {
  messaging: MessageIcon,
  social: ShareIcon,
  'short-text': ShareIcon,
  email: MailIcon,
}

/** The address of the page being shown, as others should open it. */
export function useCurrentPageUrl(): string {
  const location = useLocation()
  const publicUrl = useFrame()?.publicUrl ?? ''
  return `${publicUrl}${location.pathname}${location.search}`
}

export function SocialBarPanel() {
  const url = useCurrentPageUrl()
  const show = useUi((s) => s.show)
  if (!useFrame()?.socialLinks) return null
  return (
    <SidePanel panel="socialBar" title="Share" className="social-bar">
      <CopyLink url={url} />
      <ShareTargets url={url} />
      <div className="social-bar__more">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => show('socialShare')}
          data-panel-trigger="socialShare"
        >
          <PlayIcon />
          Follow
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => show('socialStream')}
          data-panel-trigger="socialStream"
        >
          <MusicIcon />
          Listen
        </button>
      </div>
    </SidePanel>
  )
}

/** The ways to share `url`: messaging apps, social networks, the short-text network and e-mail. */
export function ShareTargets({ url }: { url: string }) {
  const links = useFrame()?.socialLinks
  if (!links) return null
  return (
    <ul className="social-bar__targets">
      {links.share.map((target) => {
        const Icon = KIND_ICON[target.kind]
        const isMail = target.kind === 'email'
        return (
          <li key={target.name} className={target.hideOnMobile ? 'hide-on-mobile' : undefined}>
            <a
              className="share-action"
              href={shareHref(target, { url, invitation: links.invitation })}
              {...(isMail ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              <Icon />
              <span>{isMail ? 'Share by e-mail' : `Share on ${target.name}`}</span>
              {isMail ? null : <span className="visually-hidden"> (opens in a new tab)</span>}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
