/**
 * A Redis of a test's own: `redis-server` on a loopback port, keeping nothing on disk. Tests that
 * need one skip where the machine has no `redis-server` (hasRedis), as the suite must pass there.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import net from 'node:net'

export const hasRedis = spawnSync('redis-server', ['--version']).status === 0

/** A loopback port nothing listens on (free when asked; a Redis may be started on it later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Starts `redis-server` on 127.0.0.1:`port`; resolves once it accepts connections. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ])
  await new Promise<void>((resolve, reject) => {
    redis.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve()
    })
    redis.on('exit', (code) => reject(new Error(`redis-server exited with ${code}`)))
  })
  return redis
}
