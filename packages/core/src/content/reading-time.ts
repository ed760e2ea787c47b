/** How long an article takes to read, shown beside stories, posts and feed articles. */

/** Minutes a fan needs to read a text, at 220 words a minute (at least 1). */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.round(words / 220))
}
