/**
 * The legal pages' addresses (src/pages/mentions-legales.tsx, src/pages/confidentialite.tsx),
 * linked from the footer of every page and from the notices where personal data is collected.
 * A page's address is its file name: rename both together.
 */
export const LEGAL_PATHS = {
  mentions: "/mentions-legales/",
  privacy: "/confidentialite/",
} as const
