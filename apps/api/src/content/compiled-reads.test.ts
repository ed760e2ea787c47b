/**
 * The content reads of every home render (issue 15) are compiled once: the five lists with their
 * relations and the feed terms, read a second time, compile no query; and they answer as before.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp, testDialect } from '../../tests/test-app.ts'
import { listContent } from './read.ts'
import { listFeedTerms } from './terms.ts'

describe(`home's content reads on ${testDialect}`, () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const readHome = (now: number) =>
    Promise.all([
      listContent(t.ctx.db, 'home_blocks', { page: 1, perPage: 100 }, now),
      listContent(t.ctx.db, 'feed', { page: 1, perPage: 100 }, now),
      listContent(t.ctx.db, 'feed', { page: 1, perPage: 4 }, now),
      listContent(t.ctx.db, 'music', { page: 1, perPage: 1 }, now),
      listContent(t.ctx.db, 'lookbooks', { page: 1, perPage: 1 }, now),
      listContent(t.ctx.db, 'stories', { page: 1, perPage: 1 }, now),
      listFeedTerms(t.ctx.db, { page: 1, perPage: 100 }),
    ])

  it('compiles no query when read again, and answers the same', async () => {
    const first = await readHome(Date.now())
    const compile = vi.spyOn(t.ctx.db.getExecutor(), 'compileQuery')
    try {
      const second = await readHome(Date.now())
      expect(compile).not.toHaveBeenCalled()
      expect(second).toEqual(first)
    } finally {
      compile.mockRestore()
    }
  })

  it('reads the terms a slug names', async () => {
    const { terms } = await listFeedTerms(t.ctx.db, { page: 1, perPage: 100 })
    const picked = [terms[1]!.slug, terms[0]!.slug]
    const named = await listFeedTerms(t.ctx.db, { page: 1, perPage: 100, slugs: picked })
    expect(named.total).toBe(2)
    expect(named.terms.map((term) => term.id)).toEqual([terms[0]!.id, terms[1]!.id])
  })
})
