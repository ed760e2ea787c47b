/**
 * The login and register side panels of spec 2, mounted once in the frame (site/panels.tsx).
 * Login: heading Login and the login form. Register: heading Register and the registration
 * form, with the page body kept from scrolling while it is open (opened on a redirect to the
 * login by sent-to-login.ts).
 */
import { useEffect } from 'react'
import { SidePanel } from '../site/side-panel.tsx'
import { useUi } from '../site/ui-store.ts'
import { LoginForm } from './login-form.tsx'
import { RegisterForm } from './register-form.tsx'

export function LoginPanel() {
  return (
    <SidePanel panel="login" title="Login" className="account-side-panel">
      <LoginForm />
    </SidePanel>
  )
}

export function RegisterPanel() {
  const open = useUi((s) => s.open === 'register')
  useEffect(() => {
    if (!open) return
    document.body.classList.add('no-scroll')
    return () => document.body.classList.remove('no-scroll')
  }, [open])
  return (
    <SidePanel panel="register" title="Register" className="account-side-panel">
      <RegisterForm />
    </SidePanel>
  )
}
