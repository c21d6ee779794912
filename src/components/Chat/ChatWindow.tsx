// First, as in every entry point of the site: one order for the shared stylesheets (src/stylesheet-order.ts).
import "../../stylesheet-order"
import React, { useEffect, useId, useMemo, useRef, useState } from "react"
import { Bot, Maximize2, Minus, UserRound, X } from "lucide-react"
import { copy } from "../../copy"
import { linkTargets, type ChatAction } from "../../contract/chat"
import { askMaxAi, buildChatRequest, type ChatFailureReason, type ChatVisitor } from "../../lib/chat-client"
import { sendChatContact } from "../../lib/contact-client"
import { iconButton } from "../Button"
import { ChatComposer } from "./ChatComposer"
import { ChatMessageView, TypingIndicator } from "./ChatMessageView"
import { goToEstimateForm } from "./handoff"
import { InfoForm } from "./InfoForm"
import type { ChatContent, ChatMessage } from "./types"
import * as messageStyles from "./ChatMessage.css"
import * as styles from "./ChatWindow.css"

/** What maxAi says when there is no answer, by reason (src/lib/chat-client.ts). */
const FAILURE_WORDS: Record<ChatFailureReason, string> = {
  http: copy.chat.errors.notOk,
  empty: copy.chat.errors.noAnswer,
  network: copy.chat.errors.network,
  timeout: copy.chat.errors.network,
}

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
    const asked = newMessage("user", text)
    append(asked)
    setDraft("")
    setWaiting(true)
    // The greeting is not a turn of the conversation; everything said since is.
    const earlier = messages.slice(1).map((message) => ({ from: message.type === "user" ? ("visitor" as const) : ("maxai" as const), text: message.content }))
    const result = await askMaxAi(buildChatRequest(text, visitor, earlier), allowedLinks)
    // The field was disabled while waiting, which dropped the focus.
    pendingFocus.current = "input"
    if (result.ok) {
      const reply = newMessage("bot", result.reply.text, result.reply.links, result.reply.actions)
      append(reply)
      // A question maxAi could not answer reaches the team as a contact request when the visitor
      // left an e-mail, so that person is answered too (the conversation up to this answer).
      if (result.reply.unanswered && visitor.email) void sendContact(visitor, [...messages, asked, reply])
    } else append(newMessage("bot", FAILURE_WORDS[result.reason]))
    setWaiting(false)
  }

  const sendContact = (info: ChatVisitor, lines: readonly ChatMessage[]) =>
    sendChatContact({
      name: info.name,
      email: info.email,
      conversation: lines.map((line) => ({ from: line.type, text: line.content, at: line.timestamp.toISOString() })),
    })

  const saveInfo = (info: ChatVisitor) => {
    pendingFocus.current = "input"
    setVisitor(info)
    setInfoOpen(false)
    append(newMessage("bot", content.infoSaved))
    if (info.email && !contactSent.current) {
      contactSent.current = true
      void sendContact(info, messages).then((sent) => {
        if (!sent.ok) contactSent.current = false
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
            <ChatMessageView key={message.id} message={message} linkBase={linkBase} onSectionLink={() => setMinimised(true)} onEstimate={estimate} />
          ))}
          {suggestions.length > 0 && !messages.some((message) => message.type === "user") ? (
            // Until the visitor writes: the questions editors offer, one tap sends one.
            <ul className={messageStyles.suggestions} aria-label={copy.chat.suggestions}>
              {suggestions.map((suggestion) => (
                <li key={suggestion}>
                  <button type="button" className={messageStyles.suggestion} disabled={waiting} onClick={() => void ask(suggestion)}>
                    {suggestion}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {waiting ? <TypingIndicator /> : null}
        </div>

        {infoOpen ? (
          <InfoForm initial={visitor} notice={content.privacyNotice} onSave={saveInfo} onCancel={cancelInfo} />
        ) : (
          <ChatComposer ref={inputRef} id={`${titleId}-input`} draft={draft} waiting={waiting} onDraft={setDraft} onSend={() => void send()} />
        )}
      </div>
    </div>
  )
}
