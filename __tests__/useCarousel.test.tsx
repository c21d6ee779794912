import React from "react"
import { act, render, renderHook, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { useCarousel } from "../src/hooks/useCarousel"
import { preferReducedMotion, restoreMotionPreference } from "./helpers/motion"

const INTERVAL = 3000

beforeEach(() => {
  jest.useFakeTimers()
})
afterEach(() => {
  jest.useRealTimers()
  restoreMotionPreference()
})

const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms))

/** A bare carousel: the hook's handlers on a region with a dot and the play/pause button. */
function Demo({ count }: { count: number }) {
  const carousel = useCarousel(count, INTERVAL)
  return (
    <>
      <div role="region" aria-label="Démo" {...carousel.holdHandlers}>
        <p>{`${carousel.index + 1} sur ${count}`}</p>
        <button type="button" {...carousel.rotationProps}>
          {carousel.playing ? "Pause" : "Lecture"}
        </button>
        <button type="button" onClick={() => carousel.goTo(2)}>
          Trois
        </button>
      </div>
      <button type="button">Ailleurs</button>
    </>
  )
}

describe("useCarousel", () => {
  it("advances one step per interval and wraps", () => {
    const { result } = renderHook(() => useCarousel(3, INTERVAL))
    expect(result.current.index).toBe(0)
    wait(INTERVAL)
    expect(result.current.index).toBe(1)
    wait(INTERVAL * 2)
    expect(result.current.index).toBe(0)
    expect(result.current.autoplaying).toBe(true)
  })

  it("does not tick with a single slide", () => {
    const { result } = renderHook(() => useCarousel(1, INTERVAL))
    expect(result.current.autoplaying).toBe(false)
    expect(jest.getTimerCount()).toBe(0)
  })

  it("clears its timer when unmounted", () => {
    const { unmount } = renderHook(() => useCarousel(3, INTERVAL))
    expect(jest.getTimerCount()).toBe(1)
    unmount()
    expect(jest.getTimerCount()).toBe(0)
  })

  it("wraps goTo, next and previous into range", () => {
    const { result } = renderHook(() => useCarousel(5, INTERVAL))
    act(() => result.current.goTo(7))
    expect(result.current.index).toBe(2)
    act(() => result.current.goTo(-1))
    expect(result.current.index).toBe(4)
    act(() => result.current.next())
    expect(result.current.index).toBe(0)
    act(() => result.current.previous())
    expect(result.current.index).toBe(4)
  })

  it("restarts a full interval after a pause, so a slide never flashes by", () => {
    const { result } = renderHook(() => useCarousel(3, INTERVAL))
    wait(INTERVAL - 100)
    act(() => result.current.toggle())
    act(() => result.current.toggle())
    wait(100)
    expect(result.current.index).toBe(0)
    wait(INTERVAL - 100)
    expect(result.current.index).toBe(1)
  })

  it("stays held while focus moves between controls inside, and resumes when it leaves", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    render(<Demo count={3} />)
    await user.tab()
    expect(screen.getByRole("button", { name: "Pause" })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole("button", { name: "Trois" })).toHaveFocus()
    wait(INTERVAL * 2)
    expect(screen.getByText("1 sur 3")).toBeInTheDocument()
    await user.tab({ shift: true })
    // Back on play/pause: focus there does not hold.
    wait(INTERVAL)
    expect(screen.getByText("2 sur 3")).toBeInTheDocument()
    await user.tab()
    wait(INTERVAL)
    expect(screen.getByText("2 sur 3")).toBeInTheDocument()
    await user.tab()
    expect(screen.getByRole("button", { name: "Ailleurs" })).toHaveFocus()
    wait(INTERVAL)
    expect(screen.getByText("3 sur 3")).toBeInTheDocument()
  })

  it("starts paused under prefers-reduced-motion", () => {
    preferReducedMotion()
    const { result } = renderHook(() => useCarousel(3, INTERVAL))
    expect(result.current.playing).toBe(false)
    wait(INTERVAL * 3)
    expect(result.current.index).toBe(0)
    act(() => result.current.toggle())
    wait(INTERVAL)
    expect(result.current.index).toBe(1)
  })
})
