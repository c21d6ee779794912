/**
 * The buy-back of each request, kept beside it in the outbox: LEADS_DIR/<number>/buyback.json
 * (src/contract/buyback.ts), written whole or not at all (writeFileAtomic: fsync, rename, fsync of
 * the folder) and mode 600 (the seller's identity and IBAN). Steps of one request run one after
 * the other; the payment writes the register (src/server/register/) first, then the record.
 *
 * What must stay true: a kill -9 at any moment leaves the old record or the new one; a payment
 * interrupted between its register entry and its record, posted again, finds that entry and
 * writes no second one; erasing the request (retention, « Supprimer ») erases this file with it
 * and never touches the register, kept 10 years.
 */
import { timingSafeEqual } from "node:crypto"
import { readFile } from "node:fs/promises"
import path from "node:path"
import { ID_TYPES, PAYMENT_METHODS, type Buyback, type BuybackStage } from "../../contract/buyback"
import { writeFileAtomic } from "../files"
import { nextHandling, type HandlingStatus } from "../leads/handling"
import type { Letters } from "../leads/letters"
import { oneAtATime } from "../leads/one-at-a-time"
import type { Outbox, StoredLead } from "../leads/outbox"
import type { Register, RegisterEntry } from "../register/register"
import { lettersFor } from "./letters"
import { checkPayment, newBuyback, payWith, TOKEN_PATTERN, type Refusal, type Step } from "./machine"

/** The record's name in the request's folder (./intake.ts writes the first one with the request). */
export const FILE = "buyback.json"

/**
 * The inbox's status each stage sets (handling.json, src/server/leads/handling.ts): the list's
 * filters follow the sale, and the retention period restarts from each step (./retention.ts).
 */
const HANDLING_OF: Readonly<Record<BuybackStage, HandlingStatus | null>> = {
  requested: null,
  offered: "offer_sent",
  accepted: "accepted",
  refused: "refused",
  received: "in_progress",
  revised: "offer_sent",
  rejected: "refused",
  paid: "paid",
}

export type Purchase = { stored: StoredLead; buyback: Buyback }

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

export const changedElsewhere = (typed: Record<string, string> = {}): Refusal => ({
  ok: false,
  status: 409,
  code: "changed_elsewhere",
  error:
    "Cette demande a changé ailleurs (autre onglet ou appareil) pendant que vous écriviez : relisez-la. Votre saisie est conservée : enregistrez à nouveau pour la garder.",
  fields: {},
  typed,
})

export class Buybacks {
  /**
   * `ready`: the leads service's start (src/server/leads/service.ts), which clears a crash's
   * `*.tmp` in every request's folder; nothing is written here before it settled, or that sweep
   * could remove a record being written.
   */
  constructor(
    readonly outbox: Outbox,
    readonly register: Register,
    private readonly ready: Promise<unknown> = Promise.resolve(),
    private readonly letters?: Letters,
  ) {}

  private file(id: string): string {
    return path.join(this.outbox.leadDir(id), FILE)
  }

  /** The record, or null when the request has none yet. */
  async read(id: string): Promise<Buyback | null> {
    await this.ready
    try {
      return JSON.parse(await readFile(this.file(id), "utf8")) as Buyback
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
      throw error
    }
  }

  /**
   * The record, then the inbox's status it implies. A crash between the two leaves the status one
   * step behind until the next step (the record is what the pages read).
   */
  private async write(id: string, buyback: Buyback, before?: Buyback): Promise<void> {
    await writeFileAtomic(this.file(id), `${JSON.stringify(buyback, null, 2)}\n`, { mode: 0o600 })
    const status = HANDLING_OF[buyback.stage]
    if (!status || buyback.stage === before?.stage) return
    const stored = await this.outbox.find(id)
    if (stored && stored.handling.status !== status) {
      await this.outbox.writeHandling(id, nextHandling(stored.handling, { status, note: stored.handling.note }, new Date(buyback.updated_at)))
    }
  }

  /**
   * The request's record, made (with its seller's key) if it has none yet — an estimate request
   * brings its own from the intake (./intake.ts); a chat contact or a request stored before it
   * gets one here; null when the request does not exist.
   */
  open(id: string): Promise<Purchase | null> {
    return oneAtATime(id, async () => {
      await this.ready
      const stored = await this.outbox.find(id)
      if (!stored) return null
      let buyback = await this.read(id)
      if (!buyback) {
        buyback = newBuyback(stored.lead.created_at)
        await this.write(id, buyback)
      }
      return { stored, buyback }
    })
  }

  /** The request whose seller's key is `token`, or null (unknown, malformed, or the request erased). */
  async findByToken(token: string): Promise<Purchase | null> {
    if (!TOKEN_PATTERN.test(token)) return null
    for (const id of await this.outbox.ids()) {
      const buyback = await this.read(id).catch(() => null)
      if (buyback && sameToken(buyback.token, token)) {
        const stored = await this.outbox.find(id)
        return stored ? { stored, buyback } : null
      }
    }
    return null
  }

  /**
   * Applies `step` to the request's record as stored now and writes the result. `version`: the
   * record's updated_at the owner's form started from; a different one is refused (409). `site`:
   * the shop's address for the links of the mails the step writes (none: no mail).
   */
  apply(id: string, step: (buyback: Buyback) => Step, version?: string, site?: string): Promise<Step | null> {
    return oneAtATime(id, async () => {
      await this.ready
      const stored = await this.outbox.find(id)
      if (!stored) return null
      const buyback = (await this.read(id)) ?? newBuyback(stored.lead.created_at)
      if (version !== undefined && version !== buyback.updated_at) return changedElsewhere()
      const outcome = step(buyback)
      if (outcome.ok && outcome.changed) {
        await this.write(id, outcome.buyback, buyback)
        await this.mail(stored, buyback, outcome.buyback, site)
      }
      return outcome
    })
  }

  /** « Enregistrer le paiement »: checked, the purchase written to the register, then the record « Payée ». */
  pay(id: string, body: unknown, version: string, now: Date, site?: string): Promise<Step | null> {
    return oneAtATime(id, async () => {
      await this.ready
      const stored = await this.outbox.find(id)
      const buyback = stored ? await this.read(id) : null
      if (!stored || !buyback) return null
      const checked = checkPayment(buyback, body, now)
      if (!checked.ok) return checked
      if (version !== buyback.updated_at) return changedElsewhere()
      const entry = (await this.entryOf(id)) ?? (await this.register.append(registerEntry(stored, buyback, checked.payment), now))
      const paid = payWith(buyback, checked.payment, entry.number, now)
      await this.write(id, paid, buyback)
      await this.mail(stored, buyback, paid, site)
      return { ok: true, changed: true, buyback: paid }
    })
  }

  /**
   * The step's mails, written to the request's letters after the record (a crash between the two
   * loses the mail, never the step; the pages show the step). A mail that cannot be written is
   * logged, never a refusal of the step already made.
   */
  private async mail(stored: StoredLead, before: Buyback, after: Buyback, site?: string): Promise<void> {
    if (!this.letters || site === undefined) return
    for (const letter of lettersFor(stored.lead, before, after, site)) {
      await this.letters.post(stored.lead.id, letter).catch((error: unknown) => console.error(`rachat : e-mail de ${stored.lead.id} non écrit`, error))
    }
  }

  /** The register's entry of this request's purchase, if written (a payment interrupted after it). */
  private async entryOf(id: string): Promise<RegisterEntry | null> {
    return (await this.register.list()).find((entry) => entry.request === id && entry.rectifies === undefined) ?? null
  }
}

/** What the register keeps of a purchase: the seller as identified at acceptance, the item as received, the price paid. */
function registerEntry({ lead }: StoredLead, buyback: Buyback, payment: { amount_cents: number; method: keyof typeof PAYMENT_METHODS; date: string }) {
  const seller = buyback.seller
  if (!seller) throw new Error(`achat ${lead.id} payé sans vendeur`)
  return {
    request: lead.id,
    seller: {
      status: "particulier" as const,
      surname: seller.surname,
      first_names: seller.first_names,
      address: seller.address,
      id_type: ID_TYPES[seller.id_type],
      id_number: seller.id_number,
      id_date: seller.id_date,
      id_authority: seller.id_authority,
    },
    item: {
      index: 0,
      nature: lead.item?.category ?? "",
      brand: lead.item?.brand ?? "",
      size: "",
      colour: "",
      marks: "",
      condition: lead.item?.condition ?? "",
      description: buyback.reception?.description ?? "",
    },
    provenance: `Rachat à un particulier, demande n° ${lead.id}`,
    price_cents: payment.amount_cents,
    payment_method: PAYMENT_METHODS[payment.method],
    payment_date: payment.date,
  }
}
