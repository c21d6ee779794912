import React, { useCallback, useEffect, useId, useRef, useState } from "react"
import { ImagePlus, Loader2, Send, X } from "lucide-react"
import { copy } from "../../../copy"
import { usePhotoPicker } from "../../../hooks/usePhotoPicker"
import { ESTIMATE_FIELDS, ESTIMATE_LIMITS } from "../../../contract/estimate"
import { sendEstimate } from "../../../lib/estimate-client"
import { onEstimateEmail, takeEstimateEmail } from "../../../lib/estimate-handoff"
import { visuallyHidden } from "../../../styles/utils.css"
import { button } from "../../../components/Button"
import { useToast } from "../../../components/Toast"
import { isValidEmail, photoProblemsToast } from "./messages"
import * as styles from "./EstimateForm.css"

export type EstimateFormCopy = Queries.EstimateFormCopyFragment

// The backend enforces the same limits (src/contract/estimate.ts).
const MAX_PHOTOS = ESTIMATE_LIMITS.maxPhotos
const MAX_DESCRIPTION = ESTIMATE_LIMITS.description

function hasFiles(event: React.DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes("Files")
}

/**
 * The buy-back estimate request: email, optional description and 1 to 4 photos, sent to
 * POST /api/estimate with upload progress. The form clears only after the 201 (the request is
 * then in the shop's outbox); on any failure everything stays and the toast offers "Réessayer".
 */
export function EstimateForm({ copy: content }: { copy: EstimateFormCopy }) {
  const { toast } = useToast()
  const { photos, addFiles, remove, clear } = usePhotoPicker(MAX_PHOTOS)
  const [email, setEmail] = useState("")
  const [description, setDescription] = useState("")
  // The address is judged once the visitor leaves the field or submits, not while typing.
  const [emailChecked, setEmailChecked] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [progress, setProgress] = useState(0)
  const [dragging, setDragging] = useState(false)
  const emailRef = useRef<HTMLInputElement>(null)
  const fileInputRef = useRef<HTMLInputElement>(null)
  const previewsRef = useRef<HTMLUListElement>(null)
  const honeypotRef = useRef<HTMLInputElement>(null)
  const focusAfterRemove = useRef<number | null>(null)
  const id = useId()
  const ids = {
    title: `${id}-title`,
    email: `${id}-email`,
    emailError: `${id}-email-error`,
    description: `${id}-description`,
    photos: `${id}-photos`,
    photosTitle: `${id}-photos-title`,
    photosHint: `${id}-photos-hint`,
    photosCount: `${id}-photos-count`,
    missing: `${id}-missing`,
    progress: `${id}-progress`,
  }

  const missingEmail = email.trim() === ""
  const missingPhoto = photos.length === 0
  const missing = missingEmail || missingPhoto
  const full = photos.length >= MAX_PHOTOS
  const emailInvalid = emailChecked && email.trim() !== "" && !isValidEmail(email)

  // The chat's "Faire estimer un article" leaves the visitor's email; it fills an empty field.
  useEffect(() => {
    const apply = () => {
      const offered = takeEstimateEmail()
      if (offered) setEmail((current) => (current.trim() === "" ? offered : current))
    }
    apply()
    return onEstimateEmail(apply)
  }, [])

  // After a removal, focus goes to the photo that took its place, else the previous one, else
  // the picker, so a keyboard user is never dropped at the top of the page.
  useEffect(() => {
    const index = focusAfterRemove.current
    if (index === null) return
    focusAfterRemove.current = null
    const buttons = previewsRef.current?.querySelectorAll("button") ?? []
    const next = buttons[Math.min(index, buttons.length - 1)] ?? fileInputRef.current
    next?.focus()
  }, [photos])

  const addPhotos = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return
      const problems = photoProblemsToast(await addFiles(files), MAX_PHOTOS)
      if (problems) toast(problems)
    },
    [addFiles, toast],
  )

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
    const result = await sendEstimate(
      { email, description, photos: photos.map((photo) => photo.file), honeypot: honeypotRef.current?.value ?? "" },
      setProgress,
    )
    setSubmitting(false)
    if (result.ok) {
      toast({ ...copy.estimate.success, description: `${copy.estimate.success.description}\n${copy.estimate.requestNumber(result.id)}`, variant: "success" })
      setEmail("")
      setDescription("")
      setEmailChecked(false)
      clear()
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

  const onDragOver = (event: React.DragEvent) => {
    if (!hasFiles(event)) return
    // Without this the browser opens the dropped photo in place of the page, losing the form.
    event.preventDefault()
    // Still "copy" when full: the drop then happens and the toast says why nothing was added.
    event.dataTransfer.dropEffect = submitting ? "none" : "copy"
    setDragging(true)
  }

  const onDragLeave = (event: React.DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
  }

  const onDrop = (event: React.DragEvent) => {
    if (!hasFiles(event)) return
    event.preventDefault()
    setDragging(false)
    if (submitting) return
    void addPhotos(Array.from(event.dataTransfer.files))
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
          <p id={ids.emailError} className={styles.error} aria-live="polite">
            {emailInvalid ? content.emailInvalid : null}
          </p>
        </div>

        <div className={styles.field}>
          <label htmlFor={ids.description} className={styles.label}>
            {content.descriptionLabel}
          </label>
          <textarea
            id={ids.description}
            className={`${styles.input} ${styles.textarea}`}
            name="description"
            rows={4}
            maxLength={MAX_DESCRIPTION}
            placeholder={content.descriptionPlaceholder}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>

        <div className={styles.field}>
          <div
            className={styles.dropzone({ dragging, disabled: full || submitting })}
            onDragEnter={onDragOver}
            onDragOver={onDragOver}
            onDragLeave={onDragLeave}
            onDrop={onDrop}
          >
            <input
              ref={fileInputRef}
              id={ids.photos}
              className={`${visuallyHidden} ${styles.fileInput}`}
              type="file"
              name={ESTIMATE_FIELDS.photos}
              multiple
              accept="image/*"
              disabled={full}
              aria-labelledby={ids.photosTitle}
              aria-describedby={`${ids.photosHint} ${ids.photosCount}`}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? [])
                // Lets the visitor pick the same file again after removing it.
                event.target.value = ""
                void addPhotos(files)
              }}
            />
            <label htmlFor={ids.photos} className={styles.dropLabel}>
              <ImagePlus className={styles.dropIcon} size={32} aria-hidden="true" />
              <span id={ids.photosTitle} className={styles.dropTitle}>
                {content.photosLabel}
              </span>
              <span id={ids.photosHint} className={styles.hint}>
                {full ? copy.estimate.photosFull(MAX_PHOTOS) : content.photosHint}
              </span>
            </label>
          </div>
          <p id={ids.photosCount} className={styles.count} aria-live="polite">
            {copy.estimate.photosCount(photos.length, MAX_PHOTOS)}
          </p>
          {photos.length > 0 ? (
            <ul ref={previewsRef} className={styles.previews} aria-label={copy.estimate.photosList}>
              {photos.map((photo, index) => (
                <li key={photo.id} className={styles.preview}>
                  <img className={styles.previewImage} src={photo.preview} alt={copy.estimate.photoAlt(index + 1, photo.file.name)} />
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={copy.estimate.removePhoto(index + 1)}
                    onClick={() => {
                      focusAfterRemove.current = index
                      remove(photo.id)
                    }}
                  >
                    <X size={18} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
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

      <button type="submit" className={button({ block: true })} disabled={submitting || missing} aria-describedby={missing ? ids.missing : undefined}>
        {submitting ? <Loader2 className={styles.spinner} size={20} aria-hidden="true" /> : <Send size={20} aria-hidden="true" />}
        {submitting ? content.submitting : content.submit}
      </button>
      {missing ? (
        <p id={ids.missing} className={styles.missing}>
          {copy.estimate.stillMissing(missingEmail, missingPhoto)}
        </p>
      ) : null}
      <p role="status" className={visuallyHidden}>
        {submitting ? content.submitting : null}
      </p>
    </form>
  )
}
