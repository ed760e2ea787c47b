// Reads kept per source for a while: one read per source and key within the time, none kept once
// it is over, a failure never kept, `forget` dropping a source's copies, keys named by keyOf, and a
// copy of another version of the data read again.
import { describe, expect, it } from 'vitest'
import { keptRead } from './kept-read.ts'

/** A read that counts its calls and answers `${key}#${call}`, failing for the key 'bad'. */
function countingRead(ms: number) {
  const calls: string[] = []
  const read = keptRead({ ms, sourceOf: (ctx: { db: object }) => ctx.db }, async (_ctx, key: string) => {
    calls.push(key)
    if (key === 'bad') throw new Error('no such row')
    return `${key}#${calls.length}`
  })
  return { read, calls }
}

describe('keptRead', () => {
  it('reads once per source and key while the copy is young', async () => {
    const { read, calls } = countingRead(60_000)
    const one = { db: {} }
    const other = { db: {} }
    expect(await Promise.all([read(one, 'a'), read(one, 'a'), read(one, 'b')])).toEqual(['a#1', 'a#1', 'b#2'])
    expect(await read(other, 'a')).toBe('a#3')
    expect(calls).toEqual(['a', 'b', 'a'])
  })

  it('reads again once the copy is as old as it may be', async () => {
    const { read, calls } = countingRead(0)
    const ctx = { db: {} }
    await read(ctx, 'a')
    await read(ctx, 'a')
    expect(calls).toEqual(['a', 'a'])
  })

  it('keeps no failure, and forgets a handle on request', async () => {
    const { read, calls } = countingRead(60_000)
    const ctx = { db: {} }
    await expect(read(ctx, 'bad')).rejects.toThrow('no such row')
    await expect(read(ctx, 'bad')).rejects.toThrow('no such row')
    expect(await read(ctx, 'a')).toBe('a#3')
    read.forget(ctx)
    expect(await read(ctx, 'a')).toBe('a#4')
    expect(calls).toEqual(['bad', 'bad', 'a', 'a'])
  })

  it('keeps a copy under the key keyOf names, whatever else the argument carries', async () => {
    const tokens: string[] = []
    const read = keptRead(
      { ms: 60_000, sourceOf: (ctx: { api: object }) => ctx.api, keyOf: () => 'menu' },
      async (_ctx, token: string) => {
        tokens.push(token)
        return `menu read with ${token}`
      },
    )
    const ctx = { api: {} }
    expect(await read(ctx, 'first')).toBe('menu read with first')
    expect(await read(ctx, 'second')).toBe('menu read with first')
    expect(tokens).toEqual(['first'])
  })

  it('reads again, however young its copy, once the data has another version', async () => {
    let reads = 0
    const read = keptRead(
      {
        ms: 60_000,
        sourceOf: (ctx: { api: object; version: string }) => ctx.api,
        versionOf: (ctx) => ctx.version,
      },
      async () => `categories #${++reads}`,
    )
    const api = {}
    expect(await read({ api, version: '1' })).toBe('categories #1')
    expect(await read({ api, version: '1' })).toBe('categories #1')
    expect(await read({ api, version: '2' })).toBe('categories #2')
    expect(await read({ api, version: '2' })).toBe('categories #2')
  })
})
