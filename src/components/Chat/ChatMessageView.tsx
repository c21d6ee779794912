import React from "react"
import { copy } from "../../copy"
import { formatTime } from "../../lib/format"
import { visuallyHidden } from "../../styles/utils.css"
import { ChatActions } from "./ChatActions"
import type { ChatMessage } from "./types"
import * as styles from "./ChatMessage.css"

type ChatMessageViewProps = {
  message: ChatMessage
  /** Prefix of the in-page links (the home page's address on other pages). */
  linkBase: string
  /** An in-page link was followed: the chat steps aside so the section shows. */
  onSectionLink: () => void
  onEstimate: () => void
}

/** One message: who said it (for screen readers), the text, its links and buttons, the time. */
export function ChatMessageView({ message, linkBase, onSectionLink, onEstimate }: ChatMessageViewProps) {
  return (
    <div className={styles.message} data-from={message.type}>
      <p className={styles.bubble}>
        <span className={visuallyHidden}>{message.type === "bot" ? copy.chat.title : copy.chat.you} : </span>
        {message.content}
      </p>
      {message.links && message.links.length > 0 ? (
        <ul className={styles.links}>
          {message.links.map((link) => (
            <li key={link.href}>
              {link.href.startsWith("#") ? (
                <a className={styles.link} href={`${linkBase}${link.href}`} onClick={onSectionLink}>
                  {link.label}
                </a>
              ) : (
                <a className={styles.link} href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {message.actions ? <ChatActions actions={message.actions} onEstimate={onEstimate} /> : null}
      <time className={styles.time} dateTime={message.timestamp.toISOString()}>
        {formatTime(message.timestamp)}
      </time>
    </div>
  )
}

/** maxAi is writing: three dots, and the words for screen readers. */
export function TypingIndicator() {
  return (
    <div className={styles.message} data-from="bot">
      <p className={`${styles.bubble} ${styles.typing}`}>
        <span className={visuallyHidden}>{copy.chat.typing}</span>
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.dot} aria-hidden="true" />
      </p>
    </div>
  )
}
