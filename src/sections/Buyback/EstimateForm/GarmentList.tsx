import React, { useEffect, useRef } from "react"
import { Plus } from "lucide-react"
import { copy } from "../../../copy"
import { button } from "../../../components/Button"
import { rangeText } from "../../../contract/buyback-range"
import { MAX_GARMENTS } from "../../../contract/estimate"
import type { EstimateFormCopy } from "./EstimateForm"
import { newGarment, totalRange, type GarmentDraft } from "./garments"
import { GarmentBlock } from "./GarmentBlock"
import type { ItemChoices } from "./ItemFields"
import * as itemStyles from "./ItemFields.css"
import * as styles from "./Garments.css"

type GarmentListProps = {
  copy: EstimateFormCopy
  choices: ItemChoices
  garments: readonly GarmentDraft[]
  sending: boolean
  onChange: (update: (garments: readonly GarmentDraft[]) => readonly GarmentDraft[]) => void
}

/**
 * The form's garments (issue 46): one block each, « Ajouter un article » up to MAX_GARMENTS, the
 * total of their indicative ranges once there are several. Focus follows the visitor: into the
 * new block's first field after an addition; after a removal, to the block that took its place,
 * else the one before it. « Ajouter un article » needs scripts: without them the form is one garment.
 */
export function GarmentList({ copy: content, choices, garments, sending, onChange }: GarmentListProps) {
  const listRef = useRef<HTMLDivElement>(null)
  const focusNext = useRef<number | null>(null)
  const full = garments.length >= MAX_GARMENTS
  const total = garments.length > 1 ? totalRange(choices.grid, garments) : null
  const words = copy.estimate.garments

  useEffect(() => {
    const index = focusNext.current
    if (index === null) return
    focusNext.current = null
    const blocks = listRef.current?.querySelectorAll<HTMLElement>("[data-garment]") ?? []
    blocks[Math.min(index, blocks.length - 1)]?.querySelector<HTMLElement>("select, textarea, input")?.focus()
  }, [garments])

  const change = (key: string) => (patch: Partial<GarmentDraft>) =>
    onChange((list) => list.map((garment) => (garment.key === key ? { ...garment, ...patch } : garment)))

  return (
    <>
      <div ref={listRef} className={styles.list}>
        {garments.map((garment, index) => (
          <GarmentBlock
            key={garment.key}
            copy={content}
            choices={choices}
            garment={garment}
            number={index + 1}
            alone={garments.length === 1}
            sending={sending}
            onChange={change(garment.key)}
            onRemove={() => {
              focusNext.current = index
              onChange((list) => list.filter((candidate) => candidate.key !== garment.key))
            }}
          />
        ))}
      </div>
      {total ? (
        <div aria-live="polite">
          {total.range ? (
            <p className={`${itemStyles.range} ${styles.total}`}>
              <span className={itemStyles.amount}>
                {words.total} {rangeText(total.range)}
              </span>
              {total.without > 0 ? <span className={itemStyles.note}>{words.totalWithout(total.without)}</span> : null}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className={`${styles.add} js-only`}>
        <button
          type="button"
          className={button({ tone: "secondary", block: true })}
          disabled={full}
          onClick={() => {
            focusNext.current = garments.length
            onChange((list) => [...list, newGarment()])
          }}
        >
          <Plus size={20} aria-hidden="true" />
          {words.add}
        </button>
        {full ? <p className={styles.full}>{words.full(MAX_GARMENTS)}</p> : null}
      </div>
    </>
  )
}
