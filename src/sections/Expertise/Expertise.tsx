import React from "react"
import { Camera, Database, UserCheck } from "lucide-react"
import { card } from "../../styles/utils.css"
import { Section } from "../../components/Section"
import * as styles from "./Expertise.css"

export type ExpertiseContent = Queries.ExpertiseContentFragment

const STEP_ICONS = [Camera, Database, UserCheck]

/** How the AI authentication works, in three steps (section #expertise). */
export function Expertise({ expertise, eyebrow }: { expertise: ExpertiseContent; eyebrow: string }) {
  return (
    <Section id="expertise" heading={{ eyebrow, title: expertise.title, intro: expertise.intro }}>
      <ol className={styles.steps}>
        {expertise.steps.map((step, index) => {
          const Icon = STEP_ICONS[index % STEP_ICONS.length] ?? Camera
          return (
            <li key={step.title} className={`${card} ${styles.step}`}>
              <span className={styles.stepIcon} aria-hidden="true">
                <Icon size={24} />
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </li>
          )
        })}
      </ol>
    </Section>
  )
}
