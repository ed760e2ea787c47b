/**
 * The login and register side panels of spec 2, mounted once in the frame (site/panels.tsx).
 * Login: heading Login and the login form. Register: heading Register and the registration
 * form, with the page body kept from scrolling while it is open. A guest sent away from a page
 * that needs a login (/?redirectTo=...) finds the login panel open.
 */
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { SidePanel } from '../site/side-panel.tsx'
import { useUi } from '../site/ui-store.ts'
import { useFrame } from '../site/use-frame.ts'
import { LoginForm } from './login-form.tsx'
import { RegisterForm } from './register-form.tsx'

export function LoginPanel() {
  const [searchParams] = useSearchParams()
  const guest = !useFrame()?.user
  const show = useUi((s) => s.show)
  const sentToLogin = guest && searchParams.has('redirectTo')
  useEffect(() => {
    if (sentToLogin) show('login')
  }, [sentToLogin, show])
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
