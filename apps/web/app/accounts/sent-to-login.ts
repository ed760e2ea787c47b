/**
 * A guest sent away from a page that needs a login (/?redirectTo=...) finds the login panel open.
 * Kept apart from the panel itself so that every page can ask without loading the login form.
 */
import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useUi } from '../site/ui-store.ts'
import { useFrame } from '../site/use-frame.ts'

export function useLoginWhenSentThere() {
  const [searchParams] = useSearchParams()
  const guest = !useFrame()?.user
  const show = useUi((s) => s.show)
  const sentToLogin = guest && searchParams.has('redirectTo')
  useEffect(() => {
    if (sentToLogin) show('login')
  }, [sentToLogin, show])
}
