/**
 * Raw bytes to a listening server, for what Node or Fastify answer before any route (a malformed
 * URL, a head too large, bytes that are not HTTP): the status, headers and body written back.
 */
import net from 'node:net'

export interface RawAnswer {
  statusCode: number
  /** Header names in lower case. */
  headers: Record<string, string>
  body: string
}

/** Sends `request` as it is on a connection of its own and reads the answer until the server closes it. */
export function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let response = ''
    socket.on('data', (chunk) => {
      response += chunk.toString('latin1')
    })
    socket.on('error', reject)
    socket.on('close', () => {
      const [head = '', ...rest] = response.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      )
      resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    })
    socket.end(request)
  })
}
