/** The shop's name as the frame shows it. */
export const SITE_NAME = 'Dani Rocha'
