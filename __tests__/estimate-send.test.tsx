import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { FILES } from "./helpers/photos"
import { FakeXhr } from "./helpers/xhr"
import { form, mockProveWork, OFFER_DELAY, PROOF_PAYLOAD, setup, urls } from "./helpers/estimate-form"
import { frenchTypography } from "../src/lib/typography"

describe("estimate form: submit", () => {
  it("keeps the button disabled until there is an email and a photo, saying next to it what is missing", async () => {
    const { user, email, upload, submit } = setup()
    expect(submit()).toHaveAccessibleDescription("Il manque votre email et au moins une photo.")
    expect(screen.getByText("Il manque votre email et au moins une photo.")).toBeVisible()
    await user.type(email, "vous@exemple.fr")
    expect(submit()).toBeDisabled()
    expect(submit()).toHaveAccessibleDescription("Il manque au moins une photo.")
    await upload(FILES.png())
    expect(submit()).toBeEnabled()
    expect(submit()).toHaveAccessibleDescription("")
    expect(screen.queryByText(/^Il manque/)).not.toBeInTheDocument()
    await user.clear(email)
    expect(submit()).toBeDisabled()
    expect(submit()).toHaveAccessibleDescription("Il manque votre email.")
  })

  it("Enter with a missing photo gives the 'Informations manquantes' toast and keeps what was typed", async () => {
    const { user, email, description, toast } = setup()
    await user.type(description, "Polo Lacoste taille M")
    await user.type(email, "vous@exemple.fr{Enter}")
    expect(toast()).toHaveAttribute("data-variant", "destructive")
    expect(toast()).toHaveTextContent("Informations manquantes")
    expect(toast()).toHaveTextContent("Veuillez renseigner votre email et ajouter au moins une photo.")
    expect(email).toHaveValue("vous@exemple.fr")
    expect(description).toHaveValue("Polo Lacoste taille M")
  })

  it("Enter with a blank email (spaces only) and a photo gives the same toast and keeps the photo", async () => {
    const { user, email, upload, previews, toast } = setup()
    await upload(FILES.png())
    await user.type(email, "   {Enter}")
    expect(toast()).toHaveTextContent("Informations manquantes")
    expect(previews()).toHaveLength(1)
  })

  it("a malformed address stops the submit with the inline message and focus on the field", async () => {
    const { user, email, upload, submit, toast } = setup()
    await upload(FILES.png())
    await user.type(email, "vous@exemple")
    await user.click(submit())
    expect(email).toHaveFocus()
    expect(email).toHaveAccessibleDescription(form.emailInvalid)
    expect(submit()).toHaveTextContent(form.submit)
    expect(toast()).toBeNull()
  })

  const lastRequest = () => FakeXhr.requests[FakeXhr.requests.length - 1]!
  const PAGE = "http://127.0.0.1:9000/suivi/0123456789abcdef0123456789abcdef/"

  it("sends email, description and photos with upload progress; only after the 201, the emptied form gives way to a lasting confirmation", async () => {
    const { user, email, description, upload, submit, previews, toast, form: formElement } = setup()
    await user.type(email, "vous@exemple.fr")
    await user.type(description, "Pull Ralph Lauren, très bon état")
    const photos = [FILES.png("a.png"), FILES.jpeg("b.jpg")]
    await upload(...photos)
    await user.click(submit())

    const request = lastRequest()
    expect([request.method, request.url]).toEqual(["POST", "/api/estimate"])
    expect(request.body!.get("email")).toBe("vous@exemple.fr")
    expect(request.body!.get("garments[0][description]")).toBe("Pull Ralph Lauren, très bon état")
    expect(request.body!.get("website")).toBe("")
    expect(request.body!.get("altcha")).toBe(PROOF_PAYLOAD)
    expect(request.body!.getAll("photos[0]").map((file) => (file as File).name)).toEqual(["a.png", "b.jpg"])
    expect(submit()).toHaveTextContent(form.submitting)
    expect(submit()).toBeDisabled()
    expect(formElement).toHaveAttribute("aria-busy", "true")
    expect(within(formElement).getByRole("status")).toHaveTextContent(form.submitting)

    act(() => request.progress(420, 1000))
    expect(screen.getByRole("progressbar", { name: frenchTypography("Envoi de la demande : 42 %") })).toHaveAttribute("aria-valuenow", "42")
    act(() => request.progress(1000, 1000))
    expect(toast()).toBeNull()
    expect(email).toHaveValue("vous@exemple.fr")

    await act(async () => request.respond(201, { id: "20261123-2130-K7Q2MX", message: "Demande n° 20261123-2130-K7Q2MX enregistrée", page: PAGE }))
    // The success toast waits until the confirmation is in place (and the page has stopped scrolling to it).
    await waitFor(() => expect(toast()).toHaveAttribute("data-variant", "success"))
    // The spec's title; its description no longer promises a « chat en direct » that does not exist.
    expect(toast()).toHaveTextContent("Demande envoyée avec succès !")
    expect(toast()).toHaveTextContent("Le récapitulatif de votre demande reste affiché sur la page.")
    expect(toast()).not.toHaveTextContent(/chat/)
    expect(toast()).toHaveTextContent("Numéro de demande : 20261123-2130-K7Q2MX")

    // The form (and its « Il manque… » line) is gone; the confirmation holds the focus.
    expect(formElement).not.toBeInTheDocument()
    expect(screen.queryByText(/^Il manque/)).not.toBeInTheDocument()
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument()
    expect(urls.revokeObjectURL).toHaveBeenCalledTimes(2)
    const heading = screen.getByRole("heading", { name: "Votre demande est bien enregistrée" })
    expect(heading).toHaveFocus()
    const confirmation = screen.getByRole("region", { name: "Votre demande est bien enregistrée" })
    expect(confirmation).toHaveTextContent("Numéro de demande : 20261123-2130-K7Q2MX")
    expect(confirmation).toHaveTextContent(
      `Nous examinons vos photos : notre proposition ferme vous arrivera par e-mail ${OFFER_DELAY}, à l'adresse vous@exemple.fr.`,
    )
    expect(within(confirmation).getByRole("link", { name: "Ouvrir ma page de suivi" })).toHaveAttribute("href", PAGE)
    expect(confirmation).toHaveTextContent("Vous recevez aussi ce lien par e-mail.")

    // Still there long after the toast is gone.
    act(() => jest.advanceTimersByTime(60_000))
    expect(toast()).toBeNull()
    expect(screen.getByRole("heading", { name: "Votre demande est bien enregistrée" })).toBeInTheDocument()

    // « Faire une autre demande »: an empty form, focus on its first field.
    await user.click(within(confirmation).getByRole("button", { name: "Faire une autre demande" }))
    const again = screen.getByRole("textbox", { name: form.emailLabel })
    act(() => jest.runOnlyPendingTimers())
    expect(again).toHaveValue("")
    expect(again).toHaveFocus()
    expect(screen.getByRole("textbox", { name: form.descriptionLabel })).toHaveValue("")
    expect(previews()).toHaveLength(0)
    expect(submit()).toHaveTextContent(form.submit)
    expect(screen.queryByRole("region", { name: "Votre demande est bien enregistrée" })).not.toBeInTheDocument()
  })

  it("without a private page (a server that keeps none) or with an address that is not http(s), no link: the number to keep", async () => {
    const { user, email, upload, submit } = setup()
    await user.type(email, "vous@exemple.fr")
    await upload(FILES.png("a.png"))
    await user.click(submit())
    await act(async () => lastRequest().respond(201, { id: "20261123-2130-K7Q2MX", page: "javascript:alert(1)" }))
    const confirmation = screen.getByRole("region", { name: "Votre demande est bien enregistrée" })
    expect(within(confirmation).queryByRole("link")).toBeNull()
    expect(confirmation).toHaveTextContent("Gardez ce numéro : rappelez-le dans vos messages.")
  })

  it("a server error keeps email, description and photos, and the toast's « Réessayer » sends them again", async () => {
    const { user, email, description, upload, submit, previews, toast } = setup()
    await user.type(email, "vous@exemple.fr")
    await user.type(description, "Polo")
    await upload(FILES.png("a.png"))
    await user.click(submit())
    await act(async () => lastRequest().respond(500, { error: "internal_error", message: "Erreur interne du serveur." }))

    expect(toast()).toHaveAttribute("data-variant", "destructive")
    expect(toast()).toHaveTextContent("La demande n'a pas été envoyée")
    expect(toast()).toHaveTextContent("Votre email, votre description et vos photos sont conservés.")
    expect([email.value, description.value, previews().length]).toEqual(["vous@exemple.fr", "Polo", 1])
    expect(submit()).toBeEnabled()

    // The upload starts once the anti-spam proof is ready (a promise): let it settle.
    await act(async () => fireEvent.click(within(toast()!).getByRole("button", { name: "Réessayer" })))
    expect(FakeXhr.requests).toHaveLength(2)
    expect(lastRequest().body!.getAll("photos[0]")).toHaveLength(1)
    await act(async () => lastRequest().respond(201, { id: "20261123-2130-AAAAAA" }))
    await waitFor(() => expect(toast()).toHaveTextContent("Numéro de demande : 20261123-2130-AAAAAA"))
  })

  it("a refusal shows the server's French message; the form stays filled", async () => {
    const { user, email, upload, submit, toast } = setup()
    await user.type(email, "vous@exemple.fr")
    await upload(FILES.png("a.png"))
    await user.click(submit())
    await act(async () =>
      lastRequest().respond(429, { error: "rate_limited", message: "Trop de demandes envoyées depuis votre connexion. Réessayez dans quelques minutes." }),
    )
    expect(toast()).toHaveTextContent("Trop de demandes envoyées depuis votre connexion. Réessayez dans quelques minutes.")
    expect(email).toHaveValue("vous@exemple.fr")
  })

  it("a refusal typed with ordinary spaces is shown with French typography: « : » and « ! » never start a line", async () => {
    const { user, email, upload, submit, toast } = setup()
    await user.type(email, "vous@exemple.fr")
    await upload(FILES.png("a.png"))
    await user.click(submit())
    await act(async () => lastRequest().respond(400, { error: "not_an_image", message: "Photo refusée : ce n'est pas une image !" }))
    expect(toast()?.textContent).toContain("Photo refusée\u00a0: ce n'est pas une image\u202f!")
  })

  it("a server that stops answering: after 30 s without progress the request is abandoned, the form kept, « Réessayer » offered", async () => {
    const { user, email, upload, submit, previews, toast } = setup()
    await user.type(email, "vous@exemple.fr")
    await upload(FILES.png("a.png"))
    await user.click(submit())
    act(() => lastRequest().progress(1000, 1000))
    act(() => jest.advanceTimersByTime(29_999))
    expect(toast()).toBeNull()
    await act(async () => jest.advanceTimersByTime(1))
    expect(lastRequest().aborted).toBe(true)
    expect(toast()).toHaveTextContent("Problème de connexion : votre demande n'est pas partie.")
    expect(within(toast()!).getByRole("button", { name: "Réessayer" })).toBeInTheDocument()
    expect([email.value, previews().length]).toEqual(["vous@exemple.fr", 1])
  })

  it("no anti-spam challenge to be had (connection lost): nothing is uploaded, the form is kept and « Réessayer » tries again", async () => {
    mockProveWork.mockResolvedValueOnce({ ok: false, reason: "network" })
    const { user, email, upload, submit, previews, toast } = setup()
    await user.type(email, "vous@exemple.fr")
    await upload(FILES.png("a.png"))
    await user.click(submit())
    await waitFor(() => expect(toast()).toHaveTextContent("Problème de connexion : votre demande n'est pas partie."))
    expect(FakeXhr.requests).toHaveLength(0)
    expect([email.value, previews().length]).toEqual(["vous@exemple.fr", 1])
    await act(async () => fireEvent.click(within(toast()!).getByRole("button", { name: "Réessayer" })))
    expect(FakeXhr.requests).toHaveLength(1)
    expect(lastRequest().body!.get("altcha")).toBe(PROOF_PAYLOAD)
  })

  it("Enter in the email field submits a complete form", async () => {
    const { user, email, upload, submit } = setup()
    await upload(FILES.png())
    await user.type(email, "vous@exemple.fr{Enter}")
    expect(submit()).toHaveTextContent(form.submitting)
    expect(FakeXhr.requests).toHaveLength(1)
  })
})
