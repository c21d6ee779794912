import React from "react"
import { act, render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import chatContent from "../content/chat.json"
import shopsContent from "../content/shops.json"
import { ChatLauncher } from "../src/components/Chat"

const content = { greeting: chatContent.greeting, suggestions: null, disclaimer: chatContent.disclaimer, infoSaved: chatContent.infoSaved }

const ERRORS = {
  notOk: "Désolé, une erreur s'est produite. Veuillez réessayer plus tard.",
  network: "Problème de connexion. Veuillez vérifier votre internet et réessayer.",
  noAnswer: "Message reçu ! Notre équipe vous contactera bientôt.",
}

/** What the widget sees of a server answer: status and a body that may or may not be JSON. */
function serverReply(status: number, body: string) {
  return { ok: status >= 200 && status < 300, status, json: async () => JSON.parse(body) as unknown }
}

const fetchMock = jest.fn()

beforeEach(() => {
  fetchMock.mockReset()
  globalThis.fetch = fetchMock as unknown as typeof fetch
  window.localStorage.clear()
})

afterEach(() => {
  jest.useRealTimers()
})

const shopUrls = shopsContent.items.map((shop) => shop.url)

function setup(options: { fakeTimers?: boolean; linkBase?: string } = {}) {
  const user = options.fakeTimers ? userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) : userEvent.setup()
  render(<ChatLauncher content={content} shopUrls={shopUrls} linkBase={options.linkBase} />)
  return user
}

async function openChat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Chat avec maxAi" }))
  return screen.findByRole("dialog", { name: "maxAi" })
}

const messageField = () => screen.getByRole("textbox", { name: "Votre message" })
const sendButton = () => screen.getByRole("button", { name: "Envoyer" })
const conversation = () => screen.getByRole("log", { name: "Conversation avec maxAi" })

/** A fetch that answers only when the test says so. */
function deferredReply() {
  let resolve: (value: ReturnType<typeof serverReply>) => void = () => undefined
  fetchMock.mockImplementationOnce(() => new Promise((done) => (resolve = done)))
  return (status: number, body: string) => act(async () => resolve(serverReply(status, body)))
}

async function ask(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(messageField(), `${text}{Enter}`)
}

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

describe("maxAi chat: error messages", () => {
  it.each([
    ["the server answers 500", () => fetchMock.mockResolvedValueOnce(serverReply(500, JSON.stringify({ bot_response: "ignoré" }))), ERRORS.notOk],
    ["the server answers 400", () => fetchMock.mockResolvedValueOnce(serverReply(400, "{}")), ERRORS.notOk],
    ["the network fails", () => fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch")), ERRORS.network],
    ["the answer has no bot_response", () => fetchMock.mockResolvedValueOnce(serverReply(200, "{}")), ERRORS.noAnswer],
    ["the answer is not JSON", () => fetchMock.mockResolvedValueOnce(serverReply(200, "<html>oups</html>")), ERRORS.noAnswer],
    ["bot_response is not text", () => fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: 42 }))), ERRORS.noAnswer],
  ])("says the right thing when %s", async (_case, arrange, expected) => {
    arrange()
    const user = setup()
    await openChat(user)
    await ask(user, "Bonjour")
    expect(await within(conversation()).findByText(expected)).toBeInTheDocument()
    expect(messageField()).toBeEnabled()
  })

  it("gives up after 15 seconds without an answer, as a connection problem", async () => {
    jest.useFakeTimers()
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")))),
    )
    const user = setup({ fakeTimers: true })
    await openChat(user)
    await ask(user, "prix")
    await act(async () => {
      jest.advanceTimersByTime(14_900)
    })
    expect(screen.getByText("maxAi écrit…")).toBeInTheDocument()
    expect(screen.queryByText(ERRORS.network)).not.toBeInTheDocument()
    await act(async () => {
      jest.advanceTimersByTime(200)
    })
    expect(within(conversation()).getByText(ERRORS.network)).toBeInTheDocument()
    expect(messageField()).toBeEnabled()
  })
})

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
    expect(
      within(form).getByText("Avec un email, vos coordonnées et cette conversation sont transmises une fois à notre équipe pour qu'elle vous recontacte."),
    ).toBeInTheDocument()
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
    })

    await ask(user, "prix")
    await screen.findByText("Noté.")
    expect(JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body))).toEqual({
      message: "prix",
      user_name: "Léa",
      user_email: "lea@example.fr",
    })
    // Saved again: the team already has this conversation's contact.
    await user.click(screen.getByRole("button", { name: "Mes infos" }))
    await user.click(screen.getByRole("button", { name: "Enregistrer" }))
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(window.localStorage.length).toBe(0)
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

describe("maxAi chat: links under an answer", () => {
  const [officiel] = shopsContent.items
  const reply = (links: unknown) => fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Nous avons déjà vendu 1 pull.", links })))

  it("shows the answer's links as real links under its text, which stays plain text", async () => {
    reply([
      { label: "Voir les articles vendus", href: "#galerie" },
      { label: "maxAi Officiel sur Vinted", href: officiel!.url },
    ])
    const user = setup()
    await openChat(user)
    await ask(user, "pull tommy")
    const text = await within(conversation()).findByText("Nous avons déjà vendu 1 pull.")
    expect(text.tagName).toBe("P")
    const gallery = within(conversation()).getByRole("link", { name: "Voir les articles vendus" })
    expect(gallery).toHaveAttribute("href", "#galerie")
    expect(gallery).not.toHaveAttribute("target")
    const shop = within(conversation()).getByRole("link", { name: "maxAi Officiel sur Vinted" })
    expect(shop).toHaveAttribute("href", officiel!.url)
    expect(shop).toHaveAttribute("target", "_blank")
    expect(shop).toHaveAttribute("rel", "noopener noreferrer")
  })

  it("drops any link that is not one of the three sections or a shop, and any malformed one", async () => {
    reply([
      { label: "Piège", href: "javascript:alert(1)" },
      { label: "Ailleurs", href: "https://exemple.fr" },
      { label: "Moteur", href: "#moteur" },
      { label: "", href: "#rachat" },
      { href: "#rachat" },
      "#rachat",
      { label: "Demander une estimation", href: "#rachat" },
    ])
    const user = setup()
    await openChat(user)
    await ask(user, "test")
    await within(conversation()).findByText("Nous avons déjà vendu 1 pull.")
    expect(
      within(conversation())
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["#rachat"])
  })

  it("ignores links that are not a list, and shows no list for an answer without links", async () => {
    reply("#galerie")
    const user = setup()
    await openChat(user)
    await ask(user, "test")
    await within(conversation()).findByText("Nous avons déjà vendu 1 pull.")
    expect(within(conversation()).queryByRole("link")).not.toBeInTheDocument()
    expect(within(conversation()).queryByRole("list")).not.toBeInTheDocument()
  })

  it("steps aside when a section link is followed: the chat is minimised, the conversation kept", async () => {
    reply([{ label: "Demander une estimation", href: "#rachat" }])
    const user = setup()
    const dialog = await openChat(user)
    await ask(user, "vendre")
    await user.click(await within(conversation()).findByRole("link", { name: "Demander une estimation" }))
    expect(window.location.hash).toBe("#rachat")
    expect(screen.queryByRole("log")).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole("button", { name: "Agrandir le chat" }))
    expect(within(conversation()).getByText("Nous avons déjà vendu 1 pull.")).toBeInTheDocument()
  })

  it("leads section links back to the home page on other pages", async () => {
    reply([{ label: "Voir les articles vendus", href: "#galerie" }])
    const user = setup({ linkBase: "/" })
    await openChat(user)
    await ask(user, "test")
    expect(await within(conversation()).findByRole("link", { name: "Voir les articles vendus" })).toHaveAttribute("href", "/#galerie")
  })
})

describe("maxAi chat: hand-off to the estimate form", () => {
  it("a selling answer carries « Faire estimer un article »: it minimises the chat, brings the form into view and focuses its email", async () => {
    const section = document.createElement("section")
    section.id = "rachat"
    section.innerHTML = '<input name="email" type="email" aria-label="Votre email">'
    // jsdom lays nothing out: the scroller aims at 0 and is "there" at once.
    const scrollTo = jest.spyOn(window, "scrollTo").mockImplementation(() => undefined)
    document.body.append(section)
    try {
      fetchMock.mockResolvedValueOnce(
        serverReply(
          200,
          JSON.stringify({
            bot_response: "Remplissez le formulaire.",
            actions: [
              { type: "estimate", label: "Faire estimer un article" },
              { type: "inconnu", label: "?" },
            ],
          }),
        ),
      )
      const user = setup()
      const dialog = await openChat(user)
      await ask(user, "je veux vendre")
      const action = await within(conversation()).findByRole("button", { name: "Faire estimer un article" })
      // Unknown action types are ignored.
      expect(within(conversation()).getAllByRole("button")).toHaveLength(1)
      await user.click(action)
      expect(dialog).toHaveAttribute("data-minimised", "true")
      expect(scrollTo).toHaveBeenCalled()
      expect(window.location.hash).toBe("#rachat")
      await waitFor(() => expect(section.querySelector("input")).toHaveFocus())
    } finally {
      window.dispatchEvent(new KeyboardEvent("keydown"))
      scrollTo.mockRestore()
      window.history.replaceState(null, "", "/")
      section.remove()
    }
  })

  it("a backend that sends only bot_response shows the answer without any button", async () => {
    fetchMock.mockResolvedValueOnce(serverReply(200, JSON.stringify({ bot_response: "Remplissez le formulaire." })))
    const user = setup()
    await openChat(user)
    await ask(user, "je veux vendre")
    await within(conversation()).findByText("Remplissez le formulaire.")
    expect(within(conversation()).queryByRole("button")).not.toBeInTheDocument()
  })
})
