import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { RegisterForm } from './register-form.tsx'

const RegisterPage = createRoutesStub([{ path: '/auth/register', Component: RegisterForm }])

describe('the registration form before its JavaScript runs', () => {
  it('offers Create account as a working button: the server checks what is posted', () => {
    const html = renderToString(<RegisterPage initialEntries={['/auth/register']} />)
    const button = html.match(/<button type="submit"[^>]*>Create account<\/button>/)?.[0]
    expect(button).toBeDefined()
    expect(button).not.toContain('aria-disabled="true"')
  })
})
