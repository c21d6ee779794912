import React from "react"
import { act, render, screen, within } from "@testing-library/react"
import { EnginePanel, type EnginePanelContent } from "../../src/sections/EnginePanel"
import { fakeImage, readContent } from "../helpers/content"
import { ControlledObserver, installControlledObserver } from "../helpers/intersection-observer"

type Engine = { panel: EnginePanelContent; slides: Array<{ alt: string; caption: string; image: string }> }
const engine = readContent<Engine>("engine")
const slides = engine.slides.map((slide) => ({ ...slide, image: fakeImage(slide.image, 720, 540) }))

installControlledObserver()

test("only the first slide's image is in the page until the panel comes near, then all five", () => {
  render(<EnginePanel panel={engine.panel} slides={slides} />)
  const slideshow = screen.getByRole("region", { name: "Articles en cours d'analyse" })
  const alts = () =>
    within(slideshow)
      .queryAllByRole("img", { hidden: true })
      .map((image) => image.getAttribute("alt"))
  expect(alts()).toEqual([slides[0]?.alt])
  // Every caption is there from the start: only the images wait.
  for (const slide of slides) expect(within(slideshow).getByText(slide.caption)).toBeInTheDocument()

  act(() => ControlledObserver.instances.forEach((observer) => observer.report(false)))
  expect(alts()).toHaveLength(1)
  act(() => ControlledObserver.instances.forEach((observer) => observer.report(true)))
  expect(alts()).toEqual(slides.map((slide) => slide.alt))
})
