// The raw limit the shop's add-to-cart is measured against (issue 13): node:http and
// better-sqlite3 in WAL mode with synchronous=NORMAL, statements prepared once, no framework.
// Create a cart; add a line = check the cart's token, read the price, take stock with one
// conditional UPDATE, insert the line, touch the cart, answer the cart with a computed total.
// Usage: node raw-server.mjs <sqlite file> <port>; prints "ready" when it listens.

import { randomBytes } from 'node:crypto'
import http from 'node:http'
import SQLite from 'better-sqlite3'

const [file, port] = process.argv.slice(2)
const db = new SQLite(file)
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')
db.exec(`
  create table if not exists stock (id integer primary key, price integer not null, on_hand integer not null, held integer not null default 0);
  create table if not exists carts (id integer primary key, token text not null, updated_at integer not null);
  create table if not exists lines (id integer primary key, cart_id integer not null, product_id integer not null, quantity integer not null, price integer not null);
  create index if not exists lines_cart on lines (cart_id);
  insert or ignore into stock (id, price, on_hand) values (1, 2990, 1000000000);
`)
const insertCart = db.prepare('insert into carts (token, updated_at) values (?, ?)')
const findCart = db.prepare('select id from carts where id = ? and token = ?')
const readPrice = db.prepare('select price from stock where id = ?')
const take = db.prepare('update stock set held = held + ? where id = ? and on_hand - held >= ?')
const insertLine = db.prepare('insert into lines (cart_id, product_id, quantity, price) values (?, ?, ?, ?)')
const touch = db.prepare('update carts set updated_at = ? where id = ?')
const linesOf = db.prepare('select id, product_id, quantity, price from lines where cart_id = ?')

const addLine = db.transaction((cartId, productId, quantity) => {
  const price = readPrice.get(productId)?.price
  if (price === undefined) return 404
  if (take.run(quantity, productId, quantity).changes === 0) return 422
  insertLine.run(cartId, productId, quantity, price)
  touch.run(Date.now(), cartId)
  return 201
})

function send(res, status, body) {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

http
  .createServer((req, res) => {
    const chunks = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url, 'http://raw')
      if (req.method === 'POST' && url.pathname === '/carts') {
        const token = randomBytes(24).toString('base64url')
        const id = Number(insertCart.run(token, Date.now()).lastInsertRowid)
        return send(res, 201, { id, token, lines: [], total: 0 })
      }
      const match = /^\/carts\/(\d+)\/lines$/.exec(url.pathname)
      if (req.method === 'POST' && match) {
        const cartId = Number(match[1])
        if (!findCart.get(cartId, url.searchParams.get('token') ?? ''))
          return send(res, 404, { message: 'no cart' })
        const { product_id, quantity } = JSON.parse(Buffer.concat(chunks).toString() || '{}')
        const status = addLine(cartId, product_id, quantity)
        if (status !== 201)
          return send(res, status, { message: 'Product is out of stock for requested quantity.' })
        const lines = linesOf.all(cartId)
        const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0)
        return send(res, 201, { id: cartId, lines, total })
      }
      send(res, 404, { message: 'not found' })
    })
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'))
