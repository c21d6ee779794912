import React from "react"
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ChatLauncher } from "../src/components/Chat"
import { ask, conversation, content, deferredReply, fetchMock, messageField, openChat, sendButton, serverReply, setup, shopUrls } from "./helpers/chat"
import chatContent from "../content/chat.json"

describe("maxAi chat: launcher and window", () => {
  it("starts as a round button with its tooltip, without the window", () => {
    render(<ChatLauncher content={content} />)
    expect(screen.getByRole("button", { name: "Chat avec maxAi" })).toBeVisible()
    expect(screen.getByText("Chat avec maxAi", { selector: "span" })).toBeInTheDocument()
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
  })

  it("opens on maxAi's greeting, timed HH:MM, says it is an automated assistant and focuses the field", async () => {
    jest.useFakeTimers({ now: new Date(2025, 0, 1, 14, 5) })
    const user = setup({ fakeTimers: true })
    const dialog = await openChat(user)
    expect(dialog).toHaveAccessibleDescription(chatContent.disclaimer)
    expect(within(conversation()).getByText(chatContent.greeting)).toBeInTheDocument()
    expect(within(conversation()).getByText("14:05")).toBeInTheDocument()
    expect(conversation()).toHaveAttribute("aria-live", "polite")
    expect(screen.queryByRole("button", { name: "Chat avec maxAi" })).not.toBeInTheDocument()
    expect(messageField()).toHaveFocus()
  })

  it("minimises to its header and expands back", async () => {
    const user = setup()
    const dialog = await openChat(user)
    await user.click(within(dialog).getByRole("button", { name: "Réduire le chat" }))
    expect(screen.queryByRole("log")).not.toBeInTheDocument()
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument()
    expect(within(dialog).getByRole("heading", { name: "maxAi" })).toBeVisible()
    await user.click(within(dialog).getByRole("button", { name: "Agrandir le chat" }))
    expect(conversation()).toBeVisible()
    expect(messageField()).toHaveFocus()
  })

  it("closes back to the round button, gives it the focus, and keeps the conversation for the next opening", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Réponse gardée" })))
    const user = setup()
    await openChat(user)
    await ask(user, "prix")
    await screen.findByText("Réponse gardée")
    await user.click(screen.getByRole("button", { name: "Fermer le chat" }))
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Chat avec maxAi" })).toHaveFocus()
    await openChat(user)
    expect(within(conversation()).getByText("Réponse gardée")).toBeInTheDocument()
  })

  it("closes with Escape and returns the focus to the round button", async () => {
    const user = setup()
    await openChat(user)
    await user.keyboard("{Escape}")
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Chat avec maxAi" })).toHaveFocus()
  })

  it("reopens at full size after being closed while minimised", async () => {
    const user = setup()
    await openChat(user)
    await user.click(screen.getByRole("button", { name: "Réduire le chat" }))
    await user.click(screen.getByRole("button", { name: "Fermer le chat" }))
    await openChat(user)
    expect(conversation()).toBeVisible()
    expect(messageField()).toHaveFocus()
  })
})

describe("maxAi chat: sending", () => {
  it("sends on Enter: the message shows at once, the field clears and waits disabled behind a typing indicator", async () => {
    const answer = deferredReply()
    const user = setup()
    await openChat(user)
    await ask(user, "  Comment fonctionne le rachat ?  ")

    expect(within(conversation()).getByText("Comment fonctionne le rachat ?")).toBeInTheDocument()
    expect(messageField()).toHaveValue("")
    expect(messageField()).toBeDisabled()
    expect(sendButton()).toBeDisabled()
    expect(within(conversation()).getByText("maxAi écrit…")).toBeInTheDocument()
    // Browsers drop the focus from a field that becomes disabled (jsdom does not): the visitor
    // may be anywhere in the window when the answer comes, here reading the conversation.
    await user.click(conversation())

    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe("/api/chat")
    expect(init.method).toBe("POST")
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json")
    expect(JSON.parse(String(init.body))).toEqual({ message: "Comment fonctionne le rachat ?", user_name: "Utilisateur anonyme", user_email: null })

    await answer(200, JSON.stringify({ bot_response: "Remplissez le formulaire de rachat." }))
    expect(within(conversation()).getByText("Remplissez le formulaire de rachat.")).toBeInTheDocument()
    expect(screen.queryByText("maxAi écrit…")).not.toBeInTheDocument()
    expect(messageField()).toBeEnabled()
    expect(messageField()).toHaveFocus()
  })

  it("sends the earlier turns as history, so a follow-up such as « et en taille L ? » is understood", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Nous avons déjà vendu 3 pulls." })))
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Pull col V en laine marine : taille L." })))
    const user = setup()
    await openChat(user)
    await ask(user, "des pulls ?")
    expect(await within(conversation()).findByText("Nous avons déjà vendu 3 pulls.")).toBeInTheDocument()
    await ask(user, "et en taille L ?")
    expect(await within(conversation()).findByText("Pull col V en laine marine : taille L.")).toBeInTheDocument()
    const bodies = fetchMock.mock.calls.map((call) => JSON.parse(String((call as [string, RequestInit])[1].body)))
    expect(bodies[0].history).toBeUndefined()
    expect(bodies[1]).toMatchObject({
      message: "et en taille L ?",
      history: [
        { from: "visitor", text: "des pulls ?" },
        { from: "maxai", text: "Nous avons déjà vendu 3 pulls." },
      ],
    })
  })

  it("sends with the button too", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Oui." })))
    const user = setup()
    await openChat(user)
    await user.type(messageField(), "Livrez-vous ?")
    await user.click(sendButton())
    expect(await within(conversation()).findByText("Oui.")).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it("offers the editors' questions under the greeting; one tap sends it, then they give way to the conversation", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Photo par photo." })))
    const user = userEvent.setup()
    render(<ChatLauncher content={{ ...content, suggestions: chatContent.suggestions }} shopUrls={shopUrls} />)
    await openChat(user)
    const offered = screen.getByRole("list", { name: "Questions fréquentes" })
    expect(
      within(offered)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(chatContent.suggestions)
    const [first] = chatContent.suggestions as [string]
    await user.click(within(offered).getByRole("button", { name: first }))
    expect(within(conversation()).getByText(first)).toBeInTheDocument()
    expect(await within(conversation()).findByText("Photo par photo.")).toBeInTheDocument()
    expect(JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)).message).toBe(first)
    expect(screen.queryByRole("list", { name: "Questions fréquentes" })).not.toBeInTheDocument()
  })

  it("shows no question buttons when the content offers none", async () => {
    const user = setup()
    await openChat(user)
    expect(screen.queryByRole("list", { name: "Questions fréquentes" })).not.toBeInTheDocument()
  })

  it("adds a line on Shift+Enter instead of sending", async () => {
    const user = setup()
    await openChat(user)
    await user.type(messageField(), "Première ligne{Shift>}{Enter}{/Shift}deuxième")
    expect(messageField()).toHaveValue("Première ligne\ndeuxième")
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("never sends a blank message and keeps the send button disabled", async () => {
    const user = setup()
    await openChat(user)
    expect(sendButton()).toBeDisabled()
    await user.type(messageField(), "   {Enter}")
    await user.type(messageField(), "{Shift>}{Enter}{/Shift}\t")
    expect(sendButton()).toBeDisabled()
    await user.keyboard("{Enter}")
    expect(fetchMock).not.toHaveBeenCalled()
    // Only the greeting (the disclaimer line opens the log and is not a message).
    expect(
      within(conversation())
        .getAllByText(/./, { selector: "p" })
        .filter((line) => line.textContent !== content.disclaimer),
    ).toHaveLength(1)
  })

  it("ignores Enter while a reply is awaited", async () => {
    deferredReply()
    const user = setup()
    await openChat(user)
    await ask(user, "prix")
    await user.keyboard("{Enter}")
    await user.click(sendButton())
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it("shows the bot's answer as text, never as HTML", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: '<img src="x" alt="piège"><b>gras</b>' })))
    const user = setup()
    const dialog = await openChat(user)
    await ask(user, "test")
    expect(await within(dialog).findByText('<img src="x" alt="piège"><b>gras</b>')).toBeInTheDocument()
    expect(dialog.querySelector("img, b")).toBeNull()
  })

  it("scrolls the conversation to the newest message", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Dernier message" })))
    const user = setup()
    await openChat(user)
    const log = conversation()
    let scrollTop = 0
    Object.defineProperty(log, "scrollHeight", { configurable: true, value: 900 })
    Object.defineProperty(log, "scrollTop", { configurable: true, get: () => scrollTop, set: (value: number) => (scrollTop = value) })
    await ask(user, "prix")
    await screen.findByText("Dernier message")
    expect(log.scrollTop).toBe(900)
  })
})
