import React, { useEffect, useRef, useState } from "react"
import { Loader2, Pause, Play, Recycle, ScanLine, ShieldCheck, Sparkles, type LucideIcon } from "lucide-react"
import { copy } from "../../copy"
import { useCarousel } from "../../hooks/useCarousel"
import { useFocusTrap } from "../../hooks/useFocusTrap"
import { formatClaim } from "../../lib/format"
import { visuallyHidden } from "../../styles/utils.css"
import { button } from "../../components/Button"
import { Carousel, CarouselPosition, CarouselSlide } from "../../components/Carousel"
import { ThemeToggle } from "../Header/ThemeToggle"
import * as styles from "./Splash.css"

/** The carousel's interval and the delay between the enter click and the main page. */
export const SPLASH_CARD_INTERVAL_MS = 3000
export const SPLASH_ENTER_DELAY_MS = 1500

const ICONS: Record<string, LucideIcon> = { scan: ScanLine, shield: ShieldCheck, recycle: Recycle, sparkles: Sparkles }

/** content/splash.json, as its fragment (Splash.fragment.ts) reads it. */
export type SplashContent = Queries.SplashContentFragment

type SplashProps = {
  splash: SplashContent
  claims: ReadonlyArray<Queries.ClaimFieldsFragment>
  onEnter: () => void
}

/**
 * Welcome splash (a modal dialog). It is in the static HTML but hidden when JavaScript is off,
 * so the page behind stays readable; focus stays inside while it is open.
 */
export function Splash({ splash, claims, onEnter }: SplashProps) {
  const [loading, setLoading] = useState(false)
  const dialogRef = useRef<HTMLDivElement>(null)
  const carousel = useCarousel(splash.cards.length, SPLASH_CARD_INTERVAL_MS)
  useFocusTrap(dialogRef)

  useEffect(() => {
    if (!loading) return
    const timer = window.setTimeout(onEnter, SPLASH_ENTER_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [loading, onEnter])

  return (
    <div className={styles.overlay} data-splash="">
      <div ref={dialogRef} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby="splash-title" aria-describedby="splash-text">
        <div className={styles.toggle}>
          <ThemeToggle />
        </div>
        <span className={styles.brandMark} aria-hidden="true">
          <Sparkles size={32} />
        </span>
        <h2 id="splash-title" className={styles.title}>
          {splash.title}
        </h2>
        <p id="splash-text" className={styles.text}>
          {splash.text}
        </p>

        <Carousel carousel={carousel} label={splash.title} className={styles.carousel}>
          <div className={styles.cardViewport}>
            {splash.cards.map((card, index) => {
              const Icon = ICONS[card.icon] ?? Sparkles
              const active = index === carousel.index
              return (
                <CarouselSlide key={card.title} index={index} total={splash.cards.length} active={active} className={styles.card}>
                  <Icon size={32} className={styles.cardIcon} aria-hidden="true" />
                  <h3 className={styles.cardTitle}>{card.title}</h3>
                  <p className={styles.cardText}>{card.text}</p>
                </CarouselSlide>
              )
            })}
          </div>
          <div className={styles.dots}>
            <button type="button" className={styles.pause} {...carousel.rotationProps} aria-label={carousel.playing ? copy.splash.pause : copy.splash.play}>
              {carousel.playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
            </button>
            {splash.cards.map((card, index) => (
              <button
                key={card.title}
                type="button"
                className={styles.dot}
                aria-label={copy.splash.showCard(index + 1, splash.cards.length, card.title)}
                aria-current={index === carousel.index}
                onClick={() => carousel.goTo(index)}
              />
            ))}
          </div>
          <CarouselPosition carousel={carousel} total={splash.cards.length} className={visuallyHidden} />
        </Carousel>

        <ul className={styles.stats}>
          {claims.map((claim) => (
            <li key={claim.label} className={styles.stat}>
              <span className={styles.statValue}>{formatClaim(claim)}</span>
              <span className={styles.statLabel}>{claim.label}</span>
            </li>
          ))}
        </ul>

        <button
          type="button"
          className={button({ tone: "primary", block: true })}
          onClick={() => setLoading(true)}
          // aria-disabled, not disabled: a disabled button drops focus to <body>, out of the dialog.
          aria-disabled={loading}
        >
          {loading ? <Loader2 size={20} className={styles.spinner} aria-hidden="true" /> : null}
          {loading ? splash.loading : splash.enter}
        </button>
        <p className={visuallyHidden} role="status">
          {loading ? splash.loading : ""}
        </p>
      </div>
    </div>
  )
}
