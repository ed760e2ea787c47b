import type { AddressInfo } from 'node:net'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/test-app.ts'

// A request must arrive whole within the request timeout (REQUEST_TIMEOUT_MS, shortened here):
// one whose body trickles in is answered 408 and its connection closed, so that slow clients
// cannot hold the server's connections open for ever.
describe('a request that does not arrive in time', () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await createTestApp({ seed: false, requestTimeoutMs: 400 })
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    port = (t.app.server.address() as AddressInfo).port
  })
  afterAll(() => t.close())

  it('is answered 408 with a message, and its connection closed', async () => {
    const socket = net.connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk
    })
    const closed = new Promise((resolve) => socket.on('close', resolve))
    socket.write(
      'POST /api/v1/orders.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    )
    // A byte of the body every 50 ms: 100 bytes would take 5 s.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 50)
    await closed
    clearInterval(trickle)
    const [head, body] = received.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 408 /)
    expect(JSON.parse(body!)).toEqual({ statusCode: 408, message: 'The request took too long to arrive.' })
  })
})
