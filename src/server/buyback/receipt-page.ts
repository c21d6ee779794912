/**
 * « Bordereau de rachat » (issue 48): once paid, the seller's proof of the sale — a printable
 * page at `/suivi/<token>/bordereau/` (its PDF by the browser's print) and the same text by mail.
 * The shop's identity, the seller's name, each garment bought with its register order number and
 * price, the total, the postage refunded beside it (the record's payment: the register keeps the
 * garments only), the payment method and date, and the attestation the seller ticked with its
 * date and time.
 *
 * The garments are the register's entries whose `request` is this request (one entry per garment
 * bought), read through the register the host hands to the buy-back: the receipt shows what the
 * register keeps, whatever shape the request's record has. An entry rectified later is shown as
 * rectified (the latest correction's values, under its original order number).
 *
 * What must stay true: nothing but a paid request has a receipt; the receipt shows no identity
 * number and no IBAN (the seller's proof, printable and mailed, not a copy of the register).
 */
import type { Buyback, RegisterEntry } from "../../contract/buyback"
import { formatEuros } from "../../contract/euros"
import { sizeWords } from "../../contract/garments"
import { paymentPhrase } from "../../contract/payment-words"
import { escapeHtml, withTypography } from "../http/html"
import type { ShopIdentity } from "../content"
import { dayText, shopFormat } from "../shop-time"
import type { LetterDraft } from "./letters"
import { identityFooter } from "./shop-identity"

/** The register as the receipt reads it. */
export type RegisterReader = { list(): Promise<RegisterEntry[]> }

export type ReceiptLine = { number: number; description: string; price_cents: number }

export type Receipt = {
  request: string
  seller: string
  address: string
  lines: ReceiptLine[]
  /** The garments' total; `postage_cents`: the postage refunded with them (0 when none). */
  total_cents: number
  postage_cents: number
  method: string
  date: string
  /** When the seller ticked the attestation (the acceptance). */
  attested_at: string | null
}

/** The words the seller ticked on the acceptance form (./seller-page.ts). */
export const ATTESTATION = "J'atteste être propriétaire de ces articles et les vendre à titre de particulier"

/** An entry's item in a line: whatever its shape, its words in a useful order (nature, brand, size… then the free text). */
function describe(item: object): string {
  const fields = item as Record<string, unknown>
  const order = ["nature", "category", "brand", "size", "colour", "condition", "description", "marks"]
  const words = order
    .map((key) => [key, fields[key]] as const)
    .filter((pair): pair is readonly [string, string] => typeof pair[1] === "string" && pair[1].trim() !== "")
    // A field typed on several lines (« Tache poitrine » / « Étiquette coupée ») stays one line of the
    // list, its lines kept apart: in HTML a line break would glue them, in the mail it would cut the list.
    .map(([key, text]) =>
      key === "size"
        ? sizeWords(text.trim())
        : text
            .trim()
            .split(/\s*\n\s*/)
            .join(" ; "),
    )
  return [...new Set(words)].join(" · ")
}

/** The request's receipt from the register, or null while nothing of it is registered (not paid). */
export async function readReceipt(register: RegisterReader, request: string, buyback: Buyback): Promise<Receipt | null> {
  if (buyback.stage !== "paid") return null
  const entries = await register.list()
  const latest = new Map<number, RegisterEntry>()
  for (const entry of entries) {
    if (entry.request !== request) continue
    if (entry.rectifies === undefined) latest.set(entry.number, latest.get(entry.number) ?? entry)
    else if (latest.has(entry.rectifies)) latest.set(entry.rectifies, entry)
  }
  const originals = [...latest.entries()].sort(([a], [b]) => a - b)
  if (originals.length === 0) return null
  const first = originals[0]![1]
  const lines = originals.map(([number, entry]) => ({ number, description: describe(entry.item), price_cents: entry.price_cents }))
  return {
    request,
    seller: `${first.seller.first_names} ${first.seller.surname}`,
    address: first.seller.address,
    lines,
    total_cents: lines.reduce((sum, line) => sum + line.price_cents, 0),
    postage_cents: buyback.payment?.postage_cents ?? 0,
    method: first.payment_method,
    date: first.payment_date,
    attested_at: buyback.history.find((event) => event.stage === "accepted")?.at ?? null,
  }
}

/** The foot of the list: « Total », or the garments, the postage refunded and what was paid in all. */
function totalLines(receipt: Receipt): Array<[string, string]> {
  const total = formatEuros(receipt.total_cents)
  if (receipt.postage_cents === 0) return [["Total", total]]
  return [
    ["Total des articles", total],
    ["Frais d'envoi remboursés", formatEuros(receipt.postage_cents)],
    ["Total payé", formatEuros(receipt.total_cents + receipt.postage_cents)],
  ]
}

const ATTESTED = shopFormat({ dateStyle: "long", timeStyle: "short" })
const attestedText = (receipt: Receipt) => (receipt.attested_at ? `Case cochée le ${ATTESTED.format(new Date(receipt.attested_at))} (heure de Paris).` : "")

/** The page's link to it, on the paid request's page. */
export const receiptLink = (base: string) =>
  `<p><a class="button primary" href="${base}/bordereau/">Bordereau de rachat</a></p><p class="hint">Votre preuve de la vente, à imprimer ou à enregistrer en PDF.</p>`

/** The printable page. `base`: the seller's page; `root`: the site's path prefix. */
export function receiptPage(receipt: Receipt, identity: ShopIdentity, head: string, base: string, root: string): string {
  const rows = receipt.lines
    .map((line) => `<tr><td>${line.number}</td><td>${escapeHtml(line.description)}</td><td class="price">${formatEuros(line.price_cents)}</td></tr>`)
    .join("")
  return withTypography(`${head}
<body class="receipt">
<header class="bar">maxAi · Rachat</header>
<main>
<h1>Bordereau de rachat</h1>
<p class="meta">Demande n° ${receipt.request}</p>
<section aria-labelledby="acheteur"><h2 id="acheteur">Acheteur</h2><p><strong>${escapeHtml(identity.name)}</strong><br>${escapeHtml(identity.address)}<br>${escapeHtml(identity.registration)}<br>${escapeHtml(identity.email)} · ${escapeHtml(identity.phone)}</p></section>
<section aria-labelledby="vendeur"><h2 id="vendeur">Vendeur (particulier)</h2><p><strong>${escapeHtml(receipt.seller)}</strong><br>${escapeHtml(receipt.address).replace(/\n/g, "<br>")}</p></section>
<section aria-labelledby="articles"><h2 id="articles">Articles achetés</h2>
<table><thead><tr><th scope="col">N° d'ordre au registre</th><th scope="col">Article</th><th scope="col" class="price">Prix</th></tr></thead>
<tbody>${rows}</tbody><tfoot>${totalLines(receipt)
    .map(([label, amount]) => `<tr><th scope="row" colspan="2">${label}</th><td class="price"><strong>${amount}</strong></td></tr>`)
    .join("")}</tfoot></table>
<p>Payé le ${dayText(receipt.date)} ${escapeHtml(paymentPhrase(receipt.method))}.</p></section>
<section aria-labelledby="attestation"><h2 id="attestation">Attestation du vendeur</h2><p>☑ « ${ATTESTATION}. »</p><p>${attestedText(receipt)}</p></section>
<p class="no-print"><a class="button" href="${base}/">Retour à ma demande</a></p>
<p class="hint no-print">Pour un PDF : menu de votre navigateur › Imprimer › Enregistrer au format PDF.</p>
</main>
${identityFooter(identity, root)}
</body>
</html>
`)
}

/** The same text by mail (the shop's identity is added at its foot like every seller's mail, ./shop-identity.ts). */
export function receiptLetter(receipt: Receipt, identity: ShopIdentity, page: string): LetterDraft {
  const lines = receipt.lines.map((line) => `- n° ${line.number} : ${line.description} — ${formatEuros(line.price_cents)}`)
  const text = [
    "Bonjour,",
    "",
    `Voici votre bordereau de rachat, demande n° ${receipt.request}.`,
    "",
    `Acheteur : ${identity.name}, ${identity.address}, ${identity.registration}`,
    `Vendeur (particulier) : ${receipt.seller}, ${receipt.address}`,
    "",
    "Articles achetés (n° d'ordre au registre) :",
    ...lines,
    ...totalLines(receipt).map(([label, amount]) => `${label} : ${amount}`),
    `Payé le ${dayText(receipt.date)} ${paymentPhrase(receipt.method)}.`,
    "",
    `Attestation du vendeur : « ${ATTESTATION}. » ${attestedText(receipt)}`,
    "",
    `À imprimer ou à enregistrer en PDF depuis votre page : ${page}bordereau/`,
  ].join("\n")
  return { to: "seller", subject: `Bordereau de rachat – demande n° ${receipt.request}`, text }
}

/** The receipt's mail of the step that paid the request (none for any other step). */
export async function paidReceipt(
  register: RegisterReader,
  request: string,
  before: Buyback,
  after: Buyback,
  identity: ShopIdentity,
  site: string,
): Promise<LetterDraft[]> {
  if (before.stage === "paid" || after.stage !== "paid") return []
  const receipt = await readReceipt(register, request, after)
  return receipt ? [receiptLetter(receipt, identity, `${site}/suivi/${after.token}/`)] : []
}
