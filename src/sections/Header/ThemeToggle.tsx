import React from "react"
import { Moon, Sun } from "lucide-react"
import { copy } from "../../copy"
import { useTheme } from "../../lib/theme-choice"
import { iconButton } from "../../components/Button"
import * as styles from "./Header.css"

/** A toggle button: pressed = dark theme. Hidden without JavaScript, where it could not work. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme()
  return (
    <button
      type="button"
      className={`${iconButton()} js-only`}
      aria-pressed={theme === "dark"}
      aria-label={copy.themeToggle}
      title={copy.themeToggle}
      onClick={toggleTheme}
    >
      <Moon className={styles.iconLight} size={20} aria-hidden="true" />
      <Sun className={styles.iconDark} size={20} aria-hidden="true" />
    </button>
  )
}
