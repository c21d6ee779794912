/**
 * The chat → estimate form hand-off: the chat leaves the visitor's email here and announces it;
 * the form (perhaps hydrated later) takes it. A page-wide slot and a window event, because the
 * chat window is a separate chunk and the form may not be mounted yet.
 */
const EVENT = "maxai:estimate-handoff"

type Slot = { pendingEmail?: string }
const slot = (): Slot => window as unknown as Slot

export function offerEstimateEmail(email: string): void {
  slot().pendingEmail = email
  window.dispatchEvent(new Event(EVENT))
}

/** The email the chat left, once (null when there is none). */
export function takeEstimateEmail(): string | null {
  const email = slot().pendingEmail ?? null
  delete slot().pendingEmail
  return email
}

export function onEstimateEmail(listener: () => void): () => void {
  window.addEventListener(EVENT, listener)
  return () => window.removeEventListener(EVENT, listener)
}
