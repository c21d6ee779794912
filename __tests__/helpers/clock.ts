/**
 * The test's "now" (src/server/clock.ts reads the system clock): only `Date` is faked, from `at`
 * on, and it runs with real time, so the servers, sockets, timers and child processes of the test
 * work as they do in production. A test whose result depends on the date sets it here (or passes a
 * fixed `now` to the function it calls), never reads the machine's date: `npm test` passes at any
 * date (a file run at another date under faketime: docs/testing.md#tests-at-another-date).
 *
 * What must stay true: the processes a test starts (the CLIs, a server in a child process) read the
 * machine's clock, not this one: a test that needs them at its date gives them explicit dates.
 */
const REAL_TIMERS = [
  "hrtime",
  "nextTick",
  "performance",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "requestIdleCallback",
  "cancelIdleCallback",
  "setImmediate",
  "clearImmediate",
  "setInterval",
  "clearInterval",
  "setTimeout",
  "clearTimeout",
] as const

/** From now on in this test file, `new Date()` and `Date.now()` start at `at` and run with real time. */
export function clockAt(at: string | Date): void {
  jest.useFakeTimers({ now: new Date(at), advanceTimers: true, doNotFake: [...REAL_TIMERS] })
}

/** The machine's clock again (jest restores it between files by itself). */
export function realClock(): void {
  jest.useRealTimers()
}
