import { describe, expect, it } from 'vitest'
import { nextFreeUsername, usernameBase } from './username.ts'

describe('username (spec 7)', () => {
  it('is the first letter of the first name plus the last name, lower-cased', () => {
    expect(usernameBase('John', 'Doe')).toBe('jdoe')
    expect(usernameBase('ana', 'LÓPEZ')).toBe('alopez')
  })
  it('folds accents and drops what is not a plain letter or digit', () => {
    expect(usernameBase('Élodie', 'Müller')).toBe('emuller')
  })
  it('falls back to a neutral base when the names have no plain letters', () => {
    expect(usernameBase('Ζωή', 'Ωμέγα')).toBe('fan')
  })
  it('adds the first free numeric suffix when the name is taken', () => {
    expect(nextFreeUsername('jdoe', [])).toBe('jdoe')
    expect(nextFreeUsername('jdoe', ['jdoe'])).toBe('jdoe2')
    expect(nextFreeUsername('jdoe', ['jdoe', 'jdoe2', 'jdoe4'])).toBe('jdoe3')
  })
})
