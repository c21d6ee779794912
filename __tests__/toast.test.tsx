import React from "react"
import { act, fireEvent, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ToastProvider, useToast, type ToastInput } from "../src/components/Toast"

/** A page with buttons that raise toasts, as a feature of the site would. */
function Demo({ toasts }: { toasts: ReadonlyArray<ToastInput> }) {
  const { toast } = useToast()
  return (
    <>
      {toasts.map((input) => (
        <button key={input.title} type="button" onClick={() => toast(input)}>
          {input.title}
        </button>
      ))}
    </>
  )
}

const SENT: ToastInput = {
  title: "Demande envoyée avec succès !",
  description: "Le récapitulatif de votre demande reste affiché sur la page.",
  variant: "success",
}
const MISSING: ToastInput = {
  title: "Informations manquantes",
  description: "Veuillez renseigner votre email et ajouter au moins une photo.",
  variant: "destructive",
}
const INFO: ToastInput = { title: "Pour information" }

function setup(toasts: ReadonlyArray<ToastInput> = [SENT, MISSING, INFO]) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
  render(
    <ToastProvider>
      <Demo toasts={toasts} />
    </ToastProvider>,
  )
  return { user, region: screen.getByRole("region", { name: "Notifications (F8)" }) }
}

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms))

// jsdom has neither PointerEvent nor pointer capture; Radix uses both for swipes (and clicks).
beforeAll(() => {
  class TestPointerEvent extends MouseEvent {
    pointerId: number
    pointerType: string
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init)
      this.pointerId = init.pointerId ?? 1
      this.pointerType = init.pointerType ?? "mouse"
    }
  }
  Object.defineProperty(window, "PointerEvent", { configurable: true, writable: true, value: TestPointerEvent })
  Object.assign(Element.prototype, { setPointerCapture: () => undefined, releasePointerCapture: () => undefined, hasPointerCapture: () => false })
})

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe("toasts", () => {
  it("useToast outside its provider throws a clear French error", () => {
    const silence = jest.spyOn(console, "error").mockImplementation(() => undefined)
    expect(() => render(<Demo toasts={[INFO]} />)).toThrow("useToast doit être utilisé à l'intérieur de <ToastProvider>.")
    silence.mockRestore()
  })

  it("shows the title and description in the notifications region", async () => {
    const { user, region } = setup()
    await user.click(screen.getByRole("button", { name: SENT.title }))
    const toast = within(region).getByRole("listitem")
    expect(toast).toHaveTextContent(SENT.title)
    expect(toast).toHaveTextContent(SENT.description ?? "")
    expect(toast).toHaveAttribute("data-variant", "success")
  })

  it("shows one toast at a time: the newest replaces the previous one", async () => {
    const { user, region } = setup()
    await user.click(screen.getByRole("button", { name: SENT.title }))
    await user.click(screen.getByRole("button", { name: MISSING.title }))
    const toasts = within(region).getAllByRole("listitem")
    expect(toasts).toHaveLength(1)
    expect(toasts[0]).toHaveTextContent(MISSING.title)
    expect(within(region).queryByText(SENT.title)).not.toBeInTheDocument()
  })

  it("closes after 5000 ms", async () => {
    const { user, region } = setup()
    await user.click(screen.getByRole("button", { name: INFO.title }))
    advance(4999)
    expect(within(region).getByText(INFO.title)).toBeInTheDocument()
    advance(1)
    expect(within(region).queryByText(INFO.title)).not.toBeInTheDocument()
  })

  it("pauses its timer while hovered and resumes with the time left", async () => {
    const { user, region } = setup()
    await user.click(screen.getByRole("button", { name: INFO.title }))
    advance(3000)
    fireEvent.pointerMove(region)
    advance(10_000)
    expect(within(region).getByText(INFO.title)).toBeInTheDocument()
    fireEvent.pointerLeave(region)
    advance(1900)
    expect(within(region).getByText(INFO.title)).toBeInTheDocument()
    advance(200)
    expect(within(region).queryByText(INFO.title)).not.toBeInTheDocument()
  })

  it("F8 moves focus to the region, which pauses the timer", async () => {
    const { user, region } = setup()
    await user.click(screen.getByRole("button", { name: INFO.title }))
    await user.keyboard("[F8]")
    expect(region).toContainElement(document.activeElement as HTMLElement)
    advance(10_000)
    expect(within(region).getByText(INFO.title)).toBeInTheDocument()
  })

  it("announces errors assertively and confirmations politely, prefixed 'Notification'", async () => {
    const { user } = setup()
    const announcement = () => screen.getAllByRole("status").find((node) => node.textContent?.startsWith("Notification"))

    await user.click(screen.getByRole("button", { name: MISSING.title }))
    advance(50)
    expect(announcement()).toHaveAttribute("aria-live", "assertive")
    expect(announcement()).toHaveTextContent(`Notification ${MISSING.title} ${MISSING.description}`)

    await user.click(screen.getByRole("button", { name: SENT.title }))
    advance(50)
    expect(announcement()).toHaveAttribute("aria-live", "polite")
    expect(announcement()).toHaveTextContent(SENT.title)
  })

  it("closes with its close button or Escape", async () => {
    const { user, region } = setup()
    await user.click(screen.getByRole("button", { name: INFO.title }))
    await user.click(within(region).getByRole("button", { name: "Fermer la notification" }))
    expect(within(region).queryByText(INFO.title)).not.toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: MISSING.title }))
    await user.keyboard("[F8]")
    await user.keyboard("{Escape}")
    expect(within(region).queryByText(MISSING.title)).not.toBeInTheDocument()
  })

  describe("swipe to dismiss", () => {
    const swipe = (toast: HTMLElement, distance: number) => {
      fireEvent.pointerDown(toast, { button: 0, clientX: 100, clientY: 100 })
      fireEvent.pointerMove(toast, { clientX: 100 + distance / 2, clientY: 100 })
      fireEvent.pointerMove(toast, { clientX: 100 + distance, clientY: 100 })
      fireEvent.pointerUp(toast, { clientX: 100 + distance, clientY: 100 })
    }

    it("a swipe of 50 px or less to the right keeps the toast, beyond 50 px closes it", async () => {
      const { user, region } = setup()
      await user.click(screen.getByRole("button", { name: INFO.title }))
      swipe(within(region).getByRole("listitem"), 50)
      expect(within(region).getByText(INFO.title)).toBeInTheDocument()
      swipe(within(region).getByRole("listitem"), 60)
      expect(within(region).queryByText(INFO.title)).not.toBeInTheDocument()
    })
  })
})
