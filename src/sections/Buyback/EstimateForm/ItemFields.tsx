import React, { useId } from "react"
import { buybackRange, rangeText, type BuybackGrid } from "../../../contract/buyback-range"
import { ITEM_FIELDS, type EstimateItem } from "../../../contract/estimate"
import type { EstimateFormCopy } from "./EstimateForm"
import * as formStyles from "./EstimateForm.css"
import * as styles from "./ItemFields.css"

export type ItemChoices = { grid: BuybackGrid; brands: readonly string[]; categories: readonly string[] }

type ItemFieldsProps = ItemChoices & { copy: EstimateFormCopy; item: EstimateItem; onChange: (item: EstimateItem) => void }

/**
 * The optional brand, category and condition of the item, and the indicative range they give
 * as soon as brand and category are chosen (src/contract/buyback-range.ts, the figures maxAi
 * quotes too). A brand the shop does not buy ("Autre marque") gets a sentence, never a range.
 */
export function ItemFields({ copy, grid, brands, categories, item, onChange }: ItemFieldsProps) {
  const id = useId()
  const options: Record<(typeof ITEM_FIELDS)[number], { label: string; values: readonly string[] }> = {
    brand: { label: copy.brandLabel, values: [...brands, copy.otherBrand] },
    category: { label: copy.categoryLabel, values: categories },
    condition: { label: copy.conditionLabel, values: grid.conditions.map((entry) => entry.condition) },
  }
  const range = buybackRange(grid, item)
  const notBought = item.brand !== undefined && !grid.prices.some((entry) => entry.brand === item.brand)
  return (
    <>
      <div className={styles.row}>
        {ITEM_FIELDS.map((field) => (
          <div key={field} className={formStyles.field}>
            <label htmlFor={`${id}-${field}`} className={formStyles.label}>
              {options[field].label}
            </label>
            <select
              id={`${id}-${field}`}
              className={formStyles.input}
              name={field}
              value={item[field] ?? ""}
              onChange={(event) => {
                const { [field]: _previous, ...rest } = item
                onChange(event.target.value === "" ? rest : { ...rest, [field]: event.target.value })
              }}
            >
              <option value="">{copy.choose}</option>
              {options[field].values.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div aria-live="polite">
        {range ? (
          <p className={styles.range}>
            <span className={styles.amount}>
              {copy.rangeLabel} {rangeText(range)}
            </span>
            <span className={styles.note}>{copy.rangeNote}</span>
          </p>
        ) : notBought ? (
          <p className={`${styles.range} ${styles.note}`}>{copy.noRange}</p>
        ) : null}
      </div>
    </>
  )
}
