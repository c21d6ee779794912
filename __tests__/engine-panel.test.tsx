import React from "react"
import { act, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { EnginePanel, SLIDE_INTERVAL_MS, type EnginePanelContent } from "../src/sections/EnginePanel"
import { fakeImage, readContent } from "./helpers/content"
import { preferReducedMotion, restoreMotionPreference } from "./helpers/motion"

type Engine = { panel: EnginePanelContent; slides: Array<{ alt: string; caption: string; image: string }> }
const engine = readContent<Engine>("engine")
const slides = engine.slides.map((slide) => ({ ...slide, image: fakeImage(slide.image, 720, 540) }))
const captions = slides.map((slide) => slide.caption)

beforeEach(() => {
  jest.useFakeTimers()
})
afterEach(() => {
  jest.useRealTimers()
  restoreMotionPreference()
})

const visitor = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms))

function renderPanel() {
  render(<EnginePanel panel={engine.panel} slides={slides} />)
  return screen.getByRole("region", { name: "Articles en cours d'analyse" })
}

/** The slide on show (the others are aria-hidden) and the visible "N sur 5". */
function shown(slideshow: HTMLElement) {
  const slide = within(slideshow).getByRole("group")
  return { label: slide.getAttribute("aria-label"), caption: slide.textContent }
}
const position = (slideshow: HTMLElement) => within(slideshow).getByText(/^\d sur 5$/)

describe("AI engine slideshow", () => {
  it("has 5 garment images with their descriptions", () => {
    // The images after the first wait for the panel to come near the viewport
    // (__tests__/components/engine-panel-images.test.tsx); without IntersectionObserver that is at once.
    const observer = window.IntersectionObserver
    Object.defineProperty(window, "IntersectionObserver", { writable: true, value: undefined })
    try {
      const slideshow = renderPanel()
      expect(slideshow).toHaveAttribute("aria-roledescription", "carrousel")
      const images = within(slideshow).getAllByRole("img", { hidden: true })
      expect(images.map((image) => image.getAttribute("alt"))).toEqual(slides.map((slide) => slide.alt))
    } finally {
      window.IntersectionObserver = observer
    }
  })

  it("advances every 3 seconds and wraps from the 5th to the 1st", () => {
    const slideshow = renderPanel()
    expect(shown(slideshow)).toEqual({ label: "1 sur 5", caption: captions[0] })
    wait(SLIDE_INTERVAL_MS - 1)
    expect(shown(slideshow).label).toBe("1 sur 5")
    wait(1)
    expect(shown(slideshow)).toEqual({ label: "2 sur 5", caption: captions[1] })
    expect(position(slideshow)).toHaveTextContent("2 sur 5")
    wait(SLIDE_INTERVAL_MS * 3)
    expect(shown(slideshow).label).toBe("5 sur 5")
    wait(SLIDE_INTERVAL_MS)
    expect(shown(slideshow).label).toBe("1 sur 5")
  })

  it("keeps the position silent while turning on its own, and announces it when paused", async () => {
    const user = visitor()
    const slideshow = renderPanel()
    expect(position(slideshow)).toHaveAttribute("aria-live", "off")
    await user.click(within(slideshow).getByRole("button", { name: "Mettre en pause le diaporama" }))
    expect(position(slideshow)).toHaveAttribute("aria-live", "polite")
    expect(position(slideshow)).toHaveAttribute("aria-atomic", "true")
  })

  it("pauses and resumes with the play/pause button", async () => {
    const user = visitor()
    const slideshow = renderPanel()
    await user.click(within(slideshow).getByRole("button", { name: "Mettre en pause le diaporama" }))
    await user.unhover(slideshow)
    wait(SLIDE_INTERVAL_MS * 4)
    expect(shown(slideshow).label).toBe("1 sur 5")

    // Focus stays on the play button: that must not hold the slideshow it has just started.
    await user.click(within(slideshow).getByRole("button", { name: "Lire le diaporama" }))
    await user.unhover(slideshow)
    expect(within(slideshow).getByRole("button", { name: "Mettre en pause le diaporama" })).toHaveFocus()
    wait(SLIDE_INTERVAL_MS)
    expect(shown(slideshow).label).toBe("2 sur 5")
  })

  it("steps with previous and next, wrapping both ways", async () => {
    const user = visitor()
    const slideshow = renderPanel()
    await user.click(within(slideshow).getByRole("button", { name: "Image précédente" }))
    expect(shown(slideshow).label).toBe("5 sur 5")
    await user.click(within(slideshow).getByRole("button", { name: "Image suivante" }))
    await user.click(within(slideshow).getByRole("button", { name: "Image suivante" }))
    expect(shown(slideshow)).toEqual({ label: "2 sur 5", caption: captions[1] })
    expect(position(slideshow)).toHaveAttribute("aria-live", "polite")
  })

  it("holds while the mouse is over it and resumes when it leaves", async () => {
    const user = visitor()
    const slideshow = renderPanel()
    await user.hover(slideshow)
    wait(SLIDE_INTERVAL_MS * 3)
    expect(shown(slideshow).label).toBe("1 sur 5")
    await user.unhover(slideshow)
    wait(SLIDE_INTERVAL_MS)
    expect(shown(slideshow).label).toBe("2 sur 5")
  })

  it("holds while a control inside it has keyboard focus", async () => {
    const user = visitor()
    const slideshow = renderPanel()
    await user.tab()
    await user.tab()
    expect(within(slideshow).getByRole("button", { name: "Image précédente" })).toHaveFocus()
    wait(SLIDE_INTERVAL_MS * 3)
    expect(shown(slideshow).label).toBe("1 sur 5")
    await user.click(document.body)
    wait(SLIDE_INTERVAL_MS)
    expect(shown(slideshow).label).toBe("2 sur 5")
  })

  it("is not held by a finger tap on the image (touch has no hover)", async () => {
    const user = visitor()
    const slideshow = renderPanel()
    const image = within(slideshow).getAllByRole("img", { hidden: true })[0] as HTMLElement
    await user.pointer({ keys: "[TouchA]", target: image })
    wait(SLIDE_INTERVAL_MS)
    expect(shown(slideshow).label).toBe("2 sur 5")
  })

  it("starts paused when the visitor prefers reduced motion, and can still be played", async () => {
    preferReducedMotion()
    const user = visitor()
    const slideshow = renderPanel()
    const play = within(slideshow).getByRole("button", { name: "Lire le diaporama" })
    wait(SLIDE_INTERVAL_MS * 3)
    expect(shown(slideshow).label).toBe("1 sur 5")
    await user.click(play)
    await user.unhover(slideshow)
    wait(SLIDE_INTERVAL_MS)
    expect(shown(slideshow).label).toBe("2 sur 5")
  })

  it("has a mute toggle that is only a visual state", async () => {
    const user = visitor()
    const slideshow = renderPanel()
    const mute = within(slideshow).getByRole("button", { name: "Son coupé" })
    expect(mute).toHaveAttribute("aria-pressed", "true")
    await user.click(mute)
    expect(mute).toHaveAttribute("aria-pressed", "false")
    await user.click(mute)
    expect(mute).toHaveAttribute("aria-pressed", "true")
    expect(document.querySelector("audio, video")).toBeNull()
  })

  it("shows the fixed materials list and the 94 % and 98 % fabric scores", () => {
    renderPanel()
    expect(screen.getByRole("heading", { name: "Matières Officielles Détectées" })).toBeInTheDocument()
    expect(screen.getByText(/^94\s%$/)).toBeInTheDocument()
    expect(screen.getByText(/^98\s%$/)).toBeInTheDocument()
  })
})
