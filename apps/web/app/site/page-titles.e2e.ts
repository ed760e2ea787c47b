import { expect, test } from '../../tests/playwright.ts'

// Every page's title names the page, then the shop (site/brand.ts pageTitle): the bag, the forms
// and the order pages said only "Your bag" or "Login", so a fan's tabs and history did not say whose.
test('each page is titled with its name and the shop’s', async ({ request }) => {
  const titles: Record<string, string> = {
    '/cart': 'Your bag',
    '/auth/login': 'Login',
    '/auth/register': 'Register',
    '/auth/reset': 'Reset your password',
    '/order/lookup': 'Find your order',
    '/menu': 'Menu',
    '/share': 'Share',
    '/cookie-settings': 'Cookie settings',
    '/search': 'Search',
  }
  for (const [path, title] of Object.entries(titles)) {
    const html = await (await request.get(path)).text()
    expect(html.match(/<title>([^<]*)<\/title>/)?.[1], path).toBe(`${title} | Dani Rocha`)
  }
})
