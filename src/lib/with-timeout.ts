/**
 * The one timeout for the browser's API calls (lib/api.ts, lib/chat-client.ts,
 * lib/contact-client.ts; the estimate upload has a stall watch instead): runs `call` with a
 * signal that aborts after `timeoutMs` or when the caller's `signal` aborts, and says which of
 * the two it was. The timer covers everything `call` does with the signal, reading the
 * body included, and is always cleared.
 */
export type TimedOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: "timeout" | "aborted" | "error"; readonly error: unknown }

export async function withTimeout<T>(timeoutMs: number, signal: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<TimedOutcome<T>> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const abortFromCaller = () => controller.abort()
  signal?.addEventListener("abort", abortFromCaller)
  if (signal?.aborted) controller.abort()
  try {
    return { ok: true, value: await call(controller.signal) }
  } catch (error) {
    const reason = timedOut ? "timeout" : controller.signal.aborted ? "aborted" : "error"
    return { ok: false, reason, error }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener("abort", abortFromCaller)
  }
}
