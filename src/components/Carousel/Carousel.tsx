import React from "react"
import { copy } from "../../copy"
import type { useCarousel } from "../../hooks/useCarousel"

type CarouselState = ReturnType<typeof useCarousel>

type CarouselProps = {
  carousel: CarouselState
  /** The carousel's name for screen readers. */
  label: string
  className: string
  children: React.ReactNode
} & Omit<React.HTMLAttributes<HTMLDivElement>, "children" | "className">

/**
 * The WAI-ARIA carousel pattern both carousels of the page follow (the splash's cards, the AI
 * panel's slides): a named region announced as a carousel, whose rotation pauses while the
 * pointer or focus is inside (useCarousel's hold handlers).
 */
export const Carousel = React.forwardRef<HTMLDivElement, CarouselProps>(function Carousel({ carousel, label, className, children, ...rest }, ref) {
  return (
    <div
      ref={ref}
      className={className}
      role="region"
      aria-roledescription={copy.carousel.roleDescription}
      aria-label={label}
      {...carousel.holdHandlers}
      {...rest}
    >
      {children}
    </div>
  )
})

type SlideProps = { index: number; total: number; active: boolean; className: string; children: React.ReactNode }

/** One slide: a group announced as « diapositive », named by its position, hidden from screen readers unless shown. */
export function CarouselSlide({ index, total, active, className, children }: SlideProps) {
  return (
    <div
      className={className}
      data-active={active}
      role="group"
      aria-roledescription={copy.carousel.slideRoleDescription}
      aria-label={copy.carousel.position(index + 1, total)}
      aria-hidden={!active}
    >
      {children}
    </div>
  )
}

/** « n sur N », spoken when the visitor moves the carousel, silent while it turns by itself. */
export function CarouselPosition({ carousel, total, className }: { carousel: CarouselState; total: number; className: string }) {
  return (
    <p className={className} aria-live={carousel.autoplaying ? "off" : "polite"} aria-atomic="true">
      {copy.carousel.position(carousel.index + 1, total)}
    </p>
  )
}
