import React from "react"
import { GatsbyImage, getImage, type IGatsbyImageData } from "gatsby-plugin-image"
import { CheckCircle2, ChevronLeft, ChevronRight, Pause, Play, Volume2, VolumeX } from "lucide-react"
import { copy } from "../../copy"
import { useCarousel } from "../../hooks/useCarousel"
import { formatPercent } from "../../lib/format"
import { container, section } from "../../styles/utils.css"
import { SectionHeading } from "../SectionHeading"
import * as styles from "./EnginePanel.css"

export const SLIDE_INTERVAL_MS = 3000

export type EngineSlide = {
  readonly alt: string
  readonly caption: string
  readonly image: { readonly childImageSharp: { readonly gatsbyImageData: IGatsbyImageData } | null }
}

export type EnginePanelContent = {
  readonly title: string
  readonly subtitle: string
  readonly status: string
  readonly materialsTitle: string
  readonly materials: ReadonlyArray<string>
  readonly analysisTitle: string
  readonly analysis: ReadonlyArray<{ readonly label: string; readonly value: number }>
}

type EnginePanelProps = { panel: EnginePanelContent; slides: ReadonlyArray<EngineSlide> }

/** The static "AI Control Panel" demo: a 5-image slideshow, detected materials and fabric scores. */
export function EnginePanel({ panel, slides }: EnginePanelProps) {
  const carousel = useCarousel(slides.length, SLIDE_INTERVAL_MS)
  const [muted, setMuted] = React.useState(true)

  return (
    <section id="moteur" className={section} aria-labelledby="moteur-title">
      <div className={container}>
        <SectionHeading id="moteur-title" eyebrow={copy.engine.eyebrow} title={panel.title} intro={panel.subtitle} />
        <div className={styles.panel}>
          <div className={styles.panelHeader}>
            <p className={styles.panelTitle}>{panel.title}</p>
            <p className={styles.status}>
              <span className={styles.pulse} aria-hidden="true" />
              {panel.status}
            </p>
          </div>

          <div
            className={styles.stage}
            role="region"
            aria-roledescription="carrousel"
            aria-label={panel.title}
            {...carousel.holdHandlers}
          >
            <div className={styles.viewport} aria-live={carousel.playing && !carousel.held ? "off" : "polite"}>
              {slides.map((slide, index) => {
                const image = getImage(slide.image.childImageSharp?.gatsbyImageData ?? null)
                const active = index === carousel.index
                return (
                  <figure
                    key={slide.caption}
                    className={styles.slide}
                    data-active={active}
                    role="group"
                    aria-roledescription="diapositive"
                    aria-label={copy.engine.slide(index + 1, slides.length)}
                    aria-hidden={!active}
                  >
                    {image ? (
                      <GatsbyImage
                        image={image}
                        alt={slide.alt}
                        className={styles.slideImage}
                        loading={index === 0 ? "eager" : "lazy"}
                      />
                    ) : null}
                    <figcaption className={styles.caption}>{slide.caption}</figcaption>
                  </figure>
                )
              })}
            </div>
            <div className={styles.controls}>
              <button
                type="button"
                className={`${styles.control} js-only`}
                onClick={carousel.toggle}
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
              <p className={styles.position}>{copy.engine.slide(carousel.index + 1, slides.length)}</p>
            </div>
          </div>

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
      </div>
    </section>
  )
}
