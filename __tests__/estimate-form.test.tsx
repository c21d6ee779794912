import { fireEvent, screen } from "@testing-library/react"
import { FILES } from "./helpers/photos"
import { form, setup, urls } from "./helpers/estimate-form"
import { frenchTypography } from "../src/lib/typography"

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

  it("says under the form who receives the data, why and for how long, with the privacy policy in a new tab", () => {
    setup()
    const policy = screen.getByRole("link", { name: "Vos données et vos droits (nouvel onglet)" })
    expect(policy).toHaveAttribute("href", "/confidentialite/")
    expect(policy).toHaveAttribute("target", "_blank")
    const notice = policy.closest("p")
    expect(notice).toHaveTextContent(form.privacyNotice)
    // Under the form: after its send button, inside it.
    const send = screen.getByRole("button", { name: form.submit })
    expect(send.compareDocumentPosition(notice!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(notice!.closest("form")).not.toBeNull()
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
    // Brand, category and condition (optional selects) come between the email and the description.
    for (const label of [form.brandLabel, form.categoryLabel, form.conditionLabel]) {
      await user.tab()
      expect(screen.getByRole("combobox", { name: label })).toHaveFocus()
    }
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
    expect(previews().map((img) => img.getAttribute("alt"))).toEqual([frenchTypography("Photo 1 : polo.png"), frenchTypography("Photo 2 : chemise.jpg")])
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
    expect(previews().map((img) => img.getAttribute("alt"))).toEqual([frenchTypography("Photo 1 : b.png")])
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
    expect(previews().at(-1)).toHaveAttribute("alt", frenchTypography("Photo 4 : 4.jpg"))
    expect(toast()).toHaveTextContent("4 photos maximum")
    expect(toast()).toHaveTextContent("2 photos ignorées : un article compte 4 photos au maximum.")
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

  it("keeps saying which photo was refused under the photos after the toast is gone, until the next addition", async () => {
    const { upload, previews } = setup()
    await upload(FILES.png("bon.png"), FILES.fakeJpeg("faux.jpg"))
    const input = screen.getByLabelText("Photos de l'article (4 maximum)")
    const said = () => document.querySelector("[data-photo-problem]")
    expect(said()).toHaveTextContent("« faux.jpg » n'est pas une photo.")
    // The file input names it too: a screen reader returning to the field hears why.
    expect(input).toHaveAccessibleDescription(/Fichier refusé\s«\sfaux\.jpg\s»\sn'est pas une photo\./)
    await upload(FILES.png("autre.png"))
    expect(previews()).toHaveLength(2)
    expect(said()).toBeNull()
  })

  it("revokes every preview URL when the form goes away", async () => {
    const { upload, view } = setup()
    await upload(FILES.png("a.png"), FILES.png("b.png"))
    view.unmount()
    expect(urls.revokeObjectURL).toHaveBeenCalledWith("blob:http://localhost/photo-1")
    expect(urls.revokeObjectURL).toHaveBeenCalledWith("blob:http://localhost/photo-2")
  })
})
