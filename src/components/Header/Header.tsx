import React, { useEffect, useId, useState } from "react"
import { Menu, X } from "lucide-react"
import { copy } from "../../copy"
import { container } from "../../styles/utils.css"
import { iconButton } from "../Button"
import { Logo } from "../Logo"
import { ThemeToggle } from "./ThemeToggle"
import * as styles from "./Header.css"

export type NavItem = { readonly id: string; readonly label: string }

type HeaderProps = { siteName: string; nav: ReadonlyArray<NavItem>; linkBase?: string }

/** Sticky header: logo, anchor links to the sections, theme toggle and a working mobile menu. */
export function Header({ siteName, nav, linkBase = "" }: HeaderProps) {
  const [open, setOpen] = useState(false)
  const navId = useId()

  useEffect(() => {
    if (!open) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false)
    }
    document.addEventListener("keydown", closeOnEscape)
    return () => document.removeEventListener("keydown", closeOnEscape)
  }, [open])

  return (
    <header className={styles.header}>
      <div className={`${container} ${styles.bar}`}>
        <Logo name={siteName} />
        <nav id={navId} className={styles.nav} data-open={open} data-nav="" aria-label={copy.mainNav}>
          <ul className={styles.list}>
            {nav.map((item) => (
              <li key={item.id}>
                <a className={styles.link} href={`${linkBase}#${item.id}`} onClick={() => setOpen(false)}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <ThemeToggle />
          <button
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
    </header>
  )
}
