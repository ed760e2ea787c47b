/** The shop's name as the frame shows it. */
export const SITE_NAME = 'Dani Rocha'

/** A page's title as a browser tab and a search result show it: the page's name, then the shop's. */
export const pageTitle = (page: string): string => `${page} | ${SITE_NAME}`
