/**
 * An IntersectionObserver the test drives: `report(true)` says what it observes came near the
 * viewport. `installControlledObserver()` puts it on window for each test of the file.
 */
export class ControlledObserver {
  static instances: ControlledObserver[] = []
  readonly observed: Element[] = []
  disconnected = false
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ControlledObserver.instances.push(this)
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true
  }
  takeRecords() {
    return []
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry)
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}

/** The observer watching `element`, if any. */
export const observerOf = (element: Element) => ControlledObserver.instances.find((observer) => observer.observed.includes(element))

/** Replaces window.IntersectionObserver with ControlledObserver around every test of the file. */
export function installControlledObserver(): void {
  const original = window.IntersectionObserver
  beforeEach(() => {
    ControlledObserver.instances = []
    window.IntersectionObserver = ControlledObserver as unknown as typeof IntersectionObserver
  })
  afterEach(() => {
    window.IntersectionObserver = original
  })
}
