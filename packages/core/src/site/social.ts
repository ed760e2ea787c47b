/**
 * The social links of spec 2 (social bar, social share popup, stream popup) as configuration:
 * an operator changes them with one JSON environment variable (SOCIAL_LINKS), never in code.
 * Share targets are address templates filled with the current page's URL and, for e-mail and
 * the short-text network, the fixed invitation text.
 */
import { z } from 'zod'

const webOrMailTemplate = z
  .string()
  .regex(/^(https:\/\/|mailto:)/, 'a share template must start with https:// or mailto:')

const shareTargetSchema = z.object({
  name: z.string().min(1),
  kind: z.enum(['messaging', 'social', 'short-text', 'email']),
  /** Address with {url}, {text} and {subject} placeholders, filled URL-encoded. */
  template: webOrMailTemplate,
  hideOnMobile: z.boolean().default(false),
})

const socialProfileSchema = z.object({
  name: z.string().min(1),
  kind: z.enum(['video', 'short-video', 'social']),
  url: z.url({ protocol: /^https$/ }),
})

const streamServiceSchema = z.object({
  name: z.string().min(1),
  url: z.url({ protocol: /^https$/ }),
})

export const socialLinksSchema = z.object({
  /** The fixed invitation carried by the e-mail share and the short-text post. */
  invitation: z.object({ subject: z.string().min(1), text: z.string().min(1) }),
  share: z.array(shareTargetSchema),
  profiles: z.array(socialProfileSchema),
  streams: z.array(streamServiceSchema),
})

export type ShareTarget = z.infer<typeof shareTargetSchema>
export type SocialProfile = z.infer<typeof socialProfileSchema>
type SocialLinks = z.infer<typeof socialLinksSchema>

export const DEFAULT_SOCIAL_LINKS: SocialLinks = {
  invitation: {
    subject: 'Join me in the official Dani Rocha shop',
    text: 'I found this in the official Dani Rocha shop and thought you would like it. Come and have a look:',
  },
  share: [
    { name: 'WhatsApp', kind: 'messaging', template: 'https://wa.me/?text={url}', hideOnMobile: false },
    {
      name: 'Telegram',
      kind: 'messaging',
      template: 'https://t.me/share/url?url={url}',
      hideOnMobile: true,
    },
    {
      name: 'Facebook',
      kind: 'social',
      template: 'https://www.facebook.com/sharer/sharer.php?u={url}',
      hideOnMobile: false,
    },
    {
      name: 'Reddit',
      kind: 'social',
      template: 'https://www.reddit.com/submit?url={url}',
      hideOnMobile: false,
    },
    {
      name: 'X',
      kind: 'short-text',
      template: 'https://x.com/intent/post?text={text}&url={url}',
      hideOnMobile: false,
    },
    {
      name: 'E-mail',
      kind: 'email',
      template: 'mailto:?subject={subject}&body={text}%20{url}',
      hideOnMobile: false,
    },
  ],
  profiles: [
    { name: 'YouTube', kind: 'video', url: 'https://www.youtube.com/@danirocha' },
    { name: 'TikTok', kind: 'short-video', url: 'https://www.tiktok.com/@danirocha' },
    { name: 'Instagram', kind: 'social', url: 'https://www.instagram.com/danirocha' },
    { name: 'Facebook', kind: 'social', url: 'https://www.facebook.com/danirocha' },
  ],
  streams: [
    { name: 'Spotify', url: 'https://open.spotify.com/search/dani%20rocha' },
    { name: 'Apple Music', url: 'https://music.apple.com/search?term=dani%20rocha' },
    { name: 'YouTube Music', url: 'https://music.youtube.com/search?q=dani%20rocha' },
    { name: 'Deezer', url: 'https://www.deezer.com/search/dani%20rocha' },
  ],
}

/**
 * Reads SOCIAL_LINKS: a JSON object whose keys (invitation, share, profiles, streams) each
 * replace the default; absent keys keep it. Throws with the first problem on invalid input.
 */
export function parseSocialLinks(json: string | undefined): SocialLinks {
  if (!json) return DEFAULT_SOCIAL_LINKS
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    throw new Error('is not valid JSON')
  }
  const parsed = socialLinksSchema.partial().strict().safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`${issue.path.join('.') || 'value'}: ${issue.message}`)
  }
  return { ...DEFAULT_SOCIAL_LINKS, ...parsed.data }
}

/** The address a share target opens for the given page. */
export function shareHref(target: ShareTarget, page: { url: string; invitation: SocialLinks['invitation'] }) {
  const values: Record<string, string> = {
    url: page.url,
    text: page.invitation.text,
    subject: page.invitation.subject,
  }
  return target.template.replace(/\{(url|text|subject)\}/g, (_, key: string) =>
    encodeURIComponent(values[key]!),
  )
}
