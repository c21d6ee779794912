import React from "react"
import { act, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { Splash, SPLASH_CARD_INTERVAL_MS, SPLASH_ENTER_DELAY_MS, type SplashContent } from "../src/sections/Splash"
import { ThemeProvider } from "../src/lib/theme-choice"
import { readContent, siteClaims } from "./helpers/content"
import { jsonResponse, mockFetch, removeFetch } from "./helpers/network"
import { renderHomePage } from "./helpers/page"
import { frenchTypography } from "../src/lib/typography"

// Whole-page renders are slow in jsdom on a busy machine.
jest.setTimeout(20_000)

jest.mock("gatsby", () => jest.requireActual("../__mocks__/gatsby"))

const splash = readContent<SplashContent>("splash")
const claims = siteClaims()
const [card1, card2, card3] = splash.cards.map((card) => card.title)

beforeEach(() => {
  jest.useFakeTimers()
  // As the inline head script does in a browser with JavaScript on (global styles key on it).
  document.documentElement.className = "js"
  window.localStorage.clear()
})
afterEach(() => {
  jest.useRealTimers()
})

const visitor = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms))

function renderSplash(onEnter = jest.fn()) {
  render(
    <ThemeProvider>
      <Splash splash={splash} claims={claims} onEnter={onEnter} />
    </ThemeProvider>,
  )
  return onEnter
}

/** The card on show: the others are hidden from assistive technology as well as from sight. */
function shownCard() {
  const carousel = screen.getByRole("region", { name: splash.title })
  return within(carousel).getByRole("group").querySelector("h3")?.textContent
}

describe("welcome splash", () => {
  it("is a labelled modal dialog with the three stat tiles", () => {
    renderSplash()
    const dialog = screen.getByRole("dialog", { name: "Bienvenue chez maxAi" })
    expect(dialog).toHaveAttribute("aria-modal", "true")
    const tiles = within(dialog)
      .getAllByRole("listitem")
      .map((tile) => tile.textContent)
    expect(tiles).toEqual(["99,8\u00a0%de précision IA", "300+articles authentifiés", "24/7service disponible"])
  })

  it("puts focus on the enter button and keeps Tab inside the dialog", async () => {
    const user = visitor()
    renderSplash()
    const enter = screen.getByRole("button", { name: "Entrer sur le site" })
    expect(enter).toHaveFocus()
    await user.tab()
    expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement)
    expect(screen.getByRole("button", { name: "Thème sombre" })).toHaveFocus()
    await user.tab({ shift: true })
    expect(enter).toHaveFocus()
  })

  it("turns its 3 feature cards every 3 seconds, round and round", () => {
    renderSplash()
    expect(shownCard()).toBe(card1)
    wait(SPLASH_CARD_INTERVAL_MS - 1)
    expect(shownCard()).toBe(card1)
    wait(1)
    expect(shownCard()).toBe(card2)
    wait(SPLASH_CARD_INTERVAL_MS)
    expect(shownCard()).toBe(card3)
    wait(SPLASH_CARD_INTERVAL_MS)
    expect(shownCard()).toBe(card1)
  })

  it("can be paused, and a dot shows a given card and announces its position", async () => {
    const user = visitor()
    renderSplash()
    await user.click(screen.getByRole("button", { name: "Mettre en pause le carrousel" }))
    wait(SPLASH_CARD_INTERVAL_MS * 3)
    expect(shownCard()).toBe(card1)

    await user.click(screen.getByRole("button", { name: frenchTypography(`Afficher la carte 3 sur 3 : ${card3}`) }))
    expect(shownCard()).toBe(card3)
    expect(screen.getByRole("button", { name: frenchTypography(`Afficher la carte 3 sur 3 : ${card3}`) })).toHaveAttribute("aria-current", "true")
    expect(screen.getByText("3 sur 3", { selector: "p" })).toHaveAttribute("aria-live", "polite")

    await user.click(screen.getByRole("button", { name: "Lire le carrousel" }))
    await user.unhover(screen.getByRole("region", { name: splash.title }))
    await user.click(document.body)
    wait(SPLASH_CARD_INTERVAL_MS)
    expect(shownCard()).toBe(card1)
  })

  it("toggles the theme", async () => {
    const user = visitor()
    renderSplash()
    const toggle = screen.getByRole("button", { name: "Thème sombre" })
    await user.click(toggle)
    expect(toggle).toHaveAttribute("aria-pressed", "true")
    expect(document.documentElement).toHaveClass("dark")
    await user.click(toggle)
    expect(toggle).toHaveAttribute("aria-pressed", "false")
    expect(document.documentElement).not.toHaveClass("dark")
  })

  it("shows a loading state on enter, then fires the enter action 1.5 s later, once", async () => {
    const user = visitor()
    const onEnter = renderSplash()
    const enter = screen.getByRole("button", { name: "Entrer sur le site" })
    await user.click(enter)

    expect(enter).toHaveAccessibleName("Chargement…")
    expect(enter).toHaveAttribute("aria-disabled", "true")
    expect(enter).toHaveFocus()
    expect(screen.getByRole("status")).toHaveTextContent("Chargement…")

    await user.click(enter)
    wait(SPLASH_ENTER_DELAY_MS - 1)
    expect(onEnter).not.toHaveBeenCalled()
    wait(1)
    expect(onEnter).toHaveBeenCalledTimes(1)
  })
})

describe("home page behind the splash", () => {
  beforeEach(() => {
    mockFetch(() => Promise.resolve(jsonResponse({ stores: [] })))
    jest.spyOn(console, "warn").mockImplementation(() => undefined)
  })
  afterEach(() => {
    removeFetch()
    jest.restoreAllMocks()
  })

  it("is inert while the splash is open, then shows with focus on <main> after Enter + 1.5 s", async () => {
    const user = visitor()
    const { container } = renderHomePage()
    const page = container.querySelector("#page")
    expect(page).toHaveAttribute("inert")
    expect(screen.getByRole("button", { name: "Entrer sur le site" })).toHaveFocus()

    await user.keyboard("{Enter}")
    expect(screen.getByRole("button", { name: "Chargement…" })).toBeInTheDocument()
    wait(SPLASH_ENTER_DELAY_MS - 1)
    expect(screen.getByRole("dialog")).toBeInTheDocument()
    expect(page).toHaveAttribute("inert")

    wait(1)
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
    expect(page).not.toHaveAttribute("inert")
    expect(screen.getByRole("main")).toHaveFocus()
  })
})
