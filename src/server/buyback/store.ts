/**
 * The buy-back of each request, kept beside it in the outbox: LEADS_DIR/<number>/buyback.json
 * (src/contract/buyback.ts), written whole or not at all (writeFileAtomic: fsync, rename, fsync of
 * the folder) and mode 600 (the seller's identity and IBAN). Steps of one request run one after
 * the other; the payment writes the register (src/server/register/) first, one entry per garment
 * kept, then the record.
 *
 * What must stay true: a kill -9 at any moment leaves the old record or the new one; the register
 * is the truth of a payment: a record still « Colis reçu » whose request has entries in the
 * register (a kill -9 between the two writes) is made « Payée » from those entries at its next
 * read, with the seller's mail, and a payment posted again writes no second entry and ignores
 * what the second post says; erasing the request (retention, « Supprimer ») erases this file with
 * it and never touches the register, kept 10 years.
 */
import { readFile } from "node:fs/promises"
import path from "node:path"
import type { Buyback, BuybackStage } from "../../contract/buyback"
import { postageRefundCap, shopIdentity } from "../content"
import { writeFileAtomic } from "../files"
import { nextHandling, type HandlingStatus } from "../leads/handling"
import type { Letters } from "../leads/letters"
import { oneAtATime } from "../leads/one-at-a-time"
import type { Outbox, StoredLead } from "../leads/outbox"
import { RegisterRefusal, type Register, type RegisterEntry } from "../register/register"
import { lettersFor } from "./letters"
import { newBuyback, type Refusal, type Step } from "./machine"
import { checkPayment, paidWith, paymentFromEntries, payWith, registerEntries, withPostageClaim } from "./payment-steps"
import { paidReceipt } from "./receipt-page"
import { signed } from "./shop-identity"
import { findByToken } from "./token-index"
import { upgraded } from "./upgrade"
import { checkedRecord, parsedRecord } from "../leads/records"
import { clock } from "../clock"

/** The record's name in the request's folder (./intake.ts writes the first one with the request). */
export const FILE = "buyback.json"

/**
 * The inbox's status each stage sets (handling.json, src/server/leads/handling.ts): the list's
 * filters follow the sale, and the retention period restarts from each step (./retention.ts). A
 * lot refused on arrival is « En cours » (a return to send), never « Refusée » (the seller's refusal).
 */
const HANDLING_OF: Readonly<Record<BuybackStage, HandlingStatus | null>> = {
  requested: null,
  offered: "offer_sent",
  accepted: "accepted",
  refused: "refused",
  received: "in_progress",
  revised: "offer_sent",
  rejected: "in_progress",
  paid: "paid",
}

export type Purchase = { stored: StoredLead; buyback: Buyback }

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
      // Held to its schema once upgraded (../leads/records.ts): a record changed by hand is unreadable, never half shown.
      const raw = parsedRecord(id, "buyback.json", await readFile(this.file(id), "utf8"))
      return checkedRecord<Buyback>(id, "buyback.json", upgraded(raw as Buyback))
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
  open(id: string, site?: string): Promise<Purchase | null> {
    return oneAtATime(id, async () => {
      await this.ready
      const stored = await this.outbox.find(id)
      if (!stored) return null
      let buyback = await this.read(id)
      if (!buyback) {
        buyback = newBuyback(stored.lead.created_at)
        await this.write(id, buyback)
      }
      return { stored, buyback: await this.settled(stored, buyback, clock.now(), site) }
    })
  }

  /**
   * The request whose seller's key is `token`, or null (unknown, malformed, or the request erased):
   * found through the index by key (./token-index.ts), then made to agree with the register.
   */
  async findByToken(token: string, site?: string): Promise<Purchase | null> {
    const found = await findByToken(this, token)
    if (!found) return null
    const id = found.stored.lead.id
    return oneAtATime(id, async () => {
      const stored = await this.outbox.find(id)
      const buyback = await this.read(id)
      return stored && buyback ? { stored, buyback: await this.settled(stored, buyback, clock.now(), site) } : null
    })
  }

  /**
   * Applies `step` to the request's record as stored now and writes the result. `version`: the
   * record's updated_at the owner's form started from; a different one is refused (409). `site`:
   * the shop's address for the links of the mails the step writes (none: no mail).
   */
  apply(id: string, step: (buyback: Buyback, stored: StoredLead) => Step, version?: string, site?: string): Promise<Step | null> {
    return oneAtATime(id, async () => {
      await this.ready
      const stored = await this.outbox.find(id)
      if (!stored) return null
      const read = (await this.read(id)) ?? newBuyback(stored.lead.created_at)
      const buyback = await this.settled(stored, read, clock.now(), site)
      if (version !== undefined && version !== buyback.updated_at) return changedElsewhere()
      const outcome = step(buyback, stored)
      if (outcome.ok && outcome.changed) {
        await this.write(id, outcome.buyback, buyback)
        await this.mail(stored, buyback, outcome.buyback, site)
      }
      return outcome
    })
  }

  /**
   * « Enregistrer le paiement »: checked, one register entry per garment kept, then the record
   * « Payée ». Posted again after a crash between the two writes, the entries already in the
   * register are the payment (./payment-steps.ts paymentFromEntries), whatever this post says.
   */
  pay(id: string, body: unknown, version: string, now: Date, site?: string): Promise<Step | null> {
    return oneAtATime(id, async () => {
      await this.ready
      const stored = await this.outbox.find(id)
      const read = stored ? await this.read(id) : null
      if (!stored || !read) return null
      const buyback = await this.settled(stored, read, now, site)
      if (buyback !== read) return { ok: true, changed: true, buyback }
      const checked = checkPayment(buyback, body, now, postageRefundCap())
      if (!checked.ok) return checked
      if (version !== buyback.updated_at) return changedElsewhere()
      const claimed = withPostageClaim(buyback, checked.payment)
      if (claimed !== buyback) await this.write(id, claimed, buyback)
      let written: RegisterEntry[] | null
      try {
        written = await this.register.appendAll(registerEntries(stored.lead, buyback, checked.payment), null, now)
      } catch (error) {
        // The register is cut (shorter than its checkpoint) or its key is missing: no number is given, nothing paid.
        if (error instanceof RegisterRefusal) return { ok: false, status: 409, code: "register_refused", error: error.message, fields: {}, typed: {} }
        throw error
      }
      if (!written) throw new Error(`registre : achat ${id} non écrit`)
      const paid = payWith(
        buyback,
        checked.payment,
        written.map((entry) => entry.number),
        now,
      )
      await this.write(id, paid, buyback)
      await this.mail(stored, buyback, paid, site)
      return { ok: true, changed: true, buyback: paid }
    })
  }

  /**
   * The record agreeing with the register: a record « Colis reçu » whose request already has
   * entries (a payment interrupted after them) is made « Payée » from them — the garments kept that
   * the interruption left out written with the same method and date — then written and mailed.
   * Any other record is returned as it is (the same object).
   */
  private async settled(stored: StoredLead, buyback: Buyback, now: Date, site?: string): Promise<Buyback> {
    if (buyback.stage !== "received") return buyback
    const entries = await this.entriesOf(stored.lead.id)
    const postage = buyback.postage_claim_cents ?? 0
    const first = paymentFromEntries(entries, now.toISOString(), postage)
    if (!first) return buyback
    const registered = new Set(entries.map((entry) => entry.item.index))
    const missing = registerEntries(stored.lead, buyback, first).filter((entry) => !registered.has(entry.item.index))
    const added = missing.length > 0 ? ((await this.register.appendAll(missing, null, now)) ?? []) : []
    const payment = paymentFromEntries([...entries, ...added], now.toISOString(), postage)!
    const paid = paidWith(buyback, payment)
    await this.write(stored.lead.id, paid, buyback)
    await this.mail(stored, buyback, paid, site)
    return paid
  }

  /**
   * The step's mails, written to the request's letters after the record (a crash between the two
   * loses the mail, never the step; the pages show the step). A mail that cannot be written is
   * logged, never a refusal of the step already made.
   */
  private async mail(stored: StoredLead, before: Buyback, after: Buyback, site?: string): Promise<void> {
    if (!this.letters || site === undefined) return
    const identity = shopIdentity()
    const receipt = await paidReceipt(this.register, stored.lead.id, before, after, identity, site).catch((error: unknown) => {
      console.error(`rachat : bordereau de ${stored.lead.id} non écrit`, error)
      return []
    })
    for (const letter of [...lettersFor(stored.lead, before, after, site), ...receipt]) {
      await this.letters
        .post(stored.lead.id, signed(letter, identity, site))
        .catch((error: unknown) => console.error(`rachat : e-mail de ${stored.lead.id} non écrit`, error))
    }
  }

  /** The register's entries of this request's purchase, in order (none before its payment; corrections left out). */
  private async entriesOf(id: string): Promise<RegisterEntry[]> {
    return (await this.register.list()).filter((entry) => entry.request === id && entry.rectifies === undefined)
  }
}
