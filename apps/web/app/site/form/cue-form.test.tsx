import { loginFormSchema, orderLookupSchema } from '@fanshop/core'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type FormResult, fieldMessages, parseForm, useCueForm } from './cue-form.ts'
import { TextField } from './fields.tsx'
import { InputField } from './order-fields.tsx'

const posted = (fields: Record<string, string>) => {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.append(name, value)
  return formData
}

function LoginFields(props: { lastResult: FormResult }) {
  const form = useCueForm(loginFormSchema, { lastResult: props.lastResult })
  return (
    <form {...form.formProps}>
      <TextField form={form} name="userEmail" label="E-mail" type="email" />
      <TextField form={form} name="userPassword" label="Password" type="password" />
    </form>
  )
}

describe('the form stack', () => {
  it('hands the schema the fields as typed, or in Conform’s reading for the order forms', () => {
    const empty = posted({ number: '', email: '' })
    const asTyped = parseForm(orderLookupSchema, empty)
    const coerced = parseForm(orderLookupSchema, empty, { autoCoercion: true })
    expect(fieldMessages(asTyped.reply()).number).not.toBe('Enter your order number.')
    expect(fieldMessages(coerced.reply())).toEqual({
      number: 'Enter your order number.',
      email: 'Enter your e-mail address.',
    })
  })

  it('draws a refused post before the JavaScript loads: messages tied to their fields, passwords not echoed', () => {
    const submission = parseForm(
      loginFormSchema,
      posted({ userEmail: 'ana@example.com', userPassword: 'secret' }),
    )
    const lastResult = submission.reply({
      fieldErrors: { userEmail: ['Email address is invalid!'], userPassword: ['Password is invalid!'] },
      hideFields: ['userPassword'],
    })
    const html = renderToString(<LoginFields lastResult={lastResult} />)
    expect(html).toContain('Email address is invalid!')
    expect(html).toContain('Password is invalid!')
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(2)
    expect(html.match(/field field--invalid/g)).toHaveLength(2)
    expect(html).toContain('value="ana@example.com"')
    expect(html).not.toContain('secret')
    const describedBy = [...html.matchAll(/aria-describedby="([^"]+)"/g)].map((match) => match[1])
    for (const id of describedBy) expect(html).toContain(`id="${id}"`)
    expect(describedBy).toHaveLength(2)
  })

  it('refuses a NUL character naming the field, and never draws the NUL back into it', () => {
    const submission = parseForm(
      loginFormSchema,
      posted({ userEmail: 'ana\u0000@example.com', userPassword: 'secret' }),
    )
    expect(submission.status).toBe('error')
    const lastResult = submission.reply({ hideFields: ['userPassword'] })
    const html = renderToString(<LoginFields lastResult={lastResult} />)
    expect(html).toContain('E-mail must not contain a NUL character.')
    expect(html).toContain('value="ana@example.com"')
    expect(html).not.toContain('\u0000')
    expect(JSON.stringify(lastResult)).not.toContain('\\u0000')
    // The checkout's fields, handed the server's message, name themselves the same way.
    const checkoutField = renderToString(
      <InputField
        name="email"
        label="E-mail"
        autoComplete="email"
        error={fieldMessages(lastResult).userEmail}
      />,
    )
    expect(checkoutField).toContain('E-mail must not contain a NUL character.')
  })
})
