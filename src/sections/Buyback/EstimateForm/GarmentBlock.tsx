import React, { useEffect, useId, useState } from "react"
import { Trash2 } from "lucide-react"
import { copy } from "../../../copy"
import { button } from "../../../components/Button"
import { useToast, type ToastInput } from "../../../components/Toast"
import { ESTIMATE_LIMITS } from "../../../contract/estimate"
import { usePhotoPicker } from "../../../hooks/usePhotoPicker"
import { visuallyHidden } from "../../../styles/utils.css"
import type { EstimateFormCopy } from "./EstimateForm"
import type { GarmentDraft } from "./garments"
import { ItemFields, type ItemChoices } from "./ItemFields"
import { photoProblemsToast } from "./messages"
import { PhotoField } from "./PhotoField"
import * as formStyles from "./EstimateForm.css"
import * as styles from "./Garments.css"

type GarmentBlockProps = {
  copy: EstimateFormCopy
  choices: ItemChoices
  garment: GarmentDraft
  /** Its « Article N ». */
  number: number
  /** Alone, the block looks like the one-garment form: no title, no « Retirer cet article ». */
  alone: boolean
  sending: boolean
  /** Merged into the latest draft of this garment by the form. */
  onChange: (patch: Partial<Omit<GarmentDraft, "key">>) => void
  onRemove: () => void
}

/**
 * One garment of the estimate form: its brand, category and condition with its own indicative
 * range, its description and its photos (1 to 4, its own picker: removing the block revokes its
 * previews). A group named by its « Article N » heading, so every field inside is announced with its garment.
 */
export function GarmentBlock({ copy: content, choices, garment, number, alone, sending, onChange, onRemove }: GarmentBlockProps) {
  const { toast } = useToast()
  const { photos, addFiles, remove } = usePhotoPicker(ESTIMATE_LIMITS.maxPhotos)
  const id = useId()
  const legendId = `${id}-legend`

  // The form sends the files it holds: the picker's list is reported up whenever it changes.
  useEffect(() => {
    if (photos.length !== garment.photos.length || photos.some((photo, index) => photo.file !== garment.photos[index])) {
      onChange({ photos: photos.map((photo) => photo.file) })
    }
  }, [photos, garment.photos, onChange])

  // The toast draws the eye for five seconds; the same words stay under the photos until the next
  // addition, so a visitor who looked away still learns which photo was refused and why.
  const [photoProblem, setPhotoProblem] = useState<ToastInput | null>(null)
  const addPhotos = async (files: File[]) => {
    if (files.length === 0) return
    const problems = photoProblemsToast(await addFiles(files), ESTIMATE_LIMITS.maxPhotos)
    setPhotoProblem(problems)
    if (problems) toast(problems)
  }

  return (
    <div role="group" className={styles.garment({ alone })} aria-labelledby={legendId} data-garment={garment.key}>
      <div className={alone ? visuallyHidden : styles.garmentHead}>
        <h4 id={legendId} className={styles.legend}>
          {copy.estimate.garments.legend(number)}
        </h4>
        {alone ? null : (
          <button type="button" className={`${button({ tone: "ghost", size: "sm" })} ${styles.removeGarment}`} aria-describedby={legendId} onClick={onRemove}>
            <Trash2 size={18} aria-hidden="true" />
            {copy.estimate.garments.remove}
          </button>
        )}
      </div>
      <ItemFields copy={content} {...choices} item={garment.item} onChange={(item) => onChange({ item })} />
      <div className={formStyles.field}>
        <label htmlFor={`${id}-description`} className={formStyles.label}>
          {content.descriptionLabel}
        </label>
        <textarea
          id={`${id}-description`}
          className={`${formStyles.input} ${formStyles.textarea}`}
          rows={4}
          maxLength={ESTIMATE_LIMITS.description}
          placeholder={content.descriptionPlaceholder}
          value={garment.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </div>
      <PhotoField
        photos={photos}
        max={ESTIMATE_LIMITS.maxPhotos}
        label={content.photosLabel}
        hint={content.photosHint}
        sending={sending}
        problem={photoProblem}
        onAdd={(files) => void addPhotos(files)}
        onRemove={remove}
      />
    </div>
  )
}
