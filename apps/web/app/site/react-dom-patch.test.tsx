// Our patch of React DOM's server renderer for Node (patches/, docs/decisions/0016) changes how the
// page's text reaches the destination, never what it is. React DOM's development build is left as
// published, so it is the reference: both render the same pages, whole and streamed, and must
// write the same bytes.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Writable } from 'node:stream'
import { lazy, type ReactNode, Suspense } from 'react'
import type * as ReactDomServer from 'react-dom/server'
import { describe, expect, it } from 'vitest'

type Server = Pick<typeof ReactDomServer, 'renderToPipeableStream' | 'renderToReadableStream'>
const require = createRequire(import.meta.url)
const builds = path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs')
const buildFile = (build: string) => path.join(builds, `react-dom-server.node.${build}.js`)
const patched: Server = require(buildFile('production'))
const published: Server = require(buildFile('development'))

/** What a render wrote to its destination: each write as it came, as text. */
interface Written {
  writes: string[]
  html: string
}

/**
 * Renders `page` into a Node writable as entry.server.tsx does. `whole`: once all is ready (every
 * visitor gets the whole page); otherwise from the shell on, as a streaming app would.
 */
function renderPiped(server: Server, page: ReactNode, whole: boolean): Promise<Written> {
  return new Promise((resolve, reject) => {
    const writes: string[] = []
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        writes.push(chunk.toString('utf8'))
        callback()
      },
      final(callback) {
        resolve({ writes, html: writes.join('') })
        callback()
      },
    })
    const stream = server.renderToPipeableStream(page, {
      nonce: 'n0nce',
      progressiveChunkSize: whole ? Number.POSITIVE_INFINITY : undefined,
      onAllReady: () => whole && stream.pipe(destination),
      onShellReady: () => whole || stream.pipe(destination),
      onShellError: reject,
    })
  })
}

async function renderWebStream(server: Server, page: ReactNode): Promise<string> {
  const stream = await server.renderToReadableStream(page, { nonce: 'n0nce' })
  await stream.allReady
  return new Response(stream).text()
}

/** A part that is ready only after `ms`: the renderer sends the shell first, then this. */
function later(ms: number, content: ReactNode) {
  const Part = lazy(
    () =>
      new Promise<{ default: () => ReactNode }>((done) =>
        setTimeout(() => done({ default: () => content }), ms),
      ),
  )
  return <Part />
}

const words = ['Camiseta', 'naïve', 'Grüße', '日本語', '😀 drop', '<b>&"\'', '\u2028', 'ß'.repeat(3)]
const word = (i: number): string => words[i % words.length] ?? ''
const longText = Array.from({ length: 3000 }, (_, i) => word(i)).join(' ')

const smallPage = () => (
  <html lang="en">
    <head>
      <title>Tee</title>
    </head>
    <body>
      <p>Hello</p>
    </body>
  </html>
)

const catalogue = () => (
  <html lang="es">
    <head>
      <meta charSet="utf-8" />
      <title>Tienda — ñandú 🛍️</title>
      <link rel="stylesheet" href="/assets/a.css" precedence="default" />
      <style>{'.card{color:red}'}</style>
    </head>
    <body>
      <ul>
        {Array.from({ length: 400 }, (_, i) => `item-${i}`).map((id, i) => (
          <li key={id} className={`card c${i}`} data-id={i} aria-label={word(i)}>
            <a href={`/product/${i}?q=${encodeURIComponent(word(i))}`}>{word(i)}</a>
            <input type="number" defaultValue={i} min={0} max={9} readOnly />
            <img src={`/media/${i}/320.webp`} alt="" width={320} height={400} loading="lazy" />
          </li>
        ))}
      </ul>
      <script>{`window.x=${JSON.stringify(words)}`}</script>
    </body>
  </html>
)

const longTexts = () => (
  <div>
    <p>{longText}</p>
    <p>{longText.repeat(8)}</p>
    <pre>{'𝄞'.repeat(5000)}</pre>
  </div>
)

const afterTheShell = () => (
  <main>
    <h1>Drop</h1>
    <Suspense fallback={<p>Loading…</p>}>{later(5, <p>{longText}</p>)}</Suspense>
    <Suspense fallback={<p>Loading 2…</p>}>
      {later(
        15,
        <section>
          {words.map((w) => (
            <span key={w}>{w}</span>
          ))}
        </section>,
      )}
      <Suspense fallback={<i>inner</i>}>{later(25, <b>Ünïcode inner</b>)}</Suspense>
    </Suspense>
  </main>
)

const pages: [string, () => ReactNode][] = [
  ['a small page', smallPage],
  ['a catalogue of many small parts, text beyond ASCII among them', catalogue],
  ['texts longer than any buffer, with characters of every width', longTexts],
  ['parts that arrive after the shell', afterTheShell],
]

describe("React DOM's patched server renderer for Node", () => {
  it('is the one installed (npm ci applies patches/)', () => {
    expect(fs.readFileSync(buildFile('production'), 'utf8')).toContain('fanshop patch (docs/decisions/0016)')
    expect(fs.readFileSync(buildFile('development'), 'utf8')).not.toContain('fanshop patch')
  })

  for (const [name, page] of pages) {
    it(`writes ${name} as the published renderer does, whole and streamed`, async () => {
      for (const whole of [true, false]) {
        const [ours, theirs] = [
          await renderPiped(patched, page(), whole),
          await renderPiped(published, page(), whole),
        ]
        expect(ours.html).toBe(theirs.html)
        expect(ours.html.length).toBeGreaterThan(10)
      }
      expect(await renderWebStream(patched, page())).toBe(await renderWebStream(published, page()))
    })
  }

  it('still sends the shell before a part that is not ready yet', async () => {
    const { writes } = await renderPiped(patched, afterTheShell(), false)
    expect(writes[0]).toContain('Loading…')
    expect(writes[0]).not.toContain('Ünïcode inner')
    expect(writes.join('')).toContain('Ünïcode inner')
  })

  it('hands the destination its text in a piece or two instead of a 4 KB piece at a time', async () => {
    const whole = await renderPiped(patched, catalogue(), true)
    expect(Buffer.byteLength(whole.html)).toBeGreaterThan(40_000)
    // The page, then its closing </body></html>, which React writes after the rest is complete.
    expect(whole.writes).toHaveLength(2)
  })
})
