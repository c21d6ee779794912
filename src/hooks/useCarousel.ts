import { useCallback, useEffect, useState } from "react"
import { usePrefersReducedMotion } from "./usePrefersReducedMotion"

export type Carousel = {
  index: number
  count: number
  /** The visitor's play/pause choice. */
  playing: boolean
  /** True while hovered or focused: autoplay waits so nothing moves under the pointer or focus. */
  held: boolean
  toggle: () => void
  next: () => void
  previous: () => void
  goTo: (index: number) => void
  /** Spread on the carousel's root element. */
  holdHandlers: {
    onMouseEnter: () => void
    onMouseLeave: () => void
    onFocus: () => void
    onBlur: (event: React.FocusEvent<HTMLElement>) => void
  }
}

/**
 * Slide index that advances every `intervalMs`, with a play/pause state that starts paused
 * when the visitor prefers reduced motion, and a hold while hovered or focused.
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

  const held = hovered || focused
  useEffect(() => {
    if (!playing || held || count < 2) return
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs)
    return () => window.clearInterval(timer)
  }, [playing, held, count, intervalMs])

  const goTo = useCallback((target: number) => setIndex(((target % count) + count) % count), [count])
  const next = useCallback(() => setIndex((current) => (current + 1) % count), [count])
  const previous = useCallback(() => setIndex((current) => (current - 1 + count) % count), [count])
  const toggle = useCallback(() => setPlaying((value) => !value), [])

  return {
    index,
    count,
    playing,
    held,
    toggle,
    next,
    previous,
    goTo,
    holdHandlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      },
    },
  }
}
