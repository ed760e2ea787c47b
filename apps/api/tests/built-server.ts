/**
 * The built production server (apps/api/dist/server.js) as a child process, for tests that need
 * the whole process as an operator runs it: configuration, storefront render and all.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('../../../', import.meta.url))
const serverJs = path.join(repo, 'apps/api/dist/server.js')

/** Builds API, storefront and back office unless all are there (scripts/test.mjs builds before the tests). */
export function ensureBuilt() {
  if (
    fs.existsSync(serverJs) &&
    fs.existsSync(path.join(repo, 'apps/web/build/server/index.js')) &&
    fs.existsSync(path.join(repo, 'apps/admin/build/client/index.html'))
  )
    return
  const result = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: 'ignore' })
  if (result.status !== 0) throw new Error('npm run build failed')
}

export interface BuiltServer {
  child: ReturnType<typeof spawn>
  exited: Promise<number | null>
  output: () => string
}

/** Starts the built server with these settings (a setting given as undefined is left unset). */
export function startServer(env: Record<string, string | undefined>, nodeArgs: string[] = []): BuiltServer {
  const child = spawn(process.execPath, [...nodeArgs, serverJs], {
    cwd: repo,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

/** The port the server says it listens on (start it with PORT=0). */
export async function waitForPort(server: Pick<BuiltServer, 'output' | 'exited'>): Promise<number> {
  for (let i = 0; i < 600; i++) {
    const match = /"address":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(server.output())
    if (match) return Number(match[1])
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`server did not start:\n${server.output()}`)
}
