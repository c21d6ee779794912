/**
 * The register of purchases at `<prefix>/admin/registre/` (README, "Buy-back: offer, acceptance,
 * parcel, payment, register"), a room of the studio like the inbox, behind the same session: every
 * entry with every field the law asks for, printable (the inbox's stylesheet has a print layout)
 * and exported as CSV. No page or route here edits or deletes an entry: a mistake is corrected by
 * a new entry (« Rectifier » on a row), written by the register (src/server/register/correction.ts).
 *
 *   GET  /                        the register, oldest first, with the chain's check
 *   GET  /?rectifier=<n>          the same, with the correction form of entry n, filled with its values
 *   POST /rectifier/<n>           the correction: 303 to the register, or the form again with each problem
 *   GET  /registre.csv            the CSV (src/server/register/csv.ts, through the host)
 *
 * The studio's door in front (the host mounts this room behind it) checks the session and refuses
 * a post from another site's page.
 */
import express, { type NextFunction, type Request, type Response } from "express"
import { CORRECTION_LIMITS, ID_TYPES, PAYMENT_METHODS, correctionValues, type CorrectionField, type RegisterEntry } from "../../contract/buyback"
import { eurosField } from "../../contract/euros"
import { isDay, sheetDate } from "../shop-time"
import { escapeHtml, framePage } from "./layout"
import { INBOX_CSP } from "./router"

/** A correction as the register answers it (src/server/register/correction.ts). */
export type CorrectionOutcome =
  | { ok: true; entry: RegisterEntry }
  | { ok: false; status: 400 | 404 | 409; error: string; fields: Partial<Record<CorrectionField, string>>; typed: Partial<Record<CorrectionField, string>> }

/** What the host hands over from src/server/register/ (the inbox never imports it). */
export type RegisterReader = {
  list(): Promise<RegisterEntry[]>
  csv(entries: readonly RegisterEntry[]): string
  verify(): Promise<{ ok: true; count: number } | { ok: false; count: number; number: number; problem: string }>
  /** A new entry rectifying entry `number` (the form's fields and `version` in `body`); the entry itself never changes. */
  rectify(number: number, body: unknown, now: Date): Promise<CorrectionOutcome>
}

/** The correction form shown: the entry it rectifies, and after a refusal what was typed and each problem. */
type CorrectionView = { room: string; entry: RegisterEntry; version: number; refused?: Extract<CorrectionOutcome, { ok: false }> }

const PRIVATE = {
  "Cache-Control": "private, no-store",
  "Content-Security-Policy": INBOX_CSP,
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
} as const

const DAY = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "UTC" })
const day = (text: string) => (isDay(text) ? DAY.format(new Date(`${text}T12:00:00Z`)) : escapeHtml(text))

/** `room`: the register's own address; `rectifiedBy`: the numbers of the entries that rectify this one. */
function row(room: string, entry: RegisterEntry, rectifiedBy: readonly number[]): string {
  const { seller, item } = entry
  const rectifies = entry.rectifies ? `<br><small>rectifie le n° ${entry.rectifies}${entry.correction ? ` : ${escapeHtml(entry.correction)}` : ""}</small>` : ""
  const rectified = rectifiedBy.length > 0 ? `<br><small>rectifiée par le n° ${rectifiedBy.join(", ")}</small>` : ""
  const action = `<br><a class="no-print" href="${room}/?rectifier=${entry.number}#correction">Rectifier</a>`
  return `<tr id="n${entry.number}">
<td>${entry.number}${rectifies}${rectified}${action}</td>
<td>${sheetDate(entry.recorded_at)}<br><small>demande ${escapeHtml(entry.request)}</small></td>
<td>${escapeHtml(seller.surname)} ${escapeHtml(seller.first_names)}<br><small>${escapeHtml(seller.status)}</small><br>${escapeHtml(seller.address)}</td>
<td>${escapeHtml(seller.id_type)} n° ${escapeHtml(seller.id_number)}<br>délivrée le ${day(seller.id_date)} par ${escapeHtml(seller.id_authority)}</td>
<td>${[[item.brand, item.nature, item.condition].filter(Boolean).join(" · "), item.description].filter(Boolean).map(escapeHtml).join("<br>")}</td>
<td class="number">${eurosField(entry.price_cents)}\u00a0€</td>
<td>${escapeHtml(entry.payment_method)}<br>${day(entry.payment_date)}</td>
</tr>`
}

const LABELS: Readonly<Record<CorrectionField, string>> = {
  nom: "Nom",
  prenoms: "Prénoms",
  adresse: "Adresse",
  piece: "Type de pièce d'identité",
  piece_numero: "Numéro de la pièce",
  piece_date: "Date de délivrance",
  piece_autorite: "Délivrée par",
  objet: "Description de l'objet (signes distinctifs)",
  marque: "Marque",
  categorie: "Catégorie",
  etat: "État",
  prix: "Prix (€)",
  paiement: "Mode de paiement",
  paiement_date: "Date du paiement",
  motif: "Ce qui est corrigé, et pourquoi",
}

function correctionField(view: CorrectionView, name: CorrectionField): string {
  const typed = view.refused?.typed
  const value = escapeHtml(typed ? (typed[name] ?? "") : correctionValues(view.entry)[name])
  const problem = view.refused?.fields[name]
  const id = `c-${name}`
  const described = problem ? ` aria-describedby="${id}-erreur" aria-invalid="true"` : ""
  const attributes = `id="${id}" name="${name}"${described}`
  const limit = CORRECTION_LIMITS[name]
  const choices = name === "piece" ? Object.values(ID_TYPES) : name === "paiement" ? Object.values(PAYMENT_METHODS) : null
  const control = choices
    ? `<select ${attributes} required>${choices.map((choice) => `<option${escapeHtml(choice) === value ? " selected" : ""}>${escapeHtml(choice)}</option>`).join("")}</select>`
    : name === "adresse" || name === "objet" || name === "motif"
      ? `<textarea ${attributes} maxlength="${limit}" rows="3"${name === "motif" ? " required" : ""}>${value}</textarea>`
      : name.endsWith("date")
        ? `<input type="date" ${attributes} value="${value}" required>`
        : `<input type="text" ${attributes} value="${value}" maxlength="${limit}"${name === "prix" ? ' inputmode="decimal"' : ""}>`
  return `<div class="field"><label for="${id}">${LABELS[name]}</label>${control}${problem ? `<span class="error" id="${id}-erreur">${escapeHtml(problem)}</span>` : ""}</div>`
}

function correctionForm(view: CorrectionView): string {
  const { entry, refused } = view
  const names = Object.keys(CORRECTION_LIMITS) as CorrectionField[]
  return `<section id="correction" class="correction no-print" aria-labelledby="correction-titre">
<h2 id="correction-titre">Rectifier l'entrée n° ${entry.number}</h2>
<p class="hint">L'entrée n° ${entry.number} reste telle qu'elle a été écrite. La rectification est une nouvelle entrée, numérotée à la suite, qui reprend ses valeurs avec vos corrections et dit ce qui est corrigé.</p>
${refused ? `<p class="problem" role="alert">${escapeHtml(refused.error)}</p>` : ""}
<form method="post" action="${view.room}/rectifier/${entry.number}" novalidate>
<input type="hidden" name="version" value="${view.version}">
${names.map((name) => correctionField(view, name)).join("\n")}
<div class="actions"><button class="button primary" type="submit">Inscrire la rectification</button> <a class="button" href="${view.room}/">Annuler</a></div>
</form>
</section>`
}

/** `room`: the register's own address (`<prefix>/admin/registre`); absolute links, since the page is also the answer to a refused post, at <room>/rectifier/<n>. */
export function registerPage(
  room: string,
  entries: readonly RegisterEntry[],
  verdict: Awaited<ReturnType<RegisterReader["verify"]>>,
  extra: { correction?: CorrectionView; notice?: string } = {},
): string {
  const rectifiers = new Map<number, number[]>()
  for (const entry of entries) if (entry.rectifies) rectifiers.set(entry.rectifies, [...(rectifiers.get(entry.rectifies) ?? []), entry.number])
  const check = verdict.ok
    ? `<p class="notice no-print">Registre intact : ${verdict.count} entrée${verdict.count > 1 ? "s" : ""}, chaîne d'empreintes vérifiée.</p>`
    : `<p class="problem" role="alert">Registre altéré : ${escapeHtml(verdict.problem)}</p>`
  const table =
    entries.length === 0
      ? "<p class=\"empty\">Aucun achat inscrit pour l'instant : un achat s'inscrit quand son paiement est enregistré sur la page de la demande.</p>"
      : // The title above the table, not its caption: a caption is as wide as its table and, on a
        // phone, would scroll away with it (« (Code pénal, ar… »); the table alone scrolls sideways.
        `<h2 id="registre-titre" class="table-title">Registre des objets mobiliers (Code pénal, art. 321-7 et R321-3 à R321-8)</h2>
<div class="table-scroll" role="region" aria-labelledby="registre-titre" tabindex="0"><table class="register" aria-labelledby="registre-titre">
<thead><tr><th scope="col">N° d'ordre</th><th scope="col">Inscrit le</th><th scope="col">Vendeur (qualité, adresse)</th><th scope="col">Pièce d'identité</th><th scope="col">Objet (signes distinctifs)</th><th scope="col">Prix</th><th scope="col">Paiement</th></tr></thead>
<tbody>${entries.map((entry) => row(room, entry, rectifiers.get(entry.number) ?? [])).join("")}</tbody>
</table></div>`
  const body = `<div class="page-head"><h1>Registre des achats</h1><a class="button no-print" href="${room}/registre.csv">Exporter (CSV)</a></div>
<p class="meta">Une entrée par article acheté à un particulier, numérotée sans retour ; jamais modifiée ni supprimée : une erreur se corrige par une nouvelle entrée qui rectifie la précédente. Conservé 10 ans. Pour l'imprimer : la commande Imprimer du navigateur.</p>
${extra.notice ? `<p class="notice" role="status">${escapeHtml(extra.notice)}</p>` : ""}
${check}
${table}
${extra.correction ? correctionForm(extra.correction) : ""}`
  return framePage({ base: room, title: "Registre des achats", body })
}

/** The room `registre` of the studio (the host mounts it with the inbox). */
export function registerRouter(reader: RegisterReader): express.Router {
  const router = express.Router()
  router.use((_req, res, next) => {
    res.set(PRIVATE)
    next()
  })
  router.get("/", (req, res, next) => {
    if (!req.originalUrl.split("?")[0]!.endsWith("/")) return res.redirect(301, `${req.baseUrl}/`)
    Promise.all([reader.list(), reader.verify()])
      .then(([entries, verdict]) => {
        const asked = Number(req.query.rectifier)
        const entry = entries.find((listed) => listed.number === asked)
        const written = Number(req.query.inscrite)
        const notice = entries.find((listed) => listed.number === written && listed.rectifies)
        const extra = {
          ...(entry ? { correction: { room: req.baseUrl, entry, version: entries.length } } : {}),
          ...(notice ? { notice: `Rectification inscrite : entrée n° ${notice.number}, qui rectifie le n° ${notice.rectifies}.` } : {}),
        }
        res.type("html").send(registerPage(req.baseUrl, entries, verdict, extra))
      })
      .catch(next)
  })
  router.post("/rectifier/:number(\\d{1,8})", express.urlencoded({ extended: false, limit: "32kb", parameterLimit: 20 }), (req, res, next) => {
    const number = Number(req.params.number)
    reader
      .rectify(number, req.body, new Date())
      .then(async (outcome) => {
        if (outcome.ok) return res.redirect(303, `${req.baseUrl}/?inscrite=${outcome.entry.number}#n${outcome.entry.number}`)
        const [entries, verdict] = await Promise.all([reader.list(), reader.verify()])
        const entry = entries.find((listed) => listed.number === number)
        if (!entry) return res.status(404).json({ code: "not_found", error: outcome.error })
        res
          .status(outcome.status)
          .type("html")
          .send(
            registerPage(req.baseUrl, entries, verdict, {
              correction: { room: req.baseUrl, entry, version: entries.length, refused: outcome },
            }),
          )
      })
      .catch(next)
  })
  router.get("/registre.csv", (_req, res, next) => {
    reader
      .list()
      .then((entries) => {
        const stamp = new Date().toISOString().slice(0, 10)
        res.set({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="registre-${stamp}.csv"` })
        res.send(reader.csv(entries))
      })
      .catch(next)
  })
  router.use((_req, res) => void res.status(404).json({ code: "not_found", error: "Page introuvable dans le registre." }))
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error)
    // The body reader's refusals (too big, too many fields): a forged post, answered in French.
    const status = (error as { status?: number }).status ?? 500
    if (status >= 400 && status < 500) {
      return void res
        .status(status === 413 ? 413 : 400)
        .json({ code: "invalid_form", error: "Formulaire illisible ou trop long : rechargez la page et recommencez." })
    }
    console.error(`registre : ${req.method} ${req.originalUrl} a échoué`, error)
    res.status(500).json({ code: "internal_error", error: "Le registre n'a pas pu être lu : réessayez dans un instant." })
  })
  return router
}
