import React from "react"
import { CheckCircle2, ChevronLeft, ChevronRight, Pause, Play, Volume2, VolumeX } from "lucide-react"
import { copy } from "../../copy"
import { useCarousel } from "../../hooks/useCarousel"
import { useNearViewport } from "../../hooks/useNearViewport"
import { formatPercent } from "../../lib/format"

import { Picture } from "../../components/Picture"
import { Carousel, CarouselPosition, CarouselSlide } from "../../components/Carousel"
import { Section } from "../../components/Section"
import * as styles from "./EnginePanel.css"

export const SLIDE_INTERVAL_MS = 3000
const SLIDES_PRELOAD_MARGIN = "800px 0px"

export type EngineSlide = Queries.EngineSlideContentFragment

export type EnginePanelContent = Queries.EnginePanelContentFragment

type EnginePanelProps = { panel: EnginePanelContent; slides: ReadonlyArray<EngineSlide> }

/** The static "AI Control Panel" demo: a 5-image slideshow, detected materials and fabric scores. */
export function EnginePanel({ panel, slides }: EnginePanelProps) {
  const carousel = useCarousel(slides.length, SLIDE_INTERVAL_MS)
  const [muted, setMuted] = React.useState(true)
  // Only the first image is in the page's HTML: browsers fetch lazy images well ahead of the
  // viewport, and all five would load with the first view, where they outweigh everything else.
  // The others join once the panel comes near.
  const [stageRef, nearView] = useNearViewport<HTMLDivElement>(SLIDES_PRELOAD_MARGIN)

  return (
    <Section id="moteur" heading={{ eyebrow: panel.eyebrow, title: panel.title, intro: panel.subtitle }}>
      <div className={styles.panel}>
        <div className={styles.panelHeader}>
          <p className={styles.panelTitle}>{panel.title}</p>
          <p className={styles.status}>
            <span className={styles.pulse} aria-hidden="true" />
            {panel.status}
          </p>
        </div>

        <Carousel ref={stageRef} carousel={carousel} label={copy.engine.slideshow} className={styles.stage}>
          <div className={styles.viewport}>
            {slides.map((slide, index) => {
              const image = slide.image.childImageSharp?.gatsbyImageData
              const active = index === carousel.index
              return (
                <CarouselSlide key={slide.caption} index={index} total={slides.length} active={active} className={styles.slide}>
                  {image && (index === 0 || nearView) ? <Picture image={image} alt={slide.alt} className={styles.slideImage} /> : null}
                  <p className={styles.caption}>{slide.caption}</p>
                </CarouselSlide>
              )
            })}
          </div>
          <div className={styles.controls}>
            <button
              type="button"
              className={`${styles.control} js-only`}
              {...carousel.rotationProps}
              aria-label={carousel.playing ? copy.engine.pause : copy.engine.play}
            >
              {carousel.playing ? <Pause size={20} aria-hidden="true" /> : <Play size={20} aria-hidden="true" />}
            </button>
            <button type="button" className={`${styles.control} js-only`} onClick={carousel.previous} aria-label={copy.engine.previous}>
              <ChevronLeft size={20} aria-hidden="true" />
            </button>
            <button type="button" className={`${styles.control} js-only`} onClick={carousel.next} aria-label={copy.engine.next}>
              <ChevronRight size={20} aria-hidden="true" />
            </button>
            <button
              type="button"
              className={`${styles.control} js-only`}
              aria-pressed={muted}
              aria-label={copy.engine.mute}
              onClick={() => setMuted((value) => !value)}
            >
              {muted ? <VolumeX size={20} aria-hidden="true" /> : <Volume2 size={20} aria-hidden="true" />}
            </button>
            <CarouselPosition carousel={carousel} total={slides.length} className={styles.position} />
          </div>
        </Carousel>

        <div className={styles.side}>
          <div>
            <h3 className={styles.blockTitle}>{panel.materialsTitle}</h3>
            <ul className={styles.materials}>
              {panel.materials.map((material) => (
                <li key={material} className={styles.material}>
                  <CheckCircle2 size={18} className={styles.check} aria-hidden="true" />
                  {material}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className={styles.blockTitle}>{panel.analysisTitle}</h3>
            <ul className={styles.bars}>
              {panel.analysis.map((entry) => (
                <li key={entry.label} className={styles.barRow}>
                  <p className={styles.barLabel}>
                    <span>{entry.label}</span>
                    <strong className={styles.barValue}>{formatPercent(entry.value)}</strong>
                  </p>
                  <div className={styles.barTrack} aria-hidden="true">
                    <div className={styles.barFill} style={{ width: `${entry.value}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </Section>
  )
}
