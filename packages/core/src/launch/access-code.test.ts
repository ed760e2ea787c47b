import { describe, expect, it } from 'vitest'
import {
  accessCodeSearch,
  backspaceInBox,
  checkAccessCodeBodySchema,
  codeFromBoxes,
  emptyCodeBoxes,
  normaliseAccessCode,
  parseAccessCodeSearch,
  typeIntoBox,
} from './access-code.ts'

describe('the access code search text', () => {
  it('is "Access Code (code)"', () => {
    expect(accessCodeSearch('FAN24')).toBe('Access Code (FAN24)')
  })
  it('reads the code back, normalised', () => {
    expect(parseAccessCodeSearch('Access Code (FAN24)')).toBe('FAN24')
    expect(parseAccessCodeSearch('access code (fan24)')).toBe('FAN24')
    expect(parseAccessCodeSearch(' Access Code (f-a-n-2-4) ')).toBe('FAN24')
  })
  it('refuses other forms and lengths', () => {
    expect(parseAccessCodeSearch('FAN24')).toBeNull()
    expect(parseAccessCodeSearch('Access Code (FAN2)')).toBeNull()
    expect(parseAccessCodeSearch('Access Code (FAN245)')).toBeNull()
    expect(parseAccessCodeSearch('Access Code ((FAN24))')).toBeNull()
  })
  it('keeps only letters and digits', () => {
    expect(normaliseAccessCode(' a%b\\c)1 2')).toBe('ABC12')
  })
})

describe('the five code boxes', () => {
  it('typing fills the box and moves to the next', () => {
    let boxes = emptyCodeBoxes()
    expect(boxes.values).toHaveLength(5)
    boxes = typeIntoBox(boxes, 0, 'f')
    expect(boxes).toEqual({ values: ['F', '', '', '', ''], focus: 1 })
    boxes = typeIntoBox(boxes, 1, 'a')
    expect(boxes).toEqual({ values: ['F', 'A', '', '', ''], focus: 2 })
  })
  it('stays on the last box when it is filled', () => {
    const boxes = typeIntoBox({ values: ['F', 'A', 'N', '2', ''], focus: 4 }, 4, '4')
    expect(boxes).toEqual({ values: ['F', 'A', 'N', '2', '4'], focus: 4 })
    expect(codeFromBoxes(boxes)).toBe('FAN24')
  })
  it('a pasted code fills all boxes, wherever it lands', () => {
    expect(typeIntoBox(emptyCodeBoxes(), 3, 'fan24')).toEqual({ values: ['F', 'A', 'N', '2', '4'], focus: 4 })
    expect(typeIntoBox(emptyCodeBoxes(), 2, ' FAN-24 extra')).toEqual({
      values: ['F', 'A', 'N', '2', '4'],
      focus: 4,
    })
  })
  it('a shorter paste fills from the box it lands in', () => {
    expect(typeIntoBox(emptyCodeBoxes(), 1, 'ab')).toEqual({ values: ['', 'A', 'B', '', ''], focus: 3 })
  })
  it('ignores characters a code cannot hold', () => {
    const boxes = emptyCodeBoxes()
    expect(typeIntoBox(boxes, 0, '%')).toBe(boxes)
  })
  it('backspace clears a filled box and stays', () => {
    expect(backspaceInBox({ values: ['F', 'A', 'N', '', ''], focus: 2 }, 2)).toEqual({
      values: ['F', 'A', '', '', ''],
      focus: 2,
    })
  })
  it('backspace in an empty box goes back and clears the one before', () => {
    expect(backspaceInBox({ values: ['F', 'A', '', '', ''], focus: 2 }, 2)).toEqual({
      values: ['F', '', '', '', ''],
      focus: 1,
    })
    expect(backspaceInBox(emptyCodeBoxes(), 0)).toEqual(emptyCodeBoxes())
  })
  it('has no code while a box is empty', () => {
    expect(codeFromBoxes({ values: ['F', 'A', '', '2', '4'], focus: 2 })).toBeNull()
  })
})

describe('the access code request', () => {
  it('asks for a missing search text', () => {
    expect(checkAccessCodeBodySchema.safeParse({}).error?.issues[0]?.message).toBe('search is required')
  })
})
