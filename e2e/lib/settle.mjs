/**
 * Waits for a page to be at rest before a capture or an assertion on what is shown, instead of
 * fixed pauses: the window no longer scrolling, transitions over, every section passed by the
 * window (or laid out at once), hydrated and showing its images.
 */

/*
 * What must stay true here: no wait hangs on a page the browser gives no animation frame (a page
 * behind another, once in a while in CI: two tests ran out of time in a walk awaiting frames).
 * Each frame wait below also ends after 100 ms, the state checks that follow still decide, and
 * the waitForFunction calls poll every 100 ms instead of on frames (playwright's default). The
 * frame helper is written inside each evaluated function: they run in the page, whose policy
 * forbids eval, so they cannot share one.
 */
const POLLING = { polling: 100 }

/** The window's scroll position unchanged over several frames (no smooth scroll running). */
export async function waitForStill(page) {
  await page.waitForFunction(
    async () => {
      const frame = () =>
        new Promise((resolve) => {
          requestAnimationFrame(resolve)
          setTimeout(resolve, 100)
        })
      let last = window.scrollY
      for (let stillFrames = 0; stillFrames < 5;) {
        await frame()
        stillFrames = Math.abs(window.scrollY - last) < 0.5 ? stillFrames + 1 : 0
        last = window.scrollY
      }
      return true
    },
    null,
    POLLING,
  )
}

/** Every finite animation and transition of the page finished (spinners and other endless ones aside). */
export async function waitForAnimations(page) {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
    null,
    POLLING,
  )
}

/**
 * As a visitor scrolling from the top to the bottom: the window passes every section, half a
 * screen and two frames at a time (so the observers that load and hydrate the sections see it),
 * then goes back to the top; resolves once every section has hydrated, the rendered images have
 * loaded, the fonts are in and the page is still. "instant": the page's smooth scrolling would
 * turn each step into an animation.
 */
export async function scrollThroughPage(page) {
  for (let walk = 1; ; walk += 1) {
    // In front first: a page behind another of its browser's windows or tabs gets no animation
    // frame, and the walk below waited on one until the test's time ran out (a CSP test, once in a
    // fresh-clone CI, its page opened beside the worker's reused one).
    await page.bringToFront()
    // The first walk passes every section; the next ones go to what is still not at rest (a walk
    // made while the page got no frame, or an image put in after the window had passed).
    await (walk === 1 ? walkThroughPage(page) : page.evaluate(unsettledParts, true))
    try {
      await page.waitForFunction(pageSettled, null, { ...POLLING, timeout: WALK_SETTLES_MS })
      break
    } catch (error) {
      // What the page still waits for is kept for the failure, so that the next one names the
      // cause (three walks of the whole page, visible and focused, once did not settle in a CI).
      const state = await page.evaluate(unsettledParts, false).catch(() => "page fermée")
      if (walk === WALKS) throw new Error(`page jamais au repos après ${WALKS} passages (${state}) : ${error.message}`)
      console.warn(`scrollThroughPage : page pas au repos après le passage ${walk} (${state}), nouveau passage`)
    }
  }
  await waitForStill(page)
  await waitForAnimations(page)
}

/**
 * What keeps the page from being at rest, in words (evaluated in the page; see pageSettled); with
 * `visit`, each section not yet hydrated and each image not yet loaded is first brought on screen,
 * two frames each, then the window goes back to the top.
 */
async function unsettledParts(visit) {
  const frame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(resolve)
      setTimeout(resolve, 100)
    })
  const sections = [...document.querySelectorAll("[data-lazy-hydrate] > *")].filter(
    (element) => !Object.keys(element).some((key) => key.startsWith("__reactFiber")),
  )
  const images = [...document.images].filter((image) => image.getClientRects().length > 0 && !image.complete)
  if (visit) {
    for (const element of [...sections, ...images]) {
      element.scrollIntoView({ block: "center", behavior: "instant" })
      await frame()
      await frame()
    }
    window.scrollTo({ top: 0, behavior: "instant" })
  }
  const names = (elements) =>
    elements
      .map((element) => element.id || element.currentSrc || element.src || element.tagName)
      .slice(0, 5)
      .join(", ")
  return [
    `visibilityState=${document.visibilityState}, hasFocus=${document.hasFocus()}`,
    `polices ${document.fonts.status}`,
    `${sections.length} section(s) non hydratée(s)${sections.length ? ` : ${names(sections)}` : ""}`,
    `${images.length} image(s) en attente${images.length ? ` : ${names(images)}` : ""}`,
  ].join(", ")
}

/** Walks through the page: the time a walk is given to settle, and how many walks before a failure. */
const WALK_SETTLES_MS = 10_000
const WALKS = 3

/** Half a screen and two frames (or 100 ms each, on a page given none) at a time, then back to the top. */
async function walkThroughPage(page) {
  await page.evaluate(async () => {
    const frame = () =>
      new Promise((resolve) => {
        requestAnimationFrame(resolve)
        setTimeout(resolve, 100)
      })
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: "instant" })
      await frame()
      await frame()
    }
    window.scrollTo({ top: 0, behavior: "instant" })
  })
}

/** Every section hydrated, every rendered image loaded, the fonts in (evaluated in the page). */
function pageSettled() {
  // React marks the elements it has hydrated with its fiber; a deferred section has none before.
  const hydrated = [...document.querySelectorAll("[data-lazy-hydrate] > *")].every((element) =>
    Object.keys(element).some((key) => key.startsWith("__reactFiber")),
  )
  // Images in hidden parts (gallery cards past "see more") are never fetched: only rendered ones count.
  const shown = [...document.images].filter((image) => image.getClientRects().length > 0).every((image) => image.complete)
  return hydrated && shown && document.fonts.status === "loaded"
}

/** Every section laid out (the attribute an in-page link sets), then passed by the window as above. */
export async function renderWholePage(page) {
  await page.evaluate(() => document.documentElement.setAttribute("data-sections-rendered", ""))
  await scrollThroughPage(page)
}
