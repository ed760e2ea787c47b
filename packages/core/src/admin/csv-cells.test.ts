import { describe, expect, it } from 'vitest'
import { neutraliseCsvCell, restoreCsvCell } from './csv-cells.ts'

describe('CSV cells a spreadsheet would run as formulas', () => {
  const cells = [
    '=1+1',
    '+1',
    '-5.00',
    '@SUM(A1)',
    '\tx',
    '\rx',
    "'=x",
    "''@x",
    "'plain",
    'plain',
    '',
    "it's",
  ]

  it('are written behind an apostrophe, and nothing else is', () => {
    expect(cells.map(neutraliseCsvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-5.00",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      "''=x",
      "'''@x",
      "'plain",
      'plain',
      '',
      "it's",
    ])
  })

  it('read back as they were', () => {
    expect(cells.map((cell) => restoreCsvCell(neutraliseCsvCell(cell)))).toEqual(cells)
  })
})
