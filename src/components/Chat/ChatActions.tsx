import React from "react"
import { Camera } from "lucide-react"
import type { ChatAction } from "../../contract/chat"
import * as styles from "./ChatMessage.css"

/** The buttons under one maxAi answer (for now only the estimate hand-off). */
export function ChatActions({ actions, onEstimate }: { actions: ReadonlyArray<ChatAction>; onEstimate: () => void }) {
  if (actions.length === 0) return null
  return (
    <div className={styles.actions}>
      {actions.map((action) => (
        <button key={action.type} type="button" className={styles.actionButton} onClick={onEstimate}>
          <Camera size={16} aria-hidden="true" />
          {action.label}
        </button>
      ))}
    </div>
  )
}
