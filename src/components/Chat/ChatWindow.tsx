import React, { useEffect, useId, useMemo, useRef, useState } from "react"
import { Bot, Maximize2, Minus, SendHorizontal, UserRound, X } from "lucide-react"
import { copy } from "../../copy"
import { CHAT_LIMITS, linkTargets, type ChatAction } from "../../contract/chat"
import { askMaxAi, buildChatRequest, type ChatVisitor } from "../../lib/chat-client"
import { sendChatContact } from "../../lib/contact-client"
import { formatTime } from "../../lib/format"
import { visuallyHidden } from "../../styles/utils.css"
import { button, iconButton } from "../Button"
import { ChatActions } from "./ChatActions"
import { goToEstimateForm } from "./handoff"
import { InfoForm } from "./InfoForm"
import type { ChatContent, ChatMessage } from "./types"
import * as styles from "./ChatWindow.css"

export type ChatWindowProps = {
  open: boolean
  content: ChatContent
  onClose: () => void
  /** The shops' pages: with the three sections, the only places an answer may link to. */
  shopUrls: readonly string[]
  /** Put before a section anchor ("#galerie") on pages other than the home page, as the header does. */
  linkBase: string
}

/**
 * The maxAi conversation (lazy chunk, see ChatLauncher). A non-modal dialog: the page stays
 * usable beside it on large screens; under 480 px it fills the screen.
 */
export default function ChatWindow({ open, content, onClose, shopUrls, linkBase }: ChatWindowProps) {
  // The greeting is message 0.
  const nextId = useRef(1)
  const newMessage = (type: ChatMessage["type"], text: string, links?: ChatMessage["links"], actions: ReadonlyArray<ChatAction> = []): ChatMessage => {
    const id = nextId.current
    nextId.current += 1
    return { id, type, content: text, links, timestamp: new Date(), ...(actions.length > 0 ? { actions } : {}) }
  }
  const allowedLinks = useMemo(() => linkTargets(shopUrls), [shopUrls])

  const [messages, setMessages] = useState<ChatMessage[]>(() => [{ id: 0, type: "bot", content: content.greeting, timestamp: new Date() }])
  const [draft, setDraft] = useState("")
  const [waiting, setWaiting] = useState(false)
  const [minimised, setMinimised] = useState(false)
  const [infoOpen, setInfoOpen] = useState(false)
  // Visitor details live only here, for this conversation: never written to storage.
  const [visitor, setVisitor] = useState<ChatVisitor>({ name: "", email: "" })
  // The team gets this conversation's contact once (a failed send is tried again at the next save).
  const contactSent = useRef(false)

  const titleId = useId()
  const disclaimerId = useId()
  const hintId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const logRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const infoButtonRef = useRef<HTMLButtonElement>(null)

  const append = (message: ChatMessage) => setMessages((current) => [...current, message])

  // Where focus goes once the next render is on screen (the target may not exist before).
  const pendingFocus = useRef<"input" | "info" | null>(null)
  useEffect(() => {
    const target = pendingFocus.current
    if (!target) return
    pendingFocus.current = null
    const active = document.activeElement
    // Never pull focus back from somewhere else on the page the visitor went to meanwhile.
    if (active && active !== document.body && !rootRef.current?.contains(active)) return
    const element = target === "input" ? inputRef.current : infoButtonRef.current
    element?.focus()
  })

  // Opening (or reopening) and expanding the chat put the visitor in the message field.
  useEffect(() => {
    if (open && !minimised) inputRef.current?.focus()
  }, [open, minimised])

  // Closing starts the next opening afresh at full size (set while rendering the change, as
  // React advises for state that follows a prop).
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (!open) setMinimised(false)
  }

  // The newest message (or the typing indicator) is always in view.
  useEffect(() => {
    const log = logRef.current
    if (log) log.scrollTop = log.scrollHeight
  }, [messages, waiting, minimised, open, infoOpen])

  const send = () => ask(draft)

  const ask = async (question: string) => {
    const text = question.trim()
    if (text === "" || waiting) return
    append(newMessage("user", text))
    setDraft("")
    setWaiting(true)
    const answer = await askMaxAi(buildChatRequest(text, visitor), allowedLinks)
    // The field was disabled while waiting, which dropped the focus.
    pendingFocus.current = "input"
    append(newMessage("bot", answer.text, answer.links, answer.actions))
    setWaiting(false)
  }

  const saveInfo = (info: ChatVisitor) => {
    pendingFocus.current = "input"
    setVisitor(info)
    setInfoOpen(false)
    append(newMessage("bot", content.infoSaved))
    if (info.email && !contactSent.current) {
      contactSent.current = true
      const conversation = messages.map((message) => ({ from: message.type, text: message.content, at: message.timestamp.toISOString() }))
      void sendChatContact({ name: info.name, email: info.email, conversation }).then((sent) => {
        if (!sent) contactSent.current = false
      })
    }
  }

  const estimate = () => {
    setMinimised(true)
    goToEstimateForm(visitor.email)
  }

  const cancelInfo = () => {
    pendingFocus.current = "info"
    setInfoOpen(false)
  }

  const canSend = draft.trim() !== "" && !waiting
  const suggestions = content.suggestions ?? []

  return (
    // Escape closes the window from anywhere inside it, so the dialog itself listens for it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={rootRef}
      className={styles.window}
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={disclaimerId}
      data-minimised={minimised}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation()
          onClose()
        }
      }}
    >
      <div className={styles.header}>
        <span className={styles.avatar} aria-hidden="true">
          <Bot size={22} />
        </span>
        <h2 id={titleId} className={styles.title}>
          {copy.chat.title}
        </h2>
        <div className={styles.headerActions}>
          {minimised || infoOpen ? null : (
            <button ref={infoButtonRef} type="button" className={styles.infoButton} onClick={() => setInfoOpen(true)}>
              <UserRound size={16} aria-hidden="true" />
              {copy.chat.info.open}
            </button>
          )}
          <button
            type="button"
            className={iconButton({ bare: true })}
            aria-label={minimised ? copy.chat.expand : copy.chat.minimise}
            title={minimised ? copy.chat.expand : copy.chat.minimise}
            onClick={() => setMinimised((value) => !value)}
          >
            {minimised ? <Maximize2 size={18} aria-hidden="true" /> : <Minus size={20} aria-hidden="true" />}
          </button>
          <button type="button" className={iconButton({ bare: true })} aria-label={copy.chat.close} title={copy.chat.close} onClick={onClose}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
      </div>

      <div className={styles.body} hidden={minimised}>
        {/* Focusable so keyboard users can scroll back through the conversation. The disclaimer
            opens it and scrolls away with it, leaving the window's height to the messages. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (axe: scrollable-region-focusable) */}
        <div ref={logRef} className={styles.log} role="log" aria-live="polite" aria-label={copy.chat.log} tabIndex={0}>
          <p id={disclaimerId} className={styles.disclaimer}>
            {content.disclaimer}
          </p>
          {messages.map((message) => (
            <div key={message.id} className={styles.message} data-from={message.type}>
              <p className={styles.bubble}>
                <span className={visuallyHidden}>{message.type === "bot" ? copy.chat.title : copy.chat.you} : </span>
                {message.content}
              </p>
              {message.links && message.links.length > 0 ? (
                <ul className={styles.links}>
                  {message.links.map((link) => (
                    <li key={link.href}>
                      {link.href.startsWith("#") ? (
                        // The section must be visible: the chat steps aside (minimised, conversation kept).
                        <a className={styles.link} href={`${linkBase}${link.href}`} onClick={() => setMinimised(true)}>
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
              {message.actions ? <ChatActions actions={message.actions} onEstimate={estimate} /> : null}
              <time className={styles.time} dateTime={message.timestamp.toISOString()}>
                {formatTime(message.timestamp)}
              </time>
            </div>
          ))}
          {suggestions.length > 0 && !messages.some((message) => message.type === "user") ? (
            // Until the visitor writes: the questions editors offer, one tap sends one.
            <ul className={styles.suggestions} aria-label={copy.chat.suggestions}>
              {suggestions.map((suggestion) => (
                <li key={suggestion}>
                  <button type="button" className={styles.suggestion} disabled={waiting} onClick={() => void ask(suggestion)}>
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {waiting ? (
            <div className={styles.message} data-from="bot">
              <p className={`${styles.bubble} ${styles.typing}`}>
                <span className={visuallyHidden}>{copy.chat.typing}</span>
                <span className={styles.dot} aria-hidden="true" />
                <span className={styles.dot} aria-hidden="true" />
                <span className={styles.dot} aria-hidden="true" />
              </p>
            </div>
          ) : null}
        </div>

        {infoOpen ? (
          <InfoForm initial={visitor} onSave={saveInfo} onCancel={cancelInfo} />
        ) : (
          <form
            className={styles.composer}
            onSubmit={(event) => {
              event.preventDefault()
              void send()
            }}
          >
            <label className={visuallyHidden} htmlFor={`${titleId}-input`}>
              {copy.chat.inputLabel}
            </label>
            <textarea
              ref={inputRef}
              id={`${titleId}-input`}
              className={styles.input}
              rows={2}
              maxLength={CHAT_LIMITS.message}
              placeholder={copy.chat.placeholder}
              aria-describedby={hintId}
              value={draft}
              disabled={waiting}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                // Enter sends; Shift+Enter (and Enter while composing accents) types a new line.
                if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault()
                  void send()
                }
              }}
            />
            <span id={hintId} className={visuallyHidden}>
              {copy.chat.inputHint}
            </span>
            <button
              type="submit"
              className={`${button({ tone: "primary" })} ${styles.send}`}
              aria-label={copy.chat.send}
              title={copy.chat.send}
              disabled={!canSend}
            >
              <SendHorizontal size={20} aria-hidden="true" />
            </button>
          </form>
        )}
      </div>
    </div>
  )
}
