import React, { useEffect, useRef } from "react"
import { CheckCircle2, ExternalLink, RotateCcw } from "lucide-react"
import { copy } from "../../../copy"
import { button } from "../../../components/Button"
import * as styles from "./EstimateForm.css"

/** A request the shop stored (the 201 of POST /api/estimate): its number, the address the offer goes to, its private page when the server keeps one. */
export type SentRequest = { id: string; email: string; page?: string }

/** Resolves once the page has not scrolled for 150 ms (a smooth scroll ended), at most after 1 s. */
function scrollSettled(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(quiet)
      window.clearTimeout(limit)
      window.removeEventListener("scroll", onScroll)
      resolve()
    }
    let quiet = window.setTimeout(done, 150)
    const limit = window.setTimeout(done, 1000)
    const onScroll = () => {
      window.clearTimeout(quiet)
      quiet = window.setTimeout(done, 150)
    }
    window.addEventListener("scroll", onScroll, { passive: true })
  })
}

/**
 * What stays on screen once the request is stored, in place of the emptied form: the request's
 * number, that a firm offer comes by e-mail within the shop's delay (content/buyback.json
 * `sale.offerDelay`), the seller's private page, and « Faire une autre demande » for an empty form.
 * Focus moves to its heading, so a screen reader reads it and the keyboard starts from it; then
 * `shown` is told what must stay uncovered (« Ouvrir ma page de suivi », else the heading), once
 * the focus has scrolled it into place (the scroll is smooth: once it stops): the success toast
 * then takes the other edge of a phone's screen.
 */
export function EstimateSent({
  sent,
  offerDelay,
  onAgain,
  shown,
}: {
  sent: SentRequest
  offerDelay: string
  onAgain: () => void
  shown?: (uncovered: Element | null) => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  const pageLink = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    let gone = false
    heading.current?.focus()
    // The focus scrolls the page smoothly: where the link lands is known once it stops.
    void scrollSettled().then(() => {
      if (!gone) shown?.(pageLink.current ?? heading.current)
    })
    return () => {
      gone = true
    }
    // Once, when the confirmation appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const words = copy.estimate.sent
  return (
    <section className={styles.sent} aria-labelledby={`envoi-${sent.id}`}>
      <h3 id={`envoi-${sent.id}`} ref={heading} tabIndex={-1} className={styles.sentTitle}>
        <CheckCircle2 size={24} className={styles.sentIcon} aria-hidden="true" />
        {words.title}
      </h3>
      <p className={styles.sentNumber}>{copy.estimate.requestNumber(sent.id)}</p>
      <p>{words.offer(offerDelay, sent.email)}</p>
      {sent.page ? (
        <div className={styles.sentPage}>
          <p>{words.pageIntro}</p>
          <a ref={pageLink} className={button({ tone: "primary", block: true })} href={sent.page}>
            <ExternalLink size={20} aria-hidden="true" />
            {words.pageLink}
          </a>
          <p className={styles.sentAddress}>{sent.page}</p>
          <p className={styles.hint}>{words.pageMail}</p>
        </div>
      ) : (
        <p className={styles.hint}>{words.noPage}</p>
      )}
      <button type="button" className={button({ tone: "secondary", block: true })} onClick={onAgain}>
        <RotateCcw size={20} aria-hidden="true" />
        {words.again}
      </button>
    </section>
  )
}
