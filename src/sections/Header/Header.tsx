import React, { useEffect, useId, useRef, useState, type ReactNode } from "react"
import { Menu, X } from "lucide-react"
import { copy } from "../../copy"
import { useFocusTrap } from "../../hooks/useFocusTrap"
import { container } from "../../styles/utils.css"
import { iconButton } from "../../components/Button"
import { Logo } from "../../components/Logo"
import { ThemeToggle } from "./ThemeToggle"
import * as styles from "./Header.css"

export type NavItem = Queries.NavItemFragment

type HeaderProps = {
  siteName: string
  nav: ReadonlyArray<NavItem>
  linkBase?: string
  /** The chat's button: in the bar on screens too narrow for it to float beside the content. */
  chat?: ReactNode
}

/**
 * Sticky header: logo, anchor links to the sections, the chat's button, theme toggle and, on a
 * narrow screen, a menu button that opens the links as a sheet over a backdrop (focus stays in
 * the header while it is open; Esc, a tap outside or a link closes it).
 */
export function Header({ siteName, nav, linkBase = "", chat }: HeaderProps) {
  const [open, setOpen] = useState(false)
  const navId = useId()
  const headerRef = useRef<HTMLElement>(null)
  const firstLinkRef = useRef<HTMLAnchorElement>(null)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  useFocusTrap(headerRef, { active: open, initialFocus: firstLinkRef })

  useEffect(() => {
    if (!open) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return
      setOpen(false)
      menuButtonRef.current?.focus()
    }
    document.addEventListener("keydown", closeOnEscape)
    return () => document.removeEventListener("keydown", closeOnEscape)
  }, [open])

  return (
    <header ref={headerRef} className={styles.header}>
      <div className={`${container} ${styles.bar}`}>
        <Logo name={siteName} />
        <nav id={navId} className={styles.nav} data-open={open} data-nav="" aria-label={copy.mainNav}>
          <ul className={styles.list}>
            {nav.map((item, index) => (
              <li key={item.id}>
                <a ref={index === 0 ? firstLinkRef : undefined} className={styles.link} href={`${linkBase}#${item.id}`} onClick={() => setOpen(false)}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          {chat}
          <ThemeToggle />
          <button
            ref={menuButtonRef}
            type="button"
            className={`${iconButton()} ${styles.menuButton} js-only`}
            aria-expanded={open}
            aria-controls={navId}
            aria-label={open ? copy.menuClose : copy.menuOpen}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
          </button>
        </div>
      </div>
      {open ? <div className={styles.backdrop} aria-hidden="true" data-testid="menu-backdrop" onClick={() => setOpen(false)} /> : null}
    </header>
  )
}
