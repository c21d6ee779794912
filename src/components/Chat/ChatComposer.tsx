import React, { forwardRef, useId } from "react"
import { SendHorizontal } from "lucide-react"
import { copy } from "../../copy"
import { CHAT_LIMITS } from "../../contract/chat"
import { visuallyHidden } from "../../styles/utils.css"
import { button } from "../Button"
import * as styles from "./ChatWindow.css"

type ChatComposerProps = {
  id: string
  draft: string
  /** maxAi is answering: the field waits, the button too. */
  waiting: boolean
  onDraft: (draft: string) => void
  onSend: () => void
}

/** Where the visitor writes: Enter sends, Shift+Enter starts a new line; the ref is the field. */
export const ChatComposer = forwardRef<HTMLTextAreaElement, ChatComposerProps>(function ChatComposer({ id, draft, waiting, onDraft, onSend }, ref) {
  const hintId = useId()
  const canSend = draft.trim() !== "" && !waiting
  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault()
        onSend()
      }}
    >
      <label className={visuallyHidden} htmlFor={id}>
        {copy.chat.inputLabel}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={styles.input}
        rows={2}
        maxLength={CHAT_LIMITS.message}
        placeholder={copy.chat.placeholder}
        aria-describedby={hintId}
        value={draft}
        disabled={waiting}
        onChange={(event) => onDraft(event.target.value)}
        onKeyDown={(event) => {
          // Enter sends; Shift+Enter (and Enter while composing accents) types a new line.
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault()
            onSend()
          }
        }}
      />
      <span id={hintId} className={visuallyHidden}>
        {copy.chat.inputHint}
      </span>
      <button type="submit" className={`${button({ tone: "primary" })} ${styles.send}`} aria-label={copy.chat.send} title={copy.chat.send} disabled={!canSend}>
        <SendHorizontal size={20} aria-hidden="true" />
      </button>
    </form>
  )
})
