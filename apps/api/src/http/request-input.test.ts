import { describe, expect, it } from 'vitest'
import { parseQuerystring } from './request-input.ts'

/** What the query string reads as through URLSearchParams alone, the reference the parser keeps to. */
function reference(search: string): Record<string, string> {
  const query: Record<string, string> = {}
  const lists = new Map<string, string[]>()
  for (const [name, value] of new URLSearchParams(search)) {
    const list = /^(.+)\[\d*\]$/.exec(name)?.[1]
    if (list === undefined) query[name] = value
    else lists.set(list, [...(lists.get(list) ?? []), value])
  }
  for (const [name, values] of lists) query[name] = values.join(',')
  return query
}

describe('the query string parser', () => {
  it('reads the last value of a repeated name and joins list items', () => {
    expect({ ...parseQuerystring('per_page=5&per_page=10&exclude[0]=15&exclude[1]=16&tag[]=a') }).toEqual({
      per_page: '10',
      exclude: '15,16',
      tag: 'a',
    })
  })

  it('reads plain and encoded query strings as URLSearchParams does', () => {
    const pieces = [
      'a',
      'b',
      '=',
      '&',
      '&&',
      '[',
      ']',
      '[]',
      '[0]',
      '%',
      '%41',
      '%zz',
      '+',
      '?',
      '.',
      '~',
      '-',
      '_',
      'é',
      ' ',
      '1',
    ]
    let seed = 7
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed
    }
    const cases = [
      '',
      'order_token=abc-DEF_1.2~',
      '?a=1',
      '=x',
      'a',
      'a=b=c',
      '&a=1&',
      'a=1&a=',
      'x[]=1&x[]=2&x=3',
    ]
    for (let i = 0; i < 3000; i++) {
      cases.push(Array.from({ length: next() % 8 }, () => pieces[next() % pieces.length]).join(''))
    }
    for (const search of cases) expect({ ...parseQuerystring(search) }, search).toEqual(reference(search))
  })
})
