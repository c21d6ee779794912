/**
 * @jest-environment node
 */
/**
 * The owner's guide (docs/owner/, one page per topic, docs/owner/README.md its entry) quotes the
 * screens' own words between « » so that the owner finds on her phone what she read. This test
 * holds it to them: every quotation of every docs/owner/*.md page must be a text the screens are
 * made of — the server's pages (src/), the studio's settings and scripts (static/admin/), the
 * content's rules (build-steps/), the setup scripts (scripts/), the studio's own French (Decap's
 * bundle) or the shipped content — or a heading the guide names (« voir … »), its own or one of the
 * developer's annexes (docs/content.md, which is not checked otherwise), so that renaming a button
 * or a message without the guide fails here. A docs/owner/ without a page fails too.
 *
 * Matched without case (Decap writes some labels in capitals by CSS), spaces and non-breaking
 * spaces alike, with or without the HTML tags inside a label; a path « A › B » is matched part by part and a quotation with
 * « … » fragment by fragment (the ellipsis stands for what the screen fills in). What the screen
 * composes at run time (a number, an hour, a date) cannot be found as written: those quotations
 * are EXAMPLES below, each with the source that makes it.
 */
import fs from "node:fs"
import path from "node:path"

const ROOT = path.resolve(__dirname, "..")
const OWNER_GUIDE = path.join(ROOT, "docs", "owner")
const DEVELOPER_ANNEXES = path.join(ROOT, "docs", "content.md")

/** Quotations of values the screens compose at run time, and where each is made. */
const EXAMPLES: Readonly<Record<string, string>> = {
  "Trop d'essais manqués : réessayez dans 15 minutes.": "src/server/studio/login-page.ts, throttled(minutes)",
  "Publication en cours… Environ 50 s.": "src/server/publish/words.ts, duration()",
  "Site à jour — publié à 9 h 05": "src/server/publish/words.ts, whenPublished()",
  "15 articles vendus": "Decap's list heading, the count and the collection's label",
  "Ajouter un article +": "Decap's « Ajouter {{item}} » with the list's label_singular given its article (src/admin-rules/words.ts) and its + icon",
  "Le champ Prix (€) est requis.": "Decap's French « Le champ %{fieldLabel} est requis. » with the field's label",
  "⌄": "Decap's chevron icon of an open item",
  "(OPTIONNEL)": "Decap's « optionnel » (editorControl.field.optional) in brackets, in capitals by CSS",
  "47,50 €": "the site's price format (src/lib/format.ts)",
  "27/11/2026 09:02": "src/server/inbox/export.ts, the date in the shop's clock",
  "au 2 déc. 2026 (aujourd'hui)": "src/server/stock/exports-page.ts, the stock's day while the period is not over",
  "Lacoste · Polo L.12.12 blanc classique · 45,00 €":
    "an item's summary (static/admin/config.yml, summary), its price in the site's format (src/admin-rules/words.ts)",
  "Mot de passe (12 caractères au moins) :": "scripts/studio-account.ts, MIN_PASSWORD_LENGTH",
  "Reçue le samedi 28 novembre 2026 à 09:08 (heure de Paris)": "src/server/leads/owner-mail.ts, the request's date in the shop's clock",
  "proposition 35,50 €": "src/server/inbox/list-page.ts saleLine(), the offer's amount",
  "à payer 35,50 €": "src/server/inbox/list-page.ts saleLine(), the amount owed",
  "payée 35,50 €": "src/server/inbox/list-page.ts saleLine(), the amount paid",
  "Paiement sous 2 jours ouvrés après réception": "src/server/buyback/shipping.ts paymentSentence(), content/buyback.json sale.paymentDays",
}

function normalise(text: string): string {
  return text
    .replace(/\*\*/g, "")
    .replace(/\\u00a0|[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()
}

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) filesUnder(file, out)
    else if (/\.(ts|tsx|js|mjs|yml|json|html)$/.test(entry.name)) out.push(file)
  }
  return out
}

/** The owner's pages, docs/owner/*.md, each read whole: all of them are the owner's part. */
const ownerPages = fs.existsSync(OWNER_GUIDE)
  ? fs
      .readdirSync(OWNER_GUIDE)
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => ({ name, text: fs.readFileSync(path.join(OWNER_GUIDE, name), "utf8") }))
  : []

/** The innermost « … » of the owner's pages, as written (page by page: no quotation spans two). */
const quotations = [
  ...new Set(
    ownerPages.flatMap((page) => [...page.text.matchAll(/«([^«»]+)»/g)].map((match) => (match[1] ?? "").replace(/\*\*/g, "").replace(/\s+/g, " ").trim())),
  ),
]

const screens = normalise(
  [
    ...filesUnder(path.join(ROOT, "src")),
    ...filesUnder(path.join(ROOT, "static", "admin")),
    ...filesUnder(path.join(ROOT, "build-steps")),
    ...filesUnder(path.join(ROOT, "scripts")),
    ...fs
      .readdirSync(path.join(ROOT, "content"))
      .filter((name) => name.endsWith(".json"))
      .map((name) => path.join(ROOT, "content", name)),
    path.join(ROOT, "node_modules", "decap-cms", "dist", "decap-cms.js"),
  ]
    .map((file) => fs.readFileSync(file, "utf8"))
    // Each file as written, and without its HTML tags (a label split by <small>…</small>).
    .map((text) => `${text}\n${text.replace(/<\/?[a-zA-Z][\w-]*(?:\s[^<>]*)?>/g, "")}`)
    .join("\n"),
)
/** The headings the guide names too (« voir … »): its pages' own and the developer's annexes'. */
const headings = normalise(
  [...ownerPages.map((page) => page.text), fs.readFileSync(DEVELOPER_ANNEXES, "utf8")]
    .flatMap((text) => [...text.matchAll(/^#+ (.+)$/gm)].map((match) => match[1]))
    .join("\n"),
)

/** The parts of a quotation that must be found: a path part by part, an ellipsis's sides. */
function parts(quotation: string): string[] {
  return quotation
    .split(" › ")
    .flatMap((part) => part.split(/…|\.\.\./))
    .map((part) => normalise(part).replace(/^[\s:·,]+|[\s:·,]+$/g, ""))
    .filter((part) => part.length > 2)
}

describe("the owner's guide quotes the screens' own words", () => {
  it("has its pages in docs/owner/, the entry page among them", () => {
    expect(ownerPages.map((page) => page.name)).toContain("README.md")
    expect(ownerPages.length).toBeGreaterThan(1)
  })

  it("has quotations to check (the owner's pages were found)", () => {
    expect(quotations.length).toBeGreaterThan(150)
  })

  it("names between « » only texts the screens are made of, or examples listed with their source", () => {
    const unknown = quotations
      .filter((quotation) => !(quotation in EXAMPLES))
      .filter((quotation) => parts(quotation).some((part) => !screens.includes(part) && !headings.includes(part)))
    expect(unknown).toEqual([])
  })

  it("lists as examples only quotations the guide still makes", () => {
    expect(Object.keys(EXAMPLES).filter((example) => !quotations.includes(example))).toEqual([])
  })
})
