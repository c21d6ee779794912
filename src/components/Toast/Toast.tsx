import React, { createContext, useCallback, useContext, useMemo, useRef, useState } from "react"
import * as RadixToast from "@radix-ui/react-toast"
import { AlertCircle, CheckCircle2, Info, X } from "lucide-react"
import { copy } from "../../copy"
import * as styles from "./Toast.css"

export type ToastVariant = "default" | "success" | "destructive"
/** A button in the toast (e.g. "Réessayer"); altText tells screen-reader users how else to do it. */
export type ToastAction = { label: string; altText: string; onAction: () => void }
/**
 * `avoid`: what the toast must not cover on a phone (the link the visitor is about to tap); by
 * default the focused element.
 */
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; action?: ToastAction; avoid?: Element | null }
type ToastEntry = Omit<ToastInput, "avoid"> & { id: number; open: boolean }
type ToastApi = {
  /** Shows a toast, replacing the one on screen. */
  toast: (input: ToastInput) => void
}

// One toast at a time, shown 5 s; a swipe of 50 px dismisses it.
const TOAST_LIMIT = 1
const TOAST_DURATION = 5000
const TOAST_SWIPE_THRESHOLD = 50

const ToastContext = createContext<ToastApi | null>(null)

const ICONS = { default: Info, success: CheckCircle2, destructive: AlertCircle } as const

/**
 * The one toast region of the site, mounted once in wrap-root. Radix provides the live-region
 * announcements, F8, swipe, Escape and the pause of timers on hover/focus; this adds the
 * "newest replaces the others" rule and a small `useToast()` API.
 */
/**
 * The screen edge away from what the visitor is using, read when a toast opens: the element the
 * toast names (`avoid`), else the focused one (the field just left with Enter, the photo picker,
 * the send button). The viewport's styles honour it on phones only, where a toast spans the width
 * and would cover it.
 */
function edgeAwayFrom(avoid: Element | null | undefined): "top" | "bottom" {
  const active = avoid ?? document.activeElement
  if (!active || active === document.body) return "bottom"
  const { top, bottom } = active.getBoundingClientRect()
  return (top + bottom) / 2 > window.innerHeight / 2 ? "top" : "bottom"
}

export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<ReadonlyArray<ToastEntry>>([])
  const [edge, setEdge] = useState<"top" | "bottom">("bottom")
  const nextId = useRef(0)

  const toast = useCallback((input: ToastInput) => {
    nextId.current += 1
    const id = nextId.current
    const { avoid, ...shown } = input
    setEdge(edgeAwayFrom(avoid))
    setToasts((current) => [{ ...shown, id, open: true }, ...current].slice(0, TOAST_LIMIT))
  }, [])

  // Closed by its timer, a swipe, Escape or its close button. A closed toast stays in the list
  // (Radix plays its exit and removes it from the page) until the next toast replaces it.
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)))
  }, [])

  const api = useMemo(() => ({ toast }), [toast])

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/*
       * The page is beside Radix's provider, not inside it: the provider's state (its viewport
       * registers itself right after the first render) then never reaches the page, whose
       * sections hydrate later on their own (src/pages/index.tsx).
       */}
      <RadixToast.Provider label={copy.toast.label} duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
        {toasts.map(({ id, title, description, variant = "default", open, action }) => {
          const Icon = ICONS[variant]
          return (
            <RadixToast.Root
              key={id}
              open={open}
              onOpenChange={(isOpen) => {
                if (!isOpen) dismiss(id)
              }}
              // Errors interrupt (assertive); confirmations and information wait their turn (polite).
              type={variant === "destructive" ? "foreground" : "background"}
              className={styles.toast({ variant })}
              data-variant={variant}
            >
              <Icon className={styles.icon({ variant })} size={22} aria-hidden="true" />
              <div className={styles.text}>
                <RadixToast.Title className={styles.title}>{title}</RadixToast.Title>
                {/* Radix joins the text nodes it announces: without this space, screen readers hear "manquantesVeuillez". */}
                {description ? " " : null}
                {description ? <RadixToast.Description className={styles.description}>{description}</RadixToast.Description> : null}
                {action ? (
                  <RadixToast.Action className={styles.action} altText={action.altText} onClick={action.onAction}>
                    {action.label}
                  </RadixToast.Action>
                ) : null}
              </div>
              <RadixToast.Close className={styles.close} aria-label={copy.toast.close}>
                <X size={18} aria-hidden="true" />
              </RadixToast.Close>
            </RadixToast.Root>
          )
        })}
        <RadixToast.Viewport className={styles.viewport} label={copy.toast.region} data-edge={edge} />
      </RadixToast.Provider>
    </ToastContext.Provider>
  )
}

/** Shows toasts from anywhere under <ToastProvider> (mounted once in wrap-root). */
export function useToast(): ToastApi {
  const context = useContext(ToastContext)
  if (!context) throw new Error("useToast doit être utilisé à l'intérieur de <ToastProvider>.")
  return context
}
