import { describe, expect, it } from 'vitest'
import { USERNAME_MAX_LENGTH, usernameBase, usernameCandidates } from './username.ts'

describe('username (spec 7)', () => {
  it('is the first letter of the first name plus the last name, lower-cased', () => {
    expect(usernameBase('John', 'Doe')).toBe('jdoe')
    expect(usernameBase('ana', 'LÓPEZ')).toBe('alopez')
  })
  it('folds accents and drops what is not a plain letter or digit', () => {
    expect(usernameBase('Élodie', 'Müller')).toBe('emuller')
  })
  it('is cut to the longest username, however long the names or what they fold to', () => {
    expect(usernameBase('Jo', 'a'.repeat(60))).toBe(`j${'a'.repeat(59)}`)
    expect(usernameBase('Jo', '\ufb00'.repeat(40))).toBe(`j${'f'.repeat(59)}`)
  })
  it('falls back to a neutral base when the names have no plain letters', () => {
    expect(usernameBase('Ζωή', 'Ωμέγα')).toBe('fan')
  })
  const firstCandidates = (base: string, count: number) => {
    const candidates = usernameCandidates(base)
    return Array.from({ length: count }, () => candidates.next().value)
  }
  it('is tried as is, then with a numeric suffix from 2 up', () => {
    expect(firstCandidates('jdoe', 4)).toEqual(['jdoe', 'jdoe2', 'jdoe3', 'jdoe4'])
  })
  it('stays within 60 characters with its suffix, the base cut to make room', () => {
    const long = 'a'.repeat(61)
    const [first, second, , , , , , , , tenth] = firstCandidates(long, 10)
    expect(first).toBe('a'.repeat(60))
    expect(second).toBe(`${'a'.repeat(59)}2`)
    expect(tenth).toBe(`${'a'.repeat(58)}10`)
    for (const candidate of firstCandidates(long, 120)) expect(candidate.length).toBe(USERNAME_MAX_LENGTH)
  })
})
