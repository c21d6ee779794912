import React from "react"
import { render, renderHook, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ThemeToggle } from "../src/sections/Header/ThemeToggle"
import { ThemeProvider, useTheme } from "../src/lib/theme-choice"
import { THEME_COLORS, THEME_STORAGE_KEY, themeInitScript } from "../src/lib/theme-pre-paint"
import { fakeMatchMedia } from "./helpers/media"

function setSystemDark(dark: boolean) {
  window.matchMedia = fakeMatchMedia((query) => dark && query.includes("dark"))
}

function resetDocument() {
  document.documentElement.className = ""
  document.documentElement.removeAttribute("style")
  document.head.innerHTML = `<meta name="theme-color" content="${THEME_COLORS.light}">`
  window.localStorage.clear()
}

function renderToggle() {
  return render(
    <ThemeProvider>
      <ThemeToggle />
    </ThemeProvider>,
  )
}

describe("theme", () => {
  beforeEach(() => {
    resetDocument()
    setSystemDark(false)
  })
  afterEach(() => jest.restoreAllMocks())

  it("switches to dark and back, remembering the choice", async () => {
    renderToggle()
    const toggle = screen.getByRole("button", { name: "Thème sombre" })
    expect(toggle).toHaveAttribute("aria-pressed", "false")

    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute("aria-pressed", "true")
    expect(document.documentElement).toHaveClass("dark")
    expect(document.documentElement.style.colorScheme).toBe("dark")
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark")
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute("content", THEME_COLORS.dark)

    await userEvent.click(toggle)
    expect(document.documentElement).not.toHaveClass("dark")
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("light")
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute("content", THEME_COLORS.light)
  })

  it("starts from the stored choice", () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, "dark")
    renderToggle()
    expect(screen.getByRole("button", { name: "Thème sombre" })).toHaveAttribute("aria-pressed", "true")
  })

  it("follows the system preference when nothing is stored", () => {
    setSystemDark(true)
    renderToggle()
    expect(screen.getByRole("button", { name: "Thème sombre" })).toHaveAttribute("aria-pressed", "true")
  })

  it("keeps working when storage throws (private browsing, full quota)", async () => {
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("SecurityError")
    })
    jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError")
    })
    renderToggle()
    await userEvent.click(screen.getByRole("button", { name: "Thème sombre" }))
    expect(document.documentElement).toHaveClass("dark")
  })

  it("refuses to be used outside its provider", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined)
    expect(() => renderHook(() => useTheme())).toThrow("useTheme doit être utilisé à l'intérieur de <ThemeProvider>.")
  })
})

describe("theme script run before first paint", () => {
  beforeEach(resetDocument)

  const runScript = () => new Function(themeInitScript)()

  it("applies a stored dark choice to <html> and the theme-color meta", () => {
    setSystemDark(false)
    window.localStorage.setItem(THEME_STORAGE_KEY, "dark")
    runScript()
    expect(document.documentElement).toHaveClass("dark")
    expect(document.documentElement).toHaveClass("js")
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute("content", THEME_COLORS.dark)
  })

  it("uses the system preference without a stored choice, even if storage throws", () => {
    setSystemDark(true)
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("SecurityError")
    })
    runScript()
    expect(document.documentElement).toHaveClass("dark")
    jest.restoreAllMocks()
  })

  it("stays light for a stored light choice on a dark system", () => {
    setSystemDark(true)
    window.localStorage.setItem(THEME_STORAGE_KEY, "light")
    runScript()
    expect(document.documentElement).not.toHaveClass("dark")
    expect(document.documentElement.style.colorScheme).toBe("light")
  })
})
