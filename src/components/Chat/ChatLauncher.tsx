import React, { Component, Suspense, lazy, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react"
import { Loader2, MessageCircle } from "lucide-react"
import { copy } from "../../copy"
import type { ChatWindowProps } from "./ChatWindow"
import type { ChatContent } from "./types"
import * as styles from "./ChatLauncher.css"

/** The window's code is a separate chunk, fetched the first time the visitor opens the chat. */
const loadChatWindow = () => lazy(() => import(/* webpackChunkName: "chat-window" */ "./ChatWindow"))

/** A chunk that fails to download (offline, new deploy) must not take the page down with it. */
class ChunkBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.warn("Le chat n'a pas pu être chargé.", error)
    this.props.onError()
  }

  override render() {
    return this.state.failed ? null : this.props.children
  }
}

type ChatLauncherProps = {
  content: ChatContent
  /** The shops' pages answers may link to (content/shops.json). */
  shopUrls?: readonly string[]
  /** Prefix of section anchors on pages other than the home page (as the header's linkBase). */
  linkBase?: string
}

const NO_SHOPS: readonly string[] = []

/**
 * The round button that opens maxAi. Only this part is in the page's main bundle; once opened,
 * the window stays mounted (hidden when closed) so the conversation survives a close.
 */
export function ChatLauncher({ content, shopUrls = NO_SHOPS, linkBase = "" }: ChatLauncherProps) {
  const [ChatWindow, setChatWindow] = useState<ComponentType<ChatWindowProps> | null>(null)
  const [open, setOpen] = useState(false)
  // Esc hides the tooltip until the pointer or focus leaves (WCAG 1.4.13, dismissible).
  const [tooltipOff, setTooltipOff] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)

  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus()
    wasOpen.current = open
  }, [open])

  const resetTooltip = () => setTooltipOff(false)

  return (
    <>
      {ChatWindow ? (
        <ChunkBoundary
          onError={() => {
            // Back to the button; the next click downloads the chunk again.
            setChatWindow(null)
            setOpen(false)
          }}
        >
          <Suspense
            fallback={
              <div className={styles.launcher}>
                <span className={styles.button} role="status" aria-label={copy.chat.loading}>
                  <Loader2 size={26} className={styles.spinner} aria-hidden="true" />
                </span>
              </div>
            }
          >
            <ChatWindow open={open} content={content} onClose={() => setOpen(false)} shopUrls={shopUrls} linkBase={linkBase} />
          </Suspense>
        </ChunkBoundary>
      ) : null}
      <div className={`${styles.launcher} js-only`} hidden={open} data-tooltip={tooltipOff ? "off" : "on"} onMouseLeave={resetTooltip} onBlur={resetTooltip}>
        <button
          ref={buttonRef}
          type="button"
          className={styles.button}
          aria-label={copy.chat.launcher}
          aria-haspopup="dialog"
          onClick={() => {
            // A function in state must be wrapped, or React would call it as an updater.
            if (!ChatWindow) setChatWindow(() => loadChatWindow())
            setOpen(true)
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") setTooltipOff(true)
          }}
        >
          <MessageCircle size={28} aria-hidden="true" />
        </button>
        <span className={styles.tooltip} aria-hidden="true">
          {copy.chat.launcher}
        </span>
      </div>
    </>
  )
}
