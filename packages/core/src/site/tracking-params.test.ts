import { describe, expect, it } from 'vitest'
import { TRACKING_PARAMS, withoutTrackingParams } from './tracking-params.ts'

describe('tracking parameters', () => {
  it('leave a query string, the rest kept in its order and spelling', () => {
    expect(withoutTrackingParams('?fbclid=IwAR1')).toBe('')
    expect(withoutTrackingParams('?gclid=a&utm_source=ig&utm_medium=social&igshid=b')).toBe('')
    expect(withoutTrackingParams('?page=2&fbclid=x&sort=price')).toBe('?page=2&sort=price')
    expect(withoutTrackingParams('?pa_size=m&pa_size=l&msclkid=1&q=caf%C3%A9+noir')).toBe(
      '?pa_size=m&pa_size=l&q=caf%C3%A9+noir',
    )
    expect(withoutTrackingParams('?ttclid&twclid=&mc_cid=1&mc_eid=2&_ga=3&gbraid=4&wbraid=5')).toBe('')
    // The empty pairs left between them go with them.
    expect(withoutTrackingParams('?&fbclid=x&&page=3&')).toBe('?page=3')
  })

  it('are known by their names as the routes read them, percent-encoded or not', () => {
    expect(withoutTrackingParams('?fb%63lid=x&story=a')).toBe('?story=a')
    expect(withoutTrackingParams('?utm%5Fsource=x')).toBe('')
    // Not decodable: kept as sent, as it would be read.
    expect(withoutTrackingParams('?fbclid%E0=x')).toBe('?fbclid%E0=x')
  })

  it('leave a query string without them as it is, the same string', () => {
    for (const search of [
      '',
      '?',
      '?page=2',
      '?&a=1&&',
      '?fbclidx=1&xfbclid=2',
      '?FBCLID=1',
      '?utm_other=1',
    ]) {
      expect(withoutTrackingParams(search)).toBe(search)
    }
  })

  it('name no parameter a route of the shop reads', () => {
    for (const name of [
      'page',
      'sort',
      'category',
      'q',
      'suggest',
      'taxonomy',
      'story',
      'redirectTo',
      'to',
      'cart',
      'key',
      'login',
      'token',
      'number',
      'email',
      'step',
      'edit',
      'country_id',
      'gender',
      'pa_size',
      'size',
      'colour',
      '_gl',
    ]) {
      expect(TRACKING_PARAMS.has(name), name).toBe(false)
    }
  })
})
