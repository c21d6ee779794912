/**
 * The estimate form as the jest suites drive it: the real form and toasts, object URLs, fetch
 * and XMLHttpRequest replaced for each test (fake timers), and the visitor's usual steps.
 * Importing it installs those hooks in the suite.
 */
import React from "react"
import { fireEvent, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { EstimateForm, type EstimateFormCopy } from "../../src/sections/Buyback/EstimateForm"
import { ToastProvider } from "../../src/components/Toast"
import type { ItemChoices } from "../../src/sections/Buyback/EstimateForm/ItemFields"
import { categories, readContent, readList } from "./content"
import { settleFileReads, stubObjectUrls } from "./photos"
import { installFakeXhr } from "./xhr"

export const form = readContent<{ form: EstimateFormCopy }>("buyback").form
/** The shop's delay for a firm offer, as the page passes it (content/buyback.json `sale.offerDelay`). */
export const OFFER_DELAY = readContent<{ sale: { offerDelay: string } }>("buyback").sale.offerDelay
/** The selects' choices as the page passes them: the grid, the wanted brands, the categories. */
export const choices: ItemChoices = {
  grid: readContent<{ grid: ItemChoices["grid"] }>("buyback").grid,
  brands: readList<{ name: string; wanted: boolean }>("brands")
    .filter((brand) => brand.wanted)
    .map((brand) => brand.name),
  categories: categories(),
}

/**
 * The anti-spam proof-of-work is solved for real against a real server in
 * __tests__/proof-of-work-client.test.ts and in the browser (e2e/proof-of-work.spec.mjs); here
 * jsdom has no WebCrypto, so the form gets a ready proof and these suites watch the form.
 */
export const PROOF_PAYLOAD = "preuve-de-travail"
/** What the proof gives: ready by default; a test may make it fail once (mockResolvedValueOnce). */
export const mockProveWork = jest.fn()
jest.mock("../../src/lib/proof-of-work", () => ({ proveWork: () => mockProveWork() }))

export let urls: ReturnType<typeof stubObjectUrls>
export const fetchSpy = jest.fn()

beforeAll(() => {
  // Radix toasts call pointer capture on click; jsdom lacks it.
  Object.assign(Element.prototype, { setPointerCapture: () => undefined, releasePointerCapture: () => undefined, hasPointerCapture: () => false })
})

beforeEach(() => {
  jest.useFakeTimers()
  urls = stubObjectUrls()
  fetchSpy.mockReset()
  mockProveWork.mockReset().mockResolvedValue({ ok: true, payload: PROOF_PAYLOAD })
  Object.defineProperty(window, "fetch", { configurable: true, writable: true, value: fetchSpy })
  installFakeXhr()
})
afterEach(() => jest.useRealTimers())

export function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  const view = render(
    <ToastProvider>
      <EstimateForm copy={form} choices={choices} offerDelay={OFFER_DELAY} />
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
