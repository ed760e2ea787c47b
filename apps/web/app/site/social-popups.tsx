/**
 * The social share popup (the figure's video, short-video and social profiles) and the stream
 * popup (music streaming services) of spec 2, as centred dialogs; addresses from SOCIAL_LINKS.
 * Their lists are also the /share page's (site/routes/share.tsx).
 */
import type { SocialProfile } from '@fanshop/core'
import { SITE_NAME } from './brand.ts'
import { ExternalIcon } from './icons.tsx'
import { SidePanel } from './side-panel.tsx'
import { useFrame } from './use-frame.ts'

const PROFILE_GROUPS: { kind: SocialProfile['kind']; title: string }[] = [
  { kind: 'video', title: 'Videos' },
  { kind: 'short-video', title: 'Short videos' },
  { kind: 'social', title: 'Social' },
]

function ExternalLink({ href, name }: { href: string; name: string }) {
  return (
    <a className="share-action" href={href} target="_blank" rel="noopener noreferrer">
      <span>{name}</span>
      <ExternalIcon />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

export function SocialSharePopup() {
  return (
    <SidePanel panel="socialShare" title={`Follow ${SITE_NAME}`} side="center" className="social-popup">
      <ProfileGroups />
    </SidePanel>
  )
}

export function SocialStreamPopup() {
  return (
    <SidePanel panel="socialStream" title="Listen on" side="center" className="social-popup">
      <StreamLinks />
    </SidePanel>
  )
}

/** The figure's profiles, by kind: what the share popup holds. */
export function ProfileGroups() {
  const profiles = useFrame()?.socialLinks.profiles ?? []
  return PROFILE_GROUPS.map((group) => {
    const inGroup = profiles.filter((p) => p.kind === group.kind)
    if (inGroup.length === 0) return null
    return (
      <section key={group.kind} className="social-popup__group">
        <h3>{group.title}</h3>
        <ul>
          {inGroup.map((profile) => (
            <li key={profile.url}>
              <ExternalLink href={profile.url} name={profile.name} />
            </li>
          ))}
        </ul>
      </section>
    )
  })
}

/** The music streaming services: what the stream popup holds. */
export function StreamLinks() {
  const streams = useFrame()?.socialLinks.streams ?? []
  return (
    <ul>
      {streams.map((service) => (
        <li key={service.url}>
          <ExternalLink href={service.url} name={service.name} />
        </li>
      ))}
    </ul>
  )
}
