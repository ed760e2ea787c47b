// The demo folder stays out of the domains: only the server start, the seed CLI, tests and the back
// office's test helpers (which log the demo staff in) may import it, so no domain module grows a dependency on demo data or its generators.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '..')
const ALLOWED = new Set([
  'server.ts',
  path.join('cli', 'seed.ts'),
  path.join('testing', 'test-app.ts'),
  path.join('admin', 'testing.ts'),
])

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

describe('the demo folder', () => {
  it('is imported by no domain module', () => {
    const offenders = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file))
      .filter(
        (file) => !file.startsWith(`demo${path.sep}`) && !file.endsWith('.test.ts') && !ALLOWED.has(file),
      )
      .filter((file) => /from '[./]+\/demo\//.test(fs.readFileSync(path.join(SRC, file), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('finds the importers it allows, so the check above looks at real imports', () => {
    expect(fs.readFileSync(path.join(SRC, 'server.ts'), 'utf8')).toMatch(/from '\.\/demo\/seed\.ts'/)
  })
})
