import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test } from '../../tests/content-fixtures.ts'

test('a script stored in a post never reaches the page', async ({ page }) => {
  // Write straight into the server's database, past the sanitiser on the way in, as a
  // compromised editor account or a bad import could.
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? './data-e2e', 'shop.sqlite'))
  const now = Date.now()
  const slug = `hostile-${now}`
  const { lastInsertRowid } = db
    .prepare(
      `insert into content_items (type, parent_id, slug, status, title, content, excerpt, featured_media, menu_order, date, modified, fields)
       values ('post', null, ?, 'publish', ?, ?, ?, null, 0, ?, ?, ?)`,
    )
    .run(
      slug,
      'Derby recap<script>window.__pwned = 1</script>',
      '<p onclick="window.__pwned = 2">Two goals.<script>window.__pwned = 3</script></p><img src="x" onerror="window.__pwned = 4"><a href="javascript:window.__pwned = 5">replay</a>',
      '<p>Recap</p>',
      now - 10 * 24 * 60 * 60 * 1000,
      now,
      JSON.stringify({ author_name: 'Matchday desk' }),
    )
  db.close()

  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(`/posts/${lastInsertRowid}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Derby recap' })).toBeVisible()
  await expect(page.getByText('Two goals.')).toBeVisible()
  const body = page.locator('.article__body')
  await expect(body.locator('script, img, [onclick]')).toHaveCount(0)
  await expect(body.getByText('replay')).not.toHaveAttribute('href', /.+/)
  await body.getByText('Two goals.').click()
  expect(await page.evaluate(() => (window as Window & { __pwned?: number }).__pwned)).toBeUndefined()
  expect(await page.content()).not.toContain('__pwned')
  expect(dialogs).toEqual([])
})
