// Our patch of React DOM's client renderer (patches/, docs/decisions/0017): running the module, as
// every first load does, makes no Error, so nothing asks V8 for a stack trace while the whole
// renderer is on the stack. The browser tests hydrate every page with this build.
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const builds = path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs')
const OriginalError = globalThis.Error

/** Runs a React DOM client build afresh, counting the Errors it makes (its dependencies already ran). */
function runCounting(build: 'production' | 'development') {
  for (const dependency of ['react', 'react-dom', 'scheduler']) require(dependency)
  const file = path.join(builds, `react-dom-client.${build}.js`)
  delete require.cache[file]
  let made = 0
  const counting: ErrorConstructor = new Proxy(OriginalError, {
    apply(target, thisArg, args) {
      made++
      return Reflect.apply(target, thisArg, args)
    },
    construct(target, args, newTarget): object {
      made++
      return Reflect.construct(target, args, newTarget === counting ? target : newTarget)
    },
  })
  globalThis.Error = counting
  try {
    require(file)
  } finally {
    globalThis.Error = OriginalError
  }
  return made
}

describe("React DOM's client renderer, patched", () => {
  it('makes no Error while its module runs', () => {
    expect(runCounting('production')).toBe(0)
  })

  it('is the build that does: the published development build makes its sentinels as Errors', () => {
    expect(runCounting('development')).toBeGreaterThan(0)
  })
})
