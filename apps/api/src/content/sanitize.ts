/**
 * Every piece of editorial HTML passes through here on the way into the database and again on
 * the way out of the API, so no script, event handler or javascript: URL ever reaches a page,
 * whatever was stored. Titles and other short texts keep no markup at all.
 */
import sanitizeHtml from 'sanitize-html'

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'cite',
    'q',
    'ul',
    'ol',
    'li',
    'a',
    'figure',
    'figcaption',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand the new page a handle on ours.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : {
            tagName,
            attribs: Object.fromEntries(Object.entries(attribs).filter(([name]) => name !== 'target')),
          },
  },
}

const NO_MARKUP: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} }

/** Rich text (paragraphs, headings, lists, quotes, links) with everything else removed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim()
}

/**
 * A link target that is safe in an href: a path on this site, or an http(s), mailto or tel
 * address. Anything else (javascript:, data:, protocol-relative) becomes the home page.
 */
export function sanitizeUrl(url: string): string {
  const trimmed = url.trim()
  return /^(https?:|mailto:|tel:)/i.test(trimmed) || /^\/(?![/\\])/.test(trimmed) ? trimmed : '/'
}

/** Text with every tag removed; `&`, `<` and `>` stay escaped, as WordPress renders titles. */
export function sanitizePlainText(text: string): string {
  return sanitizeHtml(text, NO_MARKUP).trim()
}
