import { useCallback, useEffect, useState } from "react"
import { usePrefersReducedMotion } from "./usePrefersReducedMotion"

export type Carousel = {
  index: number
  /** The visitor's play/pause choice. */
  playing: boolean
  /**
   * Slides are advancing on their own: playing and not held (autoplay waits while the carousel
   * is hovered or focused, so nothing moves under the pointer or focus). `aria-live` must then
   * be "off" (APG carousel pattern).
   */
  autoplaying: boolean
  toggle: () => void
  next: () => void
  previous: () => void
  goTo: (index: number) => void
  /** Spread on the carousel's root element. */
  holdHandlers: {
    onPointerEnter: (event: React.PointerEvent<HTMLElement>) => void
    onPointerLeave: (event: React.PointerEvent<HTMLElement>) => void
    onFocus: (event: React.FocusEvent<HTMLElement>) => void
    onBlur: (event: React.FocusEvent<HTMLElement>) => void
  }
  /** Spread on the play/pause button. */
  rotationProps: { onClick: () => void; "data-carousel-rotation": true }
}

/** Focus on the play/pause button itself does not hold: pressing "play" must start the slides. */
function isRotationControl(target: EventTarget): boolean {
  return target instanceof Element && target.closest("[data-carousel-rotation]") !== null
}

/**
 * Slide index that advances every `intervalMs`, with a play/pause state that starts paused
 * when the visitor prefers reduced motion, and a hold while hovered by a mouse or focused.
 * Touch is not a hover: a tap would otherwise hold the carousel until the next tap elsewhere.
 */
export function useCarousel(count: number, intervalMs: number): Carousel {
  const reducedMotion = usePrefersReducedMotion()
  const [index, setIndex] = useState(0)
  const [playing, setPlaying] = useState(true)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)

  useEffect(() => {
    if (reducedMotion) setPlaying(false)
  }, [reducedMotion])

  const autoplaying = playing && !hovered && !focused && count > 1
  useEffect(() => {
    if (!autoplaying) return
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs)
    return () => window.clearInterval(timer)
  }, [autoplaying, count, intervalMs])

  const goTo = useCallback((target: number) => setIndex(((target % count) + count) % count), [count])
  const next = useCallback(() => setIndex((current) => (current + 1) % count), [count])
  const previous = useCallback(() => setIndex((current) => (current - 1 + count) % count), [count])
  const toggle = useCallback(() => setPlaying((value) => !value), [])

  return {
    index,
    playing,
    autoplaying,
    toggle,
    next,
    previous,
    goTo,
    holdHandlers: {
      onPointerEnter: (event) => {
        if (event.pointerType === "mouse") setHovered(true)
      },
      onPointerLeave: (event) => {
        if (event.pointerType === "mouse") setHovered(false)
      },
      onFocus: (event) => setFocused(!isRotationControl(event.target)),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      },
    },
    rotationProps: { onClick: toggle, "data-carousel-rotation": true },
  }
}
