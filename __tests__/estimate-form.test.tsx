import React from "react"
import { act, fireEvent, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { EstimateForm, type EstimateFormCopy } from "../src/sections/Buyback/EstimateForm"
import { ToastProvider } from "../src/components/Toast"
import { readContent } from "./helpers/content"
import { FILES, settleFileReads, stubObjectUrls } from "./helpers/photos"
import { FakeXhr, installFakeXhr } from "./helpers/xhr"

const form = readContent<{ form: EstimateFormCopy }>("buyback").form

let urls: ReturnType<typeof stubObjectUrls>
const fetchSpy = jest.fn()

beforeAll(() => {
  // Radix toasts call pointer capture on click; jsdom lacks it.
  Object.assign(Element.prototype, { setPointerCapture: () => undefined, releasePointerCapture: () => undefined, hasPointerCapture: () => false })
})

beforeEach(() => {
  jest.useFakeTimers()
  urls = stubObjectUrls()
  fetchSpy.mockReset()
  Object.defineProperty(window, "fetch", { configurable: true, writable: true, value: fetchSpy })
  installFakeXhr()
})
afterEach(() => jest.useRealTimers())

function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  const view = render(
    <ToastProvider>
      <EstimateForm copy={form} />
    </ToastProvider>,
  )
  const fields = {
    form: screen.getByRole("form", { name: form.title }),
    email: screen.getByRole("textbox", { name: form.emailLabel }) as HTMLInputElement,
    description: screen.getByRole("textbox", { name: form.descriptionLabel }) as HTMLTextAreaElement,
    photos: screen.getByLabelText(form.photosLabel) as HTMLInputElement,
    submit: () => screen.getByRole("button", { name: new RegExp(`${form.submit}|${form.submitting}`) }),
    region: screen.getByRole("region", { name: "Notifications (F8)" }),
  }
  const upload = async (...files: File[]) => {
    await user.upload(fields.photos, files)
    await settleFileReads()
  }
  const drop = async (...files: File[]) => {
    const zone = fields.photos.parentElement as HTMLElement
    fireEvent.dragEnter(zone, { dataTransfer: { files, types: ["Files"] } })
    fireEvent.dragOver(zone, { dataTransfer: { files, types: ["Files"] } })
    fireEvent.drop(zone, { dataTransfer: { files, types: ["Files"] } })
    await settleFileReads()
  }
  const previews = () => screen.queryAllByRole("img", { name: /^Photo \d/ })
  const toast = () => within(fields.region).queryByRole("listitem")
  return { user, view, ...fields, upload, drop, previews, toast }
}

describe("estimate form: fields", () => {
  it("has a labelled required email, an optional description and a real multiple image picker", () => {
    const { email, description, photos, submit } = setup()
    expect(email).toHaveAttribute("type", "email")
    expect(email).toBeRequired()
    expect(email).toHaveAttribute("placeholder", form.emailPlaceholder)
    expect(description).not.toBeRequired()
    expect(description).toHaveAttribute("placeholder", form.descriptionPlaceholder)
    expect(photos).toHaveAttribute("type", "file")
    expect(photos).toHaveAttribute("multiple")
    expect(photos).toHaveAttribute("accept", "image/*")
    expect(photos).toHaveAccessibleDescription(expect.stringContaining("Glissez-déposez"))
    expect(submit()).toBeDisabled()
  })

  it("explains a malformed address once the visitor leaves the field, and clears it when fixed", async () => {
    const { user, email } = setup()
    await user.type(email, "jean.dupont@gmail")
    expect(screen.queryByText(form.emailInvalid)).not.toBeInTheDocument()
    await user.tab()
    expect(screen.getByText(form.emailInvalid)).toBeInTheDocument()
    expect(email).toHaveAttribute("aria-invalid", "true")
    expect(email).toHaveAccessibleDescription(form.emailInvalid)
    await user.type(email, ".com")
    expect(screen.queryByText(form.emailInvalid)).not.toBeInTheDocument()
    expect(email).toHaveAttribute("aria-invalid", "false")
  })

  it("keyboard: Tab reaches the photo picker and Enter opens it", async () => {
    const { user, email, description, photos } = setup()
    const opened = jest.fn()
    photos.addEventListener("click", opened)
    await user.click(email)
    await user.tab()
    expect(description).toHaveFocus()
    await user.tab()
    expect(photos).toHaveFocus()
    await user.keyboard("{Enter}")
    expect(opened).toHaveBeenCalledTimes(1)
  })
})

describe("estimate form: photos", () => {
  it("previews each added photo with a generated id and an object URL", async () => {
    const { upload, previews } = setup()
    await upload(FILES.png("polo.png"), FILES.jpeg("chemise.jpg"))
    expect(previews().map((img) => img.getAttribute("alt"))).toEqual(["Photo 1 : polo.png", "Photo 2 : chemise.jpg"])
    expect(previews().map((img) => img.getAttribute("src"))).toEqual(["blob:http://localhost/photo-1", "blob:http://localhost/photo-2"])
    expect(screen.getByText("2 photos sur 4")).toBeInTheDocument()
    // Generated ids are the React keys; same-named files still get two entries.
    await upload(FILES.png("polo.png"))
    expect(previews()).toHaveLength(3)
  })

  it("removes a photo with its button, revokes its URL and keeps focus in the list", async () => {
    const { user, upload, previews, photos } = setup()
    await upload(FILES.png("a.png"), FILES.png("b.png"))
    await user.click(screen.getByRole("button", { name: "Retirer la photo 1" }))
    expect(urls.revokeObjectURL).toHaveBeenCalledWith("blob:http://localhost/photo-1")
    expect(previews().map((img) => img.getAttribute("alt"))).toEqual(["Photo 1 : b.png"])
    expect(screen.getByRole("button", { name: "Retirer la photo 1" })).toHaveFocus()
    await user.click(screen.getByRole("button", { name: "Retirer la photo 1" }))
    expect(urls.revokeObjectURL).toHaveBeenCalledWith("blob:http://localhost/photo-2")
    expect(previews()).toHaveLength(0)
    expect(photos).toHaveFocus()
  })

  it("keeps at most 4 photos across several selections and drops, says how many were ignored, and disables the picker", async () => {
    const { upload, drop, previews, photos, toast } = setup()
    await upload(FILES.png("1.png"), FILES.png("2.png"), FILES.png("3.png"))
    expect(toast()).toBeNull()
    await upload(FILES.jpeg("4.jpg"), FILES.jpeg("5.jpg"), FILES.jpeg("6.jpg"))
    expect(previews()).toHaveLength(4)
    expect(previews().at(-1)).toHaveAttribute("alt", "Photo 4 : 4.jpg")
    expect(toast()).toHaveTextContent("4 photos maximum")
    expect(toast()).toHaveTextContent("2 photos ignorées : une demande compte 4 photos au maximum.")
    expect(photos).toBeDisabled()
    expect(screen.getByText(/Maximum atteint/)).toBeInTheDocument()
    expect(urls.createObjectURL).toHaveBeenCalledTimes(4)

    await drop(FILES.png("7.png"))
    expect(previews()).toHaveLength(4)
    expect(toast()).toHaveTextContent("1 photo ignorée")
  })

  it("two quick drops cannot overshoot the limit while their files are being checked", async () => {
    const { drop, previews, toast } = setup()
    const zone = screen.getByLabelText(form.photosLabel).parentElement as HTMLElement
    fireEvent.drop(zone, { dataTransfer: { files: [FILES.png("1.png"), FILES.png("2.png"), FILES.png("3.png")], types: ["Files"] } })
    await drop(FILES.png("4.png"), FILES.png("5.png"))
    expect(previews()).toHaveLength(4)
    expect(toast()).toHaveTextContent("1 photo ignorée")
  })

  it("accepts photos dropped on the zone, highlighting it while dragging", async () => {
    const { drop, previews, photos } = setup()
    const zone = photos.parentElement as HTMLElement
    const before = zone.className
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], types: ["Files"] } })
    expect(zone.className).not.toBe(before)
    fireEvent.dragLeave(zone, { relatedTarget: document.body })
    expect(zone.className).toBe(before)
    await drop(FILES.jpeg("drop.jpg"))
    expect(previews()).toHaveLength(1)
  })

  it("refuses a text file renamed photo.jpg, in words a visitor understands", async () => {
    const { upload, previews, toast } = setup()
    await upload(FILES.fakeJpeg("photo.jpg"))
    expect(previews()).toHaveLength(0)
    expect(urls.createObjectURL).not.toHaveBeenCalled()
    expect(toast()).toHaveAttribute("data-variant", "destructive")
    expect(toast()).toHaveTextContent("Fichier refusé")
    expect(toast()).toHaveTextContent("« photo.jpg » n'est pas une photo. Choisissez une image JPEG, PNG, WebP, GIF ou AVIF.")
  })

  it("refuses HEIC and tells iPhone owners how to get JPEG", async () => {
    const { upload, previews, toast } = setup()
    await upload(FILES.heic("IMG_0001.HEIC"))
    expect(previews()).toHaveLength(0)
    expect(toast()).toHaveTextContent("Format HEIC non accepté")
    expect(toast()).toHaveTextContent("« IMG_0001.HEIC » est au format HEIC")
    expect(toast()).toHaveTextContent("Réglages › Appareil photo › Formats › « Le plus compatible »")
  })

  it("refuses photos over 10 MB", async () => {
    const { upload, previews, toast } = setup()
    await upload(FILES.jpeg("enorme.jpg", 10 * 1024 * 1024 + 1))
    expect(previews()).toHaveLength(0)
    expect(toast()).toHaveTextContent("Photo trop lourde")
    expect(toast()).toHaveTextContent("« enorme.jpg » dépasse 10 Mo.")
  })

  it("adds the good photos of a mixed selection and lists every problem in one toast", async () => {
    const { upload, previews, toast } = setup()
    await upload(FILES.png("bon.png"), FILES.fakeJpeg("faux.jpg"), FILES.heic("IMG_2.HEIC"))
    expect(previews()).toHaveLength(1)
    expect(toast()).toHaveTextContent("Certaines photos n'ont pas été ajoutées")
    expect(toast()).toHaveTextContent("« faux.jpg » n'est pas une photo.")
    expect(toast()).toHaveTextContent("« IMG_2.HEIC » est au format HEIC")
  })

  it("revokes every preview URL when the form goes away", async () => {
    const { upload, view } = setup()
    await upload(FILES.png("a.png"), FILES.png("b.png"))
    view.unmount()
    expect(urls.revokeObjectURL).toHaveBeenCalledWith("blob:http://localhost/photo-1")
    expect(urls.revokeObjectURL).toHaveBeenCalledWith("blob:http://localhost/photo-2")
  })
})

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

  it("sends email, description and photos with upload progress; thanks the visitor with the request number only after the 201, then clears the form", async () => {
    const { user, email, description, upload, submit, previews, toast, form: formElement } = setup()
    await user.type(email, "vous@exemple.fr")
    await user.type(description, "Pull Ralph Lauren, très bon état")
    const photos = [FILES.png("a.png"), FILES.jpeg("b.jpg")]
    await upload(...photos)
    await user.click(submit())

    const request = lastRequest()
    expect([request.method, request.url]).toEqual(["POST", "/api/estimate"])
    expect(request.body!.get("email")).toBe("vous@exemple.fr")
    expect(request.body!.get("description")).toBe("Pull Ralph Lauren, très bon état")
    expect(request.body!.get("website")).toBe("")
    expect(request.body!.getAll("photos").map((file) => (file as File).name)).toEqual(["a.png", "b.jpg"])
    expect(submit()).toHaveTextContent(form.submitting)
    expect(submit()).toBeDisabled()
    expect(formElement).toHaveAttribute("aria-busy", "true")
    expect(within(formElement).getByRole("status")).toHaveTextContent(form.submitting)

    act(() => request.progress(420, 1000))
    expect(screen.getByRole("progressbar", { name: "Envoi de la demande : 42 %" })).toHaveAttribute("aria-valuenow", "42")
    act(() => request.progress(1000, 1000))
    expect(toast()).toBeNull()
    expect(email).toHaveValue("vous@exemple.fr")

    await act(async () => request.respond(201, { id: "20261123-2130-K7Q2MX", message: "Demande n° 20261123-2130-K7Q2MX enregistrée" }))
    expect(toast()).toHaveAttribute("data-variant", "success")
    expect(toast()).toHaveTextContent("Demande envoyée avec succès !")
    expect(toast()).toHaveTextContent("Notre équipe vous contactera très bientôt par chat en direct.")
    expect(toast()).toHaveTextContent("Numéro de demande : 20261123-2130-K7Q2MX")
    expect(email).toHaveValue("")
    expect(description).toHaveValue("")
    expect(previews()).toHaveLength(0)
    expect(urls.revokeObjectURL).toHaveBeenCalledTimes(2)
    expect(submit()).toHaveTextContent(form.submit)
    expect(formElement).toHaveAttribute("aria-busy", "false")
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument()
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

    act(() => fireEvent.click(within(toast()!).getByRole("button", { name: "Réessayer" })))
    expect(FakeXhr.requests).toHaveLength(2)
    expect(lastRequest().body!.getAll("photos")).toHaveLength(1)
    await act(async () => lastRequest().respond(201, { id: "20261123-2130-AAAAAA" }))
    expect(toast()).toHaveTextContent("Numéro de demande : 20261123-2130-AAAAAA")
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

  it("Enter in the email field submits a complete form", async () => {
    const { user, email, upload, submit } = setup()
    await upload(FILES.png())
    await user.type(email, "vous@exemple.fr{Enter}")
    expect(submit()).toHaveTextContent(form.submitting)
    expect(FakeXhr.requests).toHaveLength(1)
  })
})
