/**
 * The one rule for an email address a visitor types (estimate form, its backend, chat contacts).
 * Deliberately a little stricter than the browser's own check: it also wants a dot in the
 * domain, because "jean@gmail" is almost always a typo, never a real address for a reply.
 * No whitespace can match, so an accepted address never carries CR/LF into a mail header.
 */
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

/** RFC 5321's limit for a forward path. */
export const MAX_EMAIL_LENGTH = 254

export function isValidEmail(value: string): boolean {
  const trimmed = value.trim()
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(trimmed)
}
