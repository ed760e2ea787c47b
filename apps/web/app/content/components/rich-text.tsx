/**
 * Editorial HTML from the content API. The API sanitises it on the way in and on the way out
 * (no script, handler or javascript: link survives), so it is inserted as it comes.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html) return null
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the content API (apps/api/src/content/sanitize.ts)
  return <div className={`rich-text ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />
}
