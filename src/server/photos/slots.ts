/**
 * How many requests' photos are checked (header, then decode: ./check.ts) at once in this
 * process. Each decode holds libvips' buffers and one of libuv's four pool threads, which the
 * uploads' own file writes and the outbox's fsyncs also need: twenty visitors sending four large
 * photos at the same moment would otherwise take every thread and hold that many decodes' memory
 * at once. Over PHOTO_CHECKS_AT_ONCE a request waits its turn, in order, at most
 * PHOTO_CHECK_WAIT_MS; past that it is told to come back (503 + Retry-After, worded by its route).
 * The uploads themselves are not counted here: each streams to disk a chunk at a time
 * (src/server/http/multipart.ts), __tests__/server/upload-memory.test.ts holds both to a memory bound.
 *
 * What must stay true: every slot taken is given back exactly once (`release` is idempotent),
 * whatever ends the check; a request that gave up waiting never takes a slot afterwards.
 * Gatsby bundles each function separately: the slots live on globalThis so every route and build
 * of the process share one count.
 */
export const PHOTO_CHECKS_AT_ONCE = 2
export const PHOTO_CHECK_WAIT_MS = 20_000

export type Release = () => void

export type Slots = {
  /** A slot (call the release when done), or null when none came free within `waitMs`. */
  take(waitMs?: number): Promise<Release | null>
  /** Slots in use and requests waiting (for tests and the operator). */
  readonly busy: number
  readonly waiting: number
}

export function createSlots(size: number): Slots {
  let busy = 0
  const queue: Array<(release: Release) => void> = []
  const releaser = (): Release => {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = queue.shift()
      // The slot passes straight to the next in line: no one can overtake it in between.
      if (next) next(releaser())
      else busy -= 1
    }
  }
  return {
    take(waitMs = PHOTO_CHECK_WAIT_MS) {
      if (busy < size) {
        busy += 1
        return Promise.resolve(releaser())
      }
      return new Promise((resolve) => {
        const granted = (release: Release) => {
          clearTimeout(timer)
          resolve(release)
        }
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(granted), 1)
          resolve(null)
        }, waitMs)
        queue.push(granted)
      })
    },
    get busy() {
      return busy
    },
    get waiting() {
      return queue.length
    },
  }
}

const SHARED = Symbol.for("maxai.photo-check-slots")

/** The process's one set of slots for photo checks. */
export function photoCheckSlots(): Slots {
  const global = globalThis as { [SHARED]?: Slots }
  global[SHARED] ??= createSlots(PHOTO_CHECKS_AT_ONCE)
  return global[SHARED]
}
