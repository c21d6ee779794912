import { screen, within } from "@testing-library/react"
import { ask, conversation, fetchMock, messageField, openChat, PROOF_PAYLOAD, serverReply, setup } from "./helpers/chat"
import chatContent from "../content/chat.json"

describe("maxAi chat: 'Mes infos'", () => {
  it("saves name and email: the form closes, maxAi confirms, the team gets the contact once, and the next messages carry them", async () => {
    // First the contact for the team (POST /api/contact), then the chat answer.
    fetchMock.mockResolvedValueOnce(serverReply(201, JSON.stringify({ id: "20261123-2100-AAAAAA" })))
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Noté." })))
    const user = setup()
    await openChat(user)
    await user.click(screen.getByRole("button", { name: "Mes infos" }))
    const form = screen.getByRole("form", { name: "Mes infos" })
    const email = within(form).getByRole("textbox", { name: "Email" })
    expect(email).toHaveAttribute("type", "email")
    expect(within(form).getByRole("textbox", { name: "Nom" })).toHaveFocus()
    // Who receives the email, why and for how long (the owner's text), then the privacy policy in a new tab: the conversation stays.
    const policy = within(form).getByRole("link", { name: "Vos données et vos droits (nouvel onglet)" })
    expect(policy.closest("p")).toHaveTextContent(chatContent.privacyNotice)
    expect(policy).toHaveAttribute("href", "/confidentialite/")
    expect(policy).toHaveAttribute("target", "_blank")
    await user.type(within(form).getByRole("textbox", { name: "Nom" }), "Léa")
    await user.type(email, "lea@example.fr")
    await user.click(within(form).getByRole("button", { name: "Enregistrer" }))

    expect(screen.queryByRole("form", { name: "Mes infos" })).not.toBeInTheDocument()
    expect(within(conversation()).getByText(chatContent.infoSaved)).toBeInTheDocument()
    expect(messageField()).toHaveFocus()
    const [contactUrl, contactInit] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(contactUrl).toBe("/api/contact")
    expect(JSON.parse(String(contactInit.body))).toEqual({
      name: "Léa",
      email: "lea@example.fr",
      conversation: [{ from: "bot", text: chatContent.greeting, at: expect.any(String) }],
      altcha: PROOF_PAYLOAD,
    })

    await ask(user, "prix")
    await screen.findByText("Noté.")
    expect(JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body))).toEqual({
      message: "prix",
      user_name: "Léa",
      user_email: "lea@example.fr",
      // The turns since the greeting: maxAi's confirmation of the saved details.
      history: [{ from: "maxai", text: "Merci, vos informations sont enregistrées pour cette conversation." }],
    })
    // Saved again: the team already has this conversation's contact.
    await user.click(screen.getByRole("button", { name: "Mes infos" }))
    await user.click(screen.getByRole("button", { name: "Enregistrer" }))
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(window.localStorage.length).toBe(0)
  })

  it("sends a question maxAi could not answer to the team as a contact request when the visitor left an e-mail (issue #40)", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(201, JSON.stringify({ id: "20261123-2100-AAAAAA" })))
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: chatContent.fallback, unanswered: true })))
    fetchMock.mockResolvedValueOnce(serverReply(201, JSON.stringify({ id: "20261123-2101-BBBBBB" })))
    const user = setup()
    await openChat(user)
    await user.click(screen.getByRole("button", { name: "Mes infos" }))
    await user.type(screen.getByRole("textbox", { name: "Email" }), "lea@example.fr")
    await user.click(screen.getByRole("button", { name: "Enregistrer" }))
    await ask(user, "Vous vendez des cartes cadeaux ?")
    await within(conversation()).findByText(/^Je n'ai pas encore la réponse/)
    await screen.findByText(chatContent.infoSaved)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    const [contactUrl, contactInit] = fetchMock.mock.calls[2] as [string, RequestInit]
    expect(contactUrl).toBe("/api/contact")
    expect(JSON.parse(String(contactInit.body))).toMatchObject({
      email: "lea@example.fr",
      conversation: expect.arrayContaining([
        { from: "user", text: "Vous vendez des cartes cadeaux ?", at: expect.any(String) },
        { from: "bot", text: expect.stringMatching(/^Je n'ai pas encore la réponse/), at: expect.any(String) },
      ]),
    })
  })

  it("sends nothing more for an unanswered question when the visitor left no e-mail", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: chatContent.fallback, unanswered: true })))
    const user = setup()
    await openChat(user)
    await ask(user, "Vous vendez des cartes cadeaux ?")
    await within(conversation()).findByText(/^Je n'ai pas encore la réponse/)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it("accepts the form left empty: both fields are optional", async () => {
    const user = setup()
    await openChat(user)
    await user.click(screen.getByRole("button", { name: "Mes infos" }))
    await user.click(screen.getByRole("button", { name: "Enregistrer" }))
    expect(within(conversation()).getByText(chatContent.infoSaved)).toBeInTheDocument()
  })

  it("cancels without saving or confirming, and gives the focus back to 'Mes infos'", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Noté." })))
    const user = setup()
    await openChat(user)
    await user.click(screen.getByRole("button", { name: "Mes infos" }))
    await user.type(screen.getByRole("textbox", { name: "Nom" }), "Léa")
    await user.click(screen.getByRole("button", { name: "Annuler" }))
    expect(screen.queryByRole("form")).not.toBeInTheDocument()
    expect(screen.queryByText(chatContent.infoSaved)).not.toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Mes infos" })).toHaveFocus()

    await ask(user, "prix")
    await screen.findByText("Noté.")
    expect(JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body))).toMatchObject({ user_name: "Utilisateur anonyme", user_email: null })
  })

  it("refuses an email that is not an address and says why, keeping the form open", async () => {
    const user = setup()
    await openChat(user)
    await user.click(screen.getByRole("button", { name: "Mes infos" }))
    const email = screen.getByRole("textbox", { name: "Email" })
    await user.type(email, "lea@")
    await user.click(screen.getByRole("button", { name: "Enregistrer" }))
    expect(screen.getByRole("form", { name: "Mes infos" })).toBeInTheDocument()
    expect(email).toHaveAttribute("aria-invalid", "true")
    expect(email).toHaveAccessibleDescription("Saisissez une adresse email valide ou laissez le champ vide.")
    expect(email).toHaveFocus()
    expect(screen.queryByText(chatContent.infoSaved)).not.toBeInTheDocument()
  })
})
