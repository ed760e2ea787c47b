import { bySlug, expect, test } from '../../tests/content-fixtures.ts'

test('the player plays a track, the time moves, and next, seek and the track list work @phone', async ({
  page,
  request,
}) => {
  const album = await bySlug(request, 'music', 'offside-sessions')
  await page.goto(`/music/${album.id}`)
  const player = page.getByRole('region', { name: 'Player: Offside Sessions' })
  const elapsed = player.locator('[data-role="elapsed"]')
  await expect(elapsed).toHaveText('0:00')

  await player.getByRole('button', { name: 'Play Tunnel' }).click()
  await expect(player.getByRole('button', { name: 'Pause Tunnel' })).toBeVisible()
  await expect(elapsed).not.toHaveText('0:00', { timeout: 5_000 })
  await player.getByRole('button', { name: 'Pause Tunnel' }).click()
  await expect(player.getByRole('button', { name: 'Play Tunnel' })).toBeVisible()

  await player.getByRole('button', { name: 'Next track' }).click()
  await expect(player.getByText('Track 2 of 11')).toBeVisible()
  await expect(
    player.getByRole('list', { name: 'Track list' }).getByRole('button', { name: /Left Foot, Right Chord/ }),
  ).toHaveAttribute('aria-current', 'true')

  const seek = player.getByRole('slider', { name: 'Seek' })
  await seek.fill('5')
  await expect(elapsed).toHaveText(/^0:0[5-8]$/)

  await player
    .getByRole('list', { name: 'Track list' })
    .getByRole('button', { name: /Final Whistle/ })
    .click()
  await expect(player.getByText('Track 11 of 11')).toBeVisible()
  await expect(player.getByRole('button', { name: 'Pause Final Whistle' })).toBeVisible()
  await expect(player.getByRole('button', { name: 'Next track' })).toBeDisabled()
})

test('the stream popup lists the streaming services and closes on Escape', async ({ page }) => {
  await page.goto('/music')
  const opener = page.getByRole('button', { name: 'Listen on your streaming service' })
  await opener.click()
  const popup = page.getByRole('dialog', { name: 'Listen on' })
  await expect(popup).toBeVisible()
  await expect(popup.getByRole('link', { name: /Spotify/ })).toHaveAttribute('href', /^https:\/\//)
  await expect(popup.getByRole('link', { name: /Apple Music/ })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(popup).toBeHidden()
})
