import React, { useEffect, useId, useRef, useState } from "react"
import { ImagePlus, X } from "lucide-react"
import { copy } from "../../../copy"
import { ESTIMATE_FIELDS } from "../../../contract/estimate"
import type { Photo } from "../../../hooks/usePhotoPicker"
import { visuallyHidden } from "../../../styles/utils.css"
import * as styles from "./EstimateForm.css"

type PhotoFieldProps = {
  photos: ReadonlyArray<Photo>
  max: number
  label: string
  hint: string
  /** While the request is sent: nothing can be added. */
  sending: boolean
  /** Why the last photos chosen were not all added (the toast's words), shown until the next addition. */
  problem?: { title: string; description?: string } | null
  onAdd: (files: File[]) => void
  onRemove: (id: string) => void
}

function hasFiles(event: React.DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes("Files")
}

/**
 * The estimate form's photos: a zone to drop them on or to open the file chooser from (the
 * label, reached by Tab like the input it names), how many there are, and their previews, each
 * with its remove button.
 */
export function PhotoField({ photos, max, label, hint, sending, problem, onAdd, onRemove }: PhotoFieldProps) {
  const [dragging, setDragging] = useState(false)
  const fileInputRef = useRef<HTMLInputElement>(null)
  const previewsRef = useRef<HTMLUListElement>(null)
  const focusAfterRemove = useRef<number | null>(null)
  const id = useId()
  const ids = { input: `${id}-photos`, title: `${id}-photos-title`, hint: `${id}-photos-hint`, count: `${id}-photos-count`, problem: `${id}-photos-problem` }
  const full = photos.length >= max

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

  const onDragOver = (event: React.DragEvent) => {
    if (!hasFiles(event)) return
    // Without this the browser opens the dropped photo in place of the page, losing the form.
    event.preventDefault()
    // Still "copy" when full: the drop then happens and the toast says why nothing was added.
    event.dataTransfer.dropEffect = sending ? "none" : "copy"
    setDragging(true)
  }

  const onDragLeave = (event: React.DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
  }

  const onDrop = (event: React.DragEvent) => {
    if (!hasFiles(event)) return
    event.preventDefault()
    setDragging(false)
    if (sending) return
    const files = Array.from(event.dataTransfer.files)
    if (files.length > 0) onAdd(files)
  }

  return (
    <div className={styles.field}>
      <div
        className={styles.dropzone({ dragging, disabled: full || sending })}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <input
          ref={fileInputRef}
          id={ids.input}
          className={`${visuallyHidden} ${styles.fileInput}`}
          type="file"
          name={ESTIMATE_FIELDS.photos}
          multiple
          // Images of any kind, and no `capture`: phones then offer the camera and the gallery
          // alike in their chooser (`capture` would open the camera only).
          accept="image/*"
          disabled={full}
          aria-labelledby={ids.title}
          aria-describedby={`${ids.hint} ${ids.count}${problem ? ` ${ids.problem}` : ""}`}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? [])
            // Lets the visitor pick the same file again after removing it.
            event.target.value = ""
            if (files.length > 0) onAdd(files)
          }}
        />
        <label htmlFor={ids.input} className={styles.dropLabel}>
          <ImagePlus className={styles.dropIcon} size={32} aria-hidden="true" />
          <span id={ids.title} className={styles.dropTitle}>
            {label}
          </span>
          <span id={ids.hint} className={styles.hint}>
            {full ? (
              copy.estimate.photosFull(max)
            ) : (
              <>
                {/* Both in the HTML, one shown by a media query: no script, no shift, same markup everywhere. */}
                <span className={styles.hintPointer} data-alternative="pointer">
                  {hint}
                </span>
                <span className={styles.hintTouch} data-alternative="touch">
                  {copy.estimate.photosHintTouch}
                </span>
              </>
            )}
          </span>
        </label>
      </div>
      <p id={ids.count} className={styles.count} aria-live="polite">
        {copy.estimate.photosCount(photos.length, max)}
      </p>
      {problem ? (
        <div id={ids.problem} className={styles.photoProblem} data-photo-problem>
          <strong>{problem.title}</strong>
          {problem.description?.split("\n").map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
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
                  onRemove(photo.id)
                }}
              >
                <span className={styles.removeDot}>
                  <X size={18} aria-hidden="true" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
