import React, { useEffect, useId, useRef, useState } from "react"
import { copy } from "../../copy"
import { CHAT_LIMITS } from "../../contract/chat"
import { isValidEmail } from "../../contract/email"
import type { ChatVisitor } from "../../lib/chat-client"
import { button } from "../Button"
import { PrivacyNotice } from "../PrivacyNotice"
import * as styles from "./ChatWindow.css"

type InfoFormProps = {
  initial: ChatVisitor
  /** What happens to an email saved here (content/chat.json › privacyNotice; src/server/contact/receive.ts sends it). */
  notice: string
  onSave: (info: ChatVisitor) => void
  onCancel: () => void
}

/** 'Mes infos': optional name and email sent with the next messages. */
export function InfoForm({ initial, notice, onSave, onCancel }: InfoFormProps) {
  const [name, setName] = useState(initial.name)
  const [email, setEmail] = useState(initial.email)
  const [emailError, setEmailError] = useState(false)
  const nameRef = useRef<HTMLInputElement>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const id = useId()

  useEffect(() => {
    nameRef.current?.focus()
  }, [])

  return (
    <form
      className={styles.infoForm}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        // The backend refuses an address that is not one; say so here rather than fail later.
        if (email.trim() !== "" && !isValidEmail(email)) {
          setEmailError(true)
          emailRef.current?.focus()
          return
        }
        onSave({ name: name.trim(), email: email.trim() })
      }}
    >
      <h3 id={`${id}-title`} className={styles.infoTitle}>
        {copy.chat.info.title}
      </h3>
      <p className={styles.infoIntro}>{copy.chat.info.intro}</p>
      <label className={styles.field}>
        <span className={styles.label}>{copy.chat.info.name}</span>
        <input
          ref={nameRef}
          className={styles.textInput}
          type="text"
          autoComplete="name"
          maxLength={CHAT_LIMITS.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{copy.chat.info.email}</span>
        <input
          ref={emailRef}
          className={styles.textInput}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={CHAT_LIMITS.email}
          value={email}
          aria-invalid={emailError}
          aria-describedby={emailError ? `${id}-error` : undefined}
          onChange={(event) => {
            setEmail(event.target.value)
            setEmailError(false)
          }}
        />
      </label>
      {emailError ? (
        <p id={`${id}-error`} className={styles.error}>
          {copy.chat.info.emailInvalid}
        </p>
      ) : null}
      <PrivacyNotice text={notice} />
      <div className={styles.infoActions}>
        <button type="button" className={button({ tone: "ghost", size: "sm" })} onClick={onCancel}>
          {copy.chat.info.cancel}
        </button>
        <button type="submit" className={button({ tone: "primary", size: "sm" })}>
          {copy.chat.info.save}
        </button>
      </div>
    </form>
  )
}
