/**
 * The five code boxes of /entercode (spec 2 and 5): typing moves to the next box, a paste fills
 * them all, backspace goes back, the arrow keys move between boxes; a complete code submits the
 * form. Each box is a plain named field, so the form also works before JavaScript has loaded.
 * An invalid code gives the boxes an amber border until the visitor changes them.
 */
import {
  ACCESS_CODE_LENGTH,
  type CodeBoxes as Boxes,
  backspaceInBox,
  codeFromBoxes,
  emptyCodeBoxes,
  typeIntoBox,
} from '@fanshop/core'
import { useEffect, useRef, useState } from 'react'

export function CodeBoxes(props: { invalid: boolean; errorId?: string; disabled?: boolean }) {
  const [boxes, setBoxes] = useState<Boxes>(emptyCodeBoxes)
  const [edited, setEdited] = useState(false)
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const focusRequest = useRef<number | null>(null)
  const submitted = useRef<string | null>(null)

  useEffect(() => {
    if (focusRequest.current === null) return
    const input = inputs.current[focusRequest.current]
    focusRequest.current = null
    input?.focus()
    input?.select()
  })

  useEffect(() => {
    const code = codeFromBoxes(boxes)
    if (!code || code === submitted.current) return
    submitted.current = code
    inputs.current[0]?.form?.requestSubmit()
  }, [boxes])

  useEffect(() => {
    const form = inputs.current[0]?.form
    const submitting = () => setEdited(false)
    form?.addEventListener('submit', submitting)
    return () => form?.removeEventListener('submit', submitting)
  }, [])

  function update(next: Boxes) {
    setBoxes(next)
    setEdited(true)
    if (codeFromBoxes(next) === null) submitted.current = null
    focusRequest.current = next.focus
  }

  function onChange(index: number, value: string) {
    const previous = boxes.values[index] ?? ''
    const typed = previous && value.length > 1 ? value.replace(previous, '') : value
    if (!typed) {
      const values = [...boxes.values]
      values[index] = ''
      update({ values, focus: index })
      return
    }
    update(typeIntoBox(boxes, index, typed))
  }

  function onKeyDown(index: number, event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault()
      update(backspaceInBox(boxes, index))
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault()
      update({ ...boxes, focus: index - 1 })
    } else if (event.key === 'ArrowRight' && index < ACCESS_CODE_LENGTH - 1) {
      event.preventDefault()
      update({ ...boxes, focus: index + 1 })
    }
  }

  const invalid = props.invalid && !edited
  return (
    <div className="code-boxes">
      {boxes.values.map((value, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: a box is its position
          key={index}
          ref={(element) => {
            inputs.current[index] = element
          }}
          className={`code-box${invalid ? ' code-box--invalid' : ''}`}
          name="code"
          value={value}
          aria-label={`Character ${index + 1} of ${ACCESS_CODE_LENGTH}`}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? props.errorId : undefined}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          inputMode="text"
          disabled={props.disabled}
          required
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => onChange(index, event.currentTarget.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => {
            event.preventDefault()
            update(typeIntoBox(boxes, index, event.clipboardData.getData('text')))
          }}
        />
      ))}
    </div>
  )
}
