import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { bySlug, type contentOf, expect, test } from '../../tests/content-fixtures.ts'

/** Every content route answers 200, draws its own content and carries its title, description and absolute Open Graph image. */
async function open(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w{3}/)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\w/)
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content')
  expect(ogImage, `og:image of ${path}`).toMatch(/^https?:\/\/[^/]+\/media\/\d+\//)
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { name, exact: typeof name === 'string' })

test.describe('home and its variants', () => {
  test('/ shows the newest release as its hero and ways into the site', async ({ page }) => {
    await open(page, '/')
    await expect(heading(page, 'Extra Time (Live on Tour)')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Listen now' })).toHaveAttribute('href', /^\/music\/\d+$/)
    await expect(page.getByRole('complementary', { name: 'Latest update' })).toContainText('Out now')
    await expect(page.getByRole('link', { name: /Lookbook Extra Time: Autumn\/Winter/ })).toBeVisible()
    await expect(page).toHaveTitle(/^Dani Rocha$/)
  })

  test('/index-2 opens with the wordmark and lists the latest items by number', async ({ page }) => {
    await open(page, '/index-2')
    await expect(page.getByText('Number 9 on the pitch. Lead vocals on the stage.')).toBeVisible()
    await expect(heading(page, 'Latest')).toBeVisible()
    await expect(page.locator('.numbered li')).toHaveCount(6)
  })

  test('/home shows the feed with its filter box and side bar @phone', async ({ page }) => {
    await open(page, '/home')
    await expect(heading(page, 'From the pitch and the stage')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'What are you into?' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Next up' })).toContainText(
      'League match at the home ground',
    )
    await expect(heading(page, 'Derby day, 78th minute')).toBeVisible()
  })

  test('/home/{topic} narrows the home to one topic; the filter box marks it', async ({ page }) => {
    await open(page, '/home/foundation')
    await expect(heading(page, 'Foundation').first()).toBeVisible()
    await expect(
      page
        .getByRole('link', { name: /^Foundation/, exact: false })
        .and(page.locator('[aria-current="page"]')),
    ).toBeVisible()
    await expect(heading(page, 'Pitch number five, first evening')).toBeVisible()
    await expect(heading(page, 'Derby day, 78th minute')).toHaveCount(0)
    await page.getByRole('link', { name: /^Studio/ }).click()
    await expect(page).toHaveURL(/\/home\/studio$/)
    await expect(heading(page, 'The kit man who ran the mixing desk')).toBeVisible()
  })

  test('on a phone the home topics fold away behind a toggle that stays as the fan left it @phone-only', async ({
    page,
  }) => {
    await page.goto('/home')
    const topics = page.getByRole('navigation', { name: 'What are you into?' })
    await expect(topics.getByRole('button', { name: 'Show topics' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await expect(topics.getByRole('link', { name: /^Studio/ })).toBeHidden()
    await topics.getByRole('button', { name: 'Show topics' }).click()
    await expect(topics.getByRole('button', { name: 'Hide topics' })).toHaveAttribute('aria-expanded', 'true')
    await topics.getByRole('link', { name: /^Studio/ }).click()
    await expect(page).toHaveURL(/\/home\/studio$/)
    await expect(heading(page, 'The kit man who ran the mixing desk')).toBeVisible()
    await expect(topics.getByRole('link', { name: /^Studio/ })).toHaveAttribute('aria-current', 'page')
    await expect(topics.getByRole('button', { name: 'Hide topics' })).toBeVisible()
  })

  const variants: Array<[string, string]> = [
    ['/home/home-2', 'The timeline'],
    ['/home/home-body', 'Pick your lane'],
    ['/home/setup2', 'The wall'],
    ['/home/setup3', 'Swipe through the latest'],
    ['/home_old', 'Dani Rocha'],
    ['/home-scroled', 'Keep scrolling'],
  ]
  for (const [path, title] of variants) {
    test(`${path} lays the same home out its own way`, async ({ page }) => {
      await open(page, path)
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeAttached()
      await expect(
        page.getByText('Every night felt like a cup final with a drum kit.').first(),
      ).toBeAttached()
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/home$/)
    })
  }

  test('/home/home-body has a row per topic', async ({ page }) => {
    await open(page, '/home/home-body')
    for (const topic of ['Matchday', 'Studio', 'On tour', 'Style', 'Foundation']) {
      await expect(heading(page, topic)).toBeVisible()
    }
  })
})

test.describe('feed', () => {
  test('/feed shows a tile per topic, each leading to its items', async ({ page }) => {
    await open(page, '/feed')
    await page.getByRole('link', { name: /^Style \d+ items$/ }).click()
    await expect(page).toHaveURL(/\/feed\/layout\?taxonomy=style$/)
    await expect(heading(page, 'Four hundred sketches, one tee')).toBeVisible()
    await expect(heading(page, 'Porto, night one')).toHaveCount(0)
  })

  const feedLayouts: Array<[string, string]> = [
    ['/feed/layout', 'Grid'],
    ['/feed/layout2', 'Timeline'],
    ['/feed/layout3', 'Magazine'],
  ]
  for (const [path, layout] of feedLayouts) {
    test(`${path} shows the feed as a ${layout.toLowerCase()}`, async ({ page }) => {
      await open(page, path)
      await expect(
        page.getByRole('navigation', { name: 'Feed layout' }).getByRole('link', { name: layout }),
      ).toHaveAttribute('aria-current', 'page')
      await expect(heading(page, 'The kit man who ran the mixing desk')).toBeVisible()
      await expect(page).toHaveTitle(new RegExp(`Feed · ${layout}`))
    })
  }

  test('/feed/article/{id} shows a feed article in full', async ({ page, request }) => {
    const article = await bySlug(request, 'feed', 'kit-man-engineer')
    await open(page, `/feed/article/${article.id}`)
    await expect(heading(page, 'The kit man who ran the mixing desk')).toBeVisible()
    await expect(
      page.getByText('He is credited on Offside Sessions as assistant engineer', { exact: false }),
    ).toBeVisible()
    await expect(heading(page, 'More from the feed')).toBeVisible()
  })
})

test.describe('stories', () => {
  test('/story lists the stories; a story shows its chapters; a chapter leads on', async ({
    page,
    request,
  }) => {
    await open(page, '/story')
    await page.getByRole('link', { name: /Ninety Minutes/ }).click()
    await expect(page).toHaveURL(/\/story\/details\?story=ninety-minutes$/)
    await expect(heading(page, 'Chapters')).toBeVisible()
    await page.getByRole('link', { name: /Derby week/ }).click()
    const derby = await bySlug(request, 'articles', 'derby-week')
    await expect(page).toHaveURL(new RegExp(`/story/article/${derby.id}$`))
    await expect(page.getByText('Chapter 2 of 4')).toBeVisible()
    await page.getByRole('link', { name: /Next chapter/ }).click()
    await expect(heading(page, 'The injury')).toBeVisible()
  })

  test('/story/details without a story shows the newest one', async ({ page }) => {
    await open(page, '/story/details')
    await expect(heading(page, 'Ninety Minutes')).toBeVisible()
    await expect(page.getByText('A season told from the dressing room')).toBeVisible()
  })

  test('/story/article/{id} shows the chapter with its story', async ({ page, request }) => {
    const article = await bySlug(request, 'articles', 'music-room-number-one')
    await open(page, `/story/article/${article.id}`)
    await expect(heading(page, 'Music room number one')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Barrio First', exact: true })).toBeVisible()
  })
})

test.describe('lookbooks', () => {
  test('/lookbook lists the lookbooks and links the six layouts', async ({ page }) => {
    await open(page, '/lookbook')
    await expect(page.getByRole('link', { name: /Training Ground Essentials/ })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'The newest lookbook, six ways' }).getByRole('link'),
    ).toHaveCount(7)
  })

  const layouts = ['Full frame', 'Split', 'Mosaic', 'Filmstrip', 'Collage', 'Spread']
  for (const [i, name] of layouts.entries()) {
    const path = `/lookbook-0${i + 1}`
    test(`${path} stages the newest lookbook as ${name.toLowerCase()}`, async ({ page }) => {
      await open(page, path)
      await expect(page.getByText(`Layout 0${i + 1}: ${name}`)).toBeVisible()
      await expect(page.locator(`section.setup--layout-${i + 1}`)).toHaveCount(6)
      await expect(heading(page, 'Tunnel walk')).toBeVisible()
    })
  }

  test('/lookbook/feed shows every look, each leading to its scene', async ({ page }) => {
    await open(page, '/lookbook/feed')
    await expect(heading(page, 'Every look, one feed')).toBeVisible()
    await expect(page.locator('.look').first()).toHaveAttribute('href', /^\/lookbook\/[a-z-]+#setup-\d+$/)
  })

  test('/lookbook/{slug} shows each setup with the products worn in it, linking to their pages', async ({
    page,
    request,
  }) => {
    const lookbook = await bySlug(request, 'lookbooks', 'extra-time-autumn-winter')
    await open(page, '/lookbook/extra-time-autumn-winter')
    await expect(heading(page, 'Extra Time: Autumn/Winter')).toBeVisible()
    const tunnel = page.getByRole('region', { name: 'Tunnel walk' })
    const productIds = lookbook.setups[0]!.product_ids
    expect(productIds.length).toBeGreaterThan(0)
    const productLinks = tunnel.getByRole('region', { name: 'Products in Tunnel walk' }).getByRole('link')
    await expect(productLinks).toHaveCount(productIds.length)
    const href = await productLinks.first().getAttribute('href')
    expect(href).toMatch(/^\/product\/[a-z0-9-]+$/)
    await productLinks.first().click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
  })
})

test.describe('music, posts and pages', () => {
  test('/music lists the releases; each leads to its page', async ({ page }) => {
    await open(page, '/music')
    await page.getByRole('link', { name: /Golden Boot/ }).click()
    await expect(heading(page, 'Golden Boot')).toBeVisible()
    await expect(page.locator('.release .eyebrow')).toContainText('Single')
  })

  test('/music/{id} shows the cover, the player, the video and where to stream it', async ({
    page,
    request,
  }) => {
    const album = await bySlug(request, 'music', 'offside-sessions')
    await open(page, `/music/${album.id}`)
    await expect(heading(page, 'Offside Sessions')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Track list' }).getByRole('button')).toHaveCount(11)
    const video = page.locator('video')
    await expect(video).toHaveAttribute('poster', /^\/media\/\d+\//)
    await expect(video.locator('source')).toHaveAttribute('type', 'video/mp4')
    await expect(page.getByRole('link', { name: /Spotify/ })).toHaveAttribute(
      'href',
      /^https:\/\/open\.spotify\.com\//,
    )
  })

  test('/posts/{id} shows a post in full; /posts lists them', async ({ page, request }) => {
    const post = await bySlug(request, 'posts', 'foundation-opens-fifth-pitch')
    await open(page, `/posts/${post.id}`)
    await expect(heading(page, 'The foundation opens its fifth open pitch')).toBeVisible()
    await expect(page.getByText('Foundation team ·')).toBeVisible()
    await open(page, '/posts')
    await expect(page.getByRole('link', { name: /Offside Sessions is out now/ })).toBeVisible()
  })

  test('/posts/feed/{id} shows the posts of one topic in full', async ({ page, request }) => {
    const terms = await contentOfTerms(request)
    const style = terms.find((t) => t.slug === 'style')!
    await open(page, `/posts/feed/${style.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Style' })).toBeVisible()
    await expect(heading(page, 'The Extra Time drop lands on 29 October')).toBeVisible()
    await expect(page.getByText('got four hundred sketches', { exact: false })).toBeVisible()
    await expect(heading(page, 'Offside Sessions is out now')).toHaveCount(0)
  })

  test('/terms-and-conditions and /page/{slug} show the agreements with a back button', async ({ page }) => {
    await open(page, '/terms-and-conditions')
    await expect(heading(page, 'Terms and conditions')).toBeVisible()
    await expect(page.getByText('reserve it for you for one hour', { exact: false })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible()
    await open(page, '/page/shipping-and-returns')
    await expect(heading(page, 'Shipping and returns')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Privacy policy' }).last()).toHaveAttribute(
      'href',
      '/page/privacy-policy',
    )
  })

  test('/foundation shows the mission, the figures and the programmes', async ({ page }) => {
    await open(page, '/foundation')
    await expect(heading(page, 'The Foundation')).toBeVisible()
    await expect(page.getByText('kids every week')).toBeVisible()
    await expect(heading(page, 'Music rooms')).toBeVisible()
  })

  test('/book shows the memoir with excerpts and where to buy it', async ({ page }) => {
    await open(page, '/book')
    await expect(heading(page, 'Left Foot, Loud Heart')).toBeVisible()
    await expect(heading(page, 'Chapter 1: The fence on the right')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Find the signed edition in the shop' })).toHaveAttribute(
      'href',
      '/shop',
    )
  })
})

test('an unknown slug or id is the 404 page', async ({ page }) => {
  for (const path of [
    '/home/no-such-topic',
    '/lookbook/no-such-lookbook',
    '/music/999999',
    '/posts/999999',
    '/page/nope',
    '/feed/article/abc',
    '/story/details?story=nope',
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  }
})

test('the sitemap lists the public pages, the content and the products; robots.txt points to it', async ({
  request,
}) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toContain('application/xml')
  const xml = await sitemap.text()
  const album = await bySlug(request, 'music', 'offside-sessions')
  for (const path of [
    '/foundation</loc>',
    '/terms-and-conditions</loc>',
    `/music/${album.id}</loc>`,
    '/lookbook/tour-diary</loc>',
    '/product/extra-time-tour-tee</loc>',
  ]) {
    expect(xml).toContain(path)
  }
  expect(xml).not.toContain('/home/setup2')
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m)
  expect(robots).toContain('Disallow: /checkout')
})

async function contentOfTerms(request: Parameters<typeof contentOf>[0]) {
  return (await (await request.get('/wp-json/wp/v2/feed_taxonomy?per_page=100')).json()) as Array<{
    id: number
    slug: string
  }>
}

// One test per page: each has its own time budget and the pages are checked in parallel.
test.describe('the content pages have no accessibility violations', () => {
  for (const path of [
    '/',
    '/home',
    '/home/home-body',
    '/home/setup3',
    '/home_old',
    '/feed/layout3',
    '/story/details',
    '/lookbook-04',
    '/lookbook-05',
    '/lookbook/feed',
    '/music/offside-sessions',
    '/posts',
    '/terms-and-conditions',
    '/foundation',
    '/contact',
  ]) {
    test(`${path} @phone`, async ({ page, request }) => {
      // Albums are addressed by id, which the seed decides.
      const url = path.startsWith('/music/')
        ? `/music/${(await bySlug(request, 'music', path.slice('/music/'.length))).id}`
        : path
      await page.goto(url)
      const { violations } = await new AxeBuilder({ page }).analyze()
      expect(
        violations.map((v) => `${url}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
      ).toEqual([])
    })
  }
})
