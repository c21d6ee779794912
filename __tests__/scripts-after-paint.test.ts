import { loadScriptsAfterPaint, scriptLoader } from "../build-steps/scripts-after-paint"

const page = `<html><body><div id="___gatsby"></div><script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script><script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script><script src="/app-3.js" async></script></body></html>`

test("the async scripts give way to one loader listing them in order", () => {
  const html = loadScriptsAfterPaint(page)
  expect(html).not.toMatch(/<script src=/)
  expect(html).toContain(`<script>${scriptLoader(["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"])}</script></body>`)
  // Other inline scripts stay as they were.
  expect(html).toContain(`<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>`)
})

test("a page without async scripts is left alone, and the rewrite is idempotent", () => {
  const plain = "<html><body><p>Bonjour</p></body></html>"
  expect(loadScriptsAfterPaint(plain)).toBe(plain)
  const once = loadScriptsAfterPaint(page)
  expect(loadScriptsAfterPaint(once)).toBe(once)
})

test("the loader adds each script once, after a frame, or after 1 s when frames do not run", () => {
  jest.useFakeTimers()
  const frames: FrameRequestCallback[] = []
  const raf = jest.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback))
  try {
    new Function(scriptLoader(["/a.js", "/b.js"]))()
    expect(document.querySelectorAll("script[src]")).toHaveLength(0)
    frames.forEach((callback) => callback(0))
    jest.advanceTimersByTime(0)
    expect([...document.querySelectorAll("script[src]")].map((script) => script.getAttribute("src"))).toEqual(["/a.js", "/b.js"])
    jest.advanceTimersByTime(1000)
    expect(document.querySelectorAll("script[src]")).toHaveLength(2)
  } finally {
    raf.mockRestore()
    jest.useRealTimers()
    document.querySelectorAll("script[src]").forEach((script) => script.remove())
  }
})

test("while the HTML is still being parsed, the loader waits for the whole document first", () => {
  jest.useFakeTimers()
  const frames: FrameRequestCallback[] = []
  const raf = jest.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback))
  const readyState = jest.spyOn(document, "readyState", "get").mockReturnValue("loading")
  try {
    new Function(scriptLoader(["/a.js"]))()
    jest.advanceTimersByTime(5000)
    expect(frames).toHaveLength(0)
    expect(document.querySelectorAll("script[src]")).toHaveLength(0)
    document.dispatchEvent(new Event("DOMContentLoaded"))
    frames.forEach((callback) => callback(0))
    jest.advanceTimersByTime(0)
    expect(document.querySelectorAll("script[src]")).toHaveLength(1)
  } finally {
    readyState.mockRestore()
    raf.mockRestore()
    jest.useRealTimers()
    document.querySelectorAll("script[src]").forEach((script) => script.remove())
  }
})
