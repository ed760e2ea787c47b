/**
 * Every piece of editorial HTML passes through here on the way into the database and again on
 * the way out of the API, so no script, event handler or javascript: URL ever reaches a page,
 * whatever was stored. Titles and other short texts keep no markup at all. Sanitising is a pure
 * function of the text, and every page reads the same stored texts again: each result is
 * remembered by its text (within a bounded number of characters), so it is computed once.
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

/** How many characters of texts and results each sanitiser keeps: the editorial content several times over. */
const REMEMBERED_CHARACTERS = 2_000_000

/**
 * `clean` remembered by its input, up to `limit` characters of texts and results; the texts
 * remembered longest are forgotten first.
 */
export function remembered(
  clean: (text: string) => string,
  limit = REMEMBERED_CHARACTERS,
): (text: string) => string {
  const results = new Map<string, string>()
  let characters = 0
  return (text) => {
    const known = results.get(text)
    if (known !== undefined) return known
    const result = clean(text)
    const size = text.length + result.length
    if (size > limit) return result
    for (const [oldest, value] of results) {
      if (characters + size <= limit) break
      results.delete(oldest)
      characters -= oldest.length + value.length
    }
    results.set(text, result)
    characters += size
    return result
  }
}

/** Rich text (paragraphs, headings, lists, quotes, links) with everything else removed. */
export const sanitizeRichText = remembered((html) => sanitizeHtml(html, RICH_TEXT).trim())

/**
 * A link target that is safe in an href: a path on this site, or an http(s), mailto or tel
 * address. Anything else (javascript:, data:, protocol-relative) becomes the home page. It is
 * judged as a browser reads it, without the tabs and line breaks its URL parser drops, so
 * "/\t/evil.example" cannot pass as a path and open as "//evil.example".
 */
export function sanitizeUrl(url: string): string {
  const trimmed = url.replace(/[\t\n\r]/g, '').trim()
  return /^(https?:|mailto:|tel:)/i.test(trimmed) || /^\/(?![/\\])/.test(trimmed) ? trimmed : '/'
}

/** Text with every tag removed; `&`, `<` and `>` stay escaped, as WordPress renders titles. */
export const sanitizePlainText = remembered((text) => sanitizeHtml(text, NO_MARKUP).trim())
