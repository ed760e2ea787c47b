/**
 * The Element Timing identifier of a page's first-screen pictures: media/responsive-image.tsx marks
 * the pictures given `priority` with it, and the starter of site/scripts-after-paint.server.ts waits
 * for the paint of the pictures it marks. A module of its own, so that server code and tests read it
 * without importing a component.
 */
export const FIRST_SCREEN_TIMING = 'first-screen'
