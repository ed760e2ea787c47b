// The baseline the bench reads Lighthouse's figures against (issue 15): each page as the shop
// serves it, with every script and module preload taken out, from a loopback server that passes
// every other request (pictures, fonts, assets) through to the shop. What Lighthouse measures on
// it is what the machine and Chrome cost before any of the page's code runs: on a slow or shared
// machine even this copy's simulated TBT is far from zero, so the shop's figures are read beside it.
import http from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { freePort } from '../lib.mjs'

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g
const PRELOAD = /<link\b[^>]*\brel="(?:modulepreload|x-after-paint)"[^>]*>/g

/** The page's HTML without its scripts: what a browser paints before any of them runs. */
function withoutScripts(html) {
  return html.replace(SCRIPT, '').replace(PRELOAD, '')
}

/** Starts the copy of `pages` of the shop at `base`; answers its address and how to stop it. */
export async function startScriptlessCopy(base, pages) {
  // Compressed as the shop's page cache keeps its pages (brotli at quality 8, else gzip), so that
  // the two weigh alike in Lighthouse's simulated network.
  const copies = new Map()
  for (const page of pages) {
    const html = Buffer.from(
      withoutScripts(await (await fetch(base + page, { headers: { accept: 'text/html' } })).text()),
    )
    copies.set(page, {
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 8 } }),
      gzip: gzipSync(html),
    })
  }
  const shop = new URL(base)
  const server = http.createServer((req, res) => {
    const copy = copies.get(req.url)
    if (copy !== undefined) {
      const encoding = /\bbr\b/.test(req.headers['accept-encoding'] ?? '') ? 'br' : 'gzip'
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': encoding,
        'cache-control': 'no-store',
      })
      return res.end(copy[encoding])
    }
    const forwarded = http.request(
      { host: shop.hostname, port: shop.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forwarded.on('error', () => res.destroy())
    req.pipe(forwarded)
  })
  const port = await freePort()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  }
}
