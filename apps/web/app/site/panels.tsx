/**
 * Every side panel of spec 2 (login, register, cart, after-login, social bar, navigation...),
 * mounted once by each layout. Each domain adds its own panel here; the UI store decides which is open.
 */
export function Panels() {
  return null
}
