// Every dependency the lock marks as running an install script is approved by name in
// package.json's allowScripts: npm 12 skips the scripts of any other, and a fresh clone would then
// install better-sqlite3 without its native module, with nothing said until the first query.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'))

it('approves the install script of every dependency in the lock that has one', () => {
  const { allowScripts = {} } = readJson('package.json')
  const { packages } = readJson('package-lock.json')
  const withScripts = Object.entries(packages)
    .filter(([where, entry]) => where.includes('node_modules/') && entry.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length))
  expect(withScripts).toContain('better-sqlite3')
  const unapproved = [...new Set(withScripts)].filter((name) => allowScripts[name] !== true)
  expect(unapproved).toEqual([])
})
