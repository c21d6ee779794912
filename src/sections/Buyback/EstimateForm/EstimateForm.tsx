import React, { useEffect, useId, useRef, useState } from "react"
import { Loader2, Send } from "lucide-react"
import { copy } from "../../../copy"
import { ESTIMATE_FIELDS } from "../../../contract/estimate"
import { sendEstimate } from "../../../lib/estimate-client"
import { onEstimateEmail, takeEstimateEmail } from "../../../lib/estimate-handoff"
import { visuallyHidden } from "../../../styles/utils.css"
import { button } from "../../../components/Button"
import { PrivacyNotice } from "../../../components/PrivacyNotice"
import { useToast } from "../../../components/Toast"
import { formProblems, isIncomplete, isValidEmail, statusLine } from "./messages"
import type { ItemChoices } from "./ItemFields"
import { newGarment, type GarmentDraft } from "./garments"
import { GarmentList } from "./GarmentList"
import { EstimateSent, type SentRequest } from "./EstimateSent"
import * as styles from "./EstimateForm.css"
import * as garmentStyles from "./Garments.css"

export type EstimateFormCopy = Queries.EstimateFormCopyFragment

/**
 * The buy-back estimate request: email and one to MAX_GARMENTS garments (./GarmentList.tsx: each
 * its choices, optional description and 1 to 4 photos; the backend enforces the same limits), sent to
 * POST /api/estimate with upload progress. The form clears only after the 201 (the request is
 * then in the shop's outbox) and gives way to the confirmation (./EstimateSent.tsx), which stays
 * until « Faire une autre demande »; on any failure everything stays and the toast offers
 * "Réessayer". `offerDelay`: the shop's delay for a firm offer (content/buyback.json `sale`).
 */
export function EstimateForm({ copy: content, choices, offerDelay }: { copy: EstimateFormCopy; choices: ItemChoices; offerDelay: string }) {
  const { toast } = useToast()
  const [email, setEmail] = useState("")
  const [garments, setGarments] = useState<readonly GarmentDraft[]>(() => [newGarment()])
  // The address is judged once the visitor leaves the field or submits, not while typing.
  const [emailChecked, setEmailChecked] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [progress, setProgress] = useState(0)
  const [sent, setSent] = useState<SentRequest | null>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const honeypotRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const ids = {
    title: `${id}-title`,
    email: `${id}-email`,
    emailError: `${id}-email-error`,
    status: `${id}-status`,
    progress: `${id}-progress`,
  }

  const problems = formProblems({ email, emailChecked, photoCounts: garments.map((garment) => garment.photos.length) })
  const missing = isIncomplete(problems)
  const emailInvalid = problems.wrong.includes("email")
  const status = statusLine(problems)

  // The chat's "Faire estimer un article" leaves the visitor's email; it fills an empty field.
  useEffect(() => {
    const apply = () => {
      const offered = takeEstimateEmail()
      if (offered) setEmail((current) => (current.trim() === "" ? offered : current))
    }
    apply()
    return onEstimateEmail(apply)
  }, [])

  // The toast's "Réessayer" runs the latest attemptSubmit, with the fields as they are then.
  const attemptSubmitRef = useRef<() => void>(() => undefined)
  const attemptSubmit = () => {
    if (submitting) return
    if (missing) {
      toast({ ...copy.estimate.missing, variant: "destructive" })
      return
    }
    if (!isValidEmail(email)) {
      setEmailChecked(true)
      emailRef.current?.focus()
      return
    }
    void submit()
  }

  const submit = async () => {
    setSubmitting(true)
    setProgress(0)
    const result = await sendEstimate({ email, garments, honeypot: honeypotRef.current?.value ?? "" }, setProgress)
    setSubmitting(false)
    if (result.ok) {
      setSent({ id: result.id, email: email.trim(), ...(result.page ? { page: result.page } : {}) })
      setEmail("")
      // New blocks: the old ones unmount and revoke their photos' previews.
      setGarments([newGarment()])
      setEmailChecked(false)
      return
    }
    const failed = copy.estimate.failed
    const reason = result.message ?? (result.reason === "network" ? failed.network : failed.unavailable)
    toast({
      title: failed.title,
      description: `${reason}\n${failed.kept}`,
      variant: "destructive",
      action: { label: failed.retry, altText: failed.retryAlt, onAction: () => attemptSubmitRef.current() },
    })
  }

  useEffect(() => {
    attemptSubmitRef.current = attemptSubmit
  })

  if (sent) {
    return (
      <EstimateSent
        sent={sent}
        offerDelay={offerDelay}
        // The success toast once the confirmation is in place, on the screen's edge away from its link.
        shown={(uncovered) =>
          toast({
            ...copy.estimate.success,
            description: `${copy.estimate.success.description}\n${copy.estimate.requestNumber(sent.id)}`,
            variant: "success",
            avoid: uncovered,
          })
        }
        onAgain={() => {
          setSent(null)
          // The empty form is back: the visitor starts from its first field.
          window.setTimeout(() => emailRef.current?.focus())
        }}
      />
    )
  }

  return (
    <form
      className={styles.form}
      aria-labelledby={ids.title}
      aria-busy={submitting}
      // Messages are ours, in French and in the page, not the browser's bubbles.
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        attemptSubmit()
      }}
    >
      <h3 id={ids.title} className={styles.title}>
        {content.title}
      </h3>
      <fieldset className={styles.fields} disabled={submitting}>
        <div className={styles.field}>
          <label htmlFor={ids.email} className={styles.label}>
            {content.emailLabel}
          </label>
          <input
            ref={emailRef}
            id={ids.email}
            className={styles.input}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            placeholder={content.emailPlaceholder}
            value={email}
            aria-invalid={emailInvalid}
            aria-describedby={emailInvalid ? ids.emailError : undefined}
            onChange={(event) => {
              setEmail(event.target.value)
              // A message on screen updates as the visitor fixes the address; a new one waits for blur.
              if (!emailInvalid) setEmailChecked(false)
            }}
            onBlur={() => setEmailChecked(true)}
            onKeyDown={(event) => {
              // Enter submits even while the button is disabled, so a visitor who presses it
              // without a photo learns what is missing instead of getting no response at all.
              if (event.key !== "Enter" || event.nativeEvent.isComposing) return
              event.preventDefault()
              setEmailChecked(true)
              attemptSubmit()
            }}
          />
          {/* Not a live region: the status line under the button announces it with the rest. */}
          <p id={ids.emailError} className={styles.error}>
            {emailInvalid ? content.emailInvalid : null}
          </p>
        </div>

        <GarmentList copy={content} choices={choices} garments={garments} sending={submitting} onChange={setGarments} />
        {/* Off-screen and out of the tab order: only bots fill it in (the server then keeps nothing). */}
        <div className={styles.honeypot} aria-hidden="true">
          <label>
            {copy.estimate.honeypot}
            <input ref={honeypotRef} type="text" name={ESTIMATE_FIELDS.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
      </fieldset>

      {submitting ? (
        <div className={styles.progress}>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-labelledby={ids.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div className={styles.progressBar} style={{ width: `${progress}%` }} />
          </div>
          <p id={ids.progress} className={styles.count}>
            {copy.estimate.progress(progress)}
          </p>
        </div>
      ) : null}

      <p className={garmentStyles.noScript}>{copy.estimate.noScript}</p>
      <button type="submit" className={button({ block: true })} disabled={submitting || missing} aria-describedby={status ? ids.status : undefined}>
        {submitting ? <Loader2 className={styles.spinner} size={20} aria-hidden="true" /> : <Send size={20} aria-hidden="true" />}
        {submitting ? content.submitting : content.submit}
      </button>
      {/*
       * The form's one polite live region, always in the page so each change is announced:
       * everything still missing or wrong, or (for screen readers only) that the request is sent.
       */}
      <p id={ids.status} role="status" className={styles.status}>
        {submitting ? <span className={visuallyHidden}>{content.submitting}</span> : status}
      </p>
      <PrivacyNotice text={content.privacyNotice} />
    </form>
  )
}
