/**
 * Product descriptions are HTML (as in WooCommerce), cleaned when they are written so that
 * reading them stays cheap: only text formatting, lists and safe links survive.
 */
import sanitizeHtml from 'sanitize-html'

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a', 'h3', 'h4'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['https', 'mailto'],
}

export function cleanProductHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS)
}
