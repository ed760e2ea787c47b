// Page weight as a phone sees a first load: the scripts and stylesheets a page's HTML references
// (gzip sizes), how many stylesheets block the first paint, the styles it carries inline, and the
// HTML's own size. Used by `npm run bench`; also runnable alone against a running server:
// node scripts/page-weight.mjs <base>
import { gzipSync } from 'node:zlib'

/** Figures for one page of the server at `base`. */
export async function pageWeight(base, pathname) {
  const html = await (await fetch(base + pathname)).text()
  const references = (pattern) => [...new Set([...html.matchAll(pattern)].map((m) => m[1]))]
  // The entry's preload and what the page's module imports (apps/web/app/site/scripts-after-paint.server.ts).
  const scripts = references(/"(\/assets\/[^"]+\.js)"/g)
  // Stylesheets fetched: those linked and not disabled (a disabled link stands for its inline copy,
  // apps/web/app/site/first-paint-styles.server.ts). React Router links a stylesheet that a lazy
  // chunk also imports with a trailing '#'.
  const styleLinks = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)]
    .map((m) => m[0])
    .filter((link) => !/\sdisabled\b/.test(link))
  const styles = [
    ...new Set(styleLinks.map((link) => /href="(\/assets\/[^"]+\.css)#?"/.exec(link)?.[1]).filter(Boolean)),
  ]
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('')
  const blockingStyles = styleLinks.filter((link) => !/\bmedia="print"/.test(link)).length
  const gzip = async (files) => {
    let bytes = 0
    for (const file of files)
      bytes += gzipSync(Buffer.from(await (await fetch(base + file)).arrayBuffer())).length
    return bytes
  }
  return {
    page: pathname,
    jsFiles: scripts.length,
    jsGzipKiB: Number(((await gzip(scripts)) / 1024).toFixed(1)),
    cssFiles: styles.length,
    blockingStylesheets: blockingStyles,
    cssGzipKiB: Number(((await gzip(styles)) / 1024).toFixed(1)),
    inlineCssGzipKiB: Number((gzipSync(inlineCss).length / 1024).toFixed(1)),
    htmlKiB: Number((Buffer.byteLength(html) / 1024).toFixed(1)),
    htmlGzipKiB: Number((gzipSync(html).length / 1024).toFixed(1)),
  }
}

/** Home, /shop and the first product's page. */
export async function firstLoadWeights(base) {
  const products = await (await fetch(`${base}/wp-json/wc/v3/products?per_page=1`)).json()
  const pages = ['/', '/shop', ...(products[0] ? [`/product/${products[0].slug}`] : [])]
  const weights = []
  for (const page of pages) weights.push(await pageWeight(base, page))
  return weights
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await firstLoadWeights(process.argv[2] ?? 'http://127.0.0.1:3000'))
}
