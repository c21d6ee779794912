/**
 * The seller's private pages at `<prefix>/suivi/<token>/`, mounted by the host before the site
 * (src/server/host/app.ts): public, no session — the 128-bit token in the address is the key.
 *
 *   GET  /suivi.css                 the stylesheet
 *   GET  /<token>/                  the page (./seller-page.ts); unknown token → 404
 *   POST /<token>/accepter          « Confirmer la vente » (the lot, identity once)
 *   GET  /<token>/bordereau/        « Bordereau de rachat », once paid (./receipt-page.ts)
 *   POST /<token>/refuser           « Oui, refuser » (confirmed: ./refusal-confirm.ts)
 *   POST /<token>/revenir           « Revenir sur mon refus », for 24 h
 *   POST /<token>/prix-revu         one garment's revised price accepted or refused
 *   POST /<token>/colis             « Numéro de suivi du colis »
 *   POST /<token>/choix             the garments refused: return or donation
 *
 * A key is found through the index by key (./token-index.ts), never by reading every record; unknown
 * keys are counted a minute per address, per network and for everyone, and past a limit answered
 * 429 (./guesses.ts), but a known key is always served, whatever its address asked before.
 *
 * What must stay true: every answer is `Cache-Control: no-store`, `noindex`, sent with no
 * Referer onward (the address is the key) under a policy that runs no script; a post from
 * another site's page is refused (403); a forged or oversized post is a 400 page in French, never
 * a 500; a step done answers 303 to the page (a reload posts nothing again); a form that showed
 * prices no longer current is refused (409) and the page shows the new ones.
 */
import express, { type NextFunction, type Request, type Response } from "express"
import { handleAsync, sendHtml } from "../http/page-routes"
import { escapeHtml, withTypography } from "../http/html"
import { changeFromAnotherSite } from "../http/same-origin"
import { siteLink } from "../site-link"
import { buybackSale, shopIdentity } from "../content"
import { TOKEN_PATTERN, type Step } from "./machine"
import { accept, answerRevision } from "./offer-steps"
import { chooseReturn, setTracking } from "./reception-steps"
import { readReceipt, receiptPage } from "./receipt-page"
import { confirmedRefusal, undoRefusal } from "./refusal-confirm"
import { sellerHead, sellerPage, type SellerView } from "./seller-page"
import { GuessLimit } from "./guesses"
import type { Buybacks, Purchase } from "./store"
import { identityFooter } from "./shop-identity"
import { SELLER_CSS } from "./style"
import { clock } from "../clock"
import { ownValue } from "../../contract/own-keys"
import { UnreadableRecord } from "../leads/records"
import { formBody, KB } from "../http/form-body"

export const SELLER_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const PRIVATE = {
  "Cache-Control": "no-store",
  "Content-Security-Policy": SELLER_CSP,
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const

/** The page's words after each step, shown once (?fait=…). */
const DONE: Readonly<Record<string, string>> = {
  acceptee: "Vente confirmée. Merci ! Voici comment nous envoyer vos articles.",
  refusee: "Votre refus est enregistré. Rien d'autre ne vous sera demandé.",
  "prix-revu": "Votre réponse au prix revu est enregistrée.",
  revenu: "Votre refus est annulé : la proposition est de nouveau ouverte.",
  garde: "Rien n'est refusé : la proposition reste ouverte.",
  colis: "Numéro de suivi enregistré.",
  choix: "Votre choix est enregistré.",
}

/** A short French page for what is not the seller's page: unknown address, refused post. */
function shortPage(res: Response, status: number, title: string, text: string): void {
  const room = res.locals.room as string
  const html = withTypography(`${sellerHead(room, title)}
<body><header class="bar">maxAi · Rachat</header><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>
${identityFooter(shopIdentity(), room.slice(0, room.lastIndexOf("/")))}</body></html>
`)
  res.status(status).type("html").send(html)
}

const notFound = (res: Response) =>
  shortPage(
    res,
    404,
    "Page introuvable",
    "Cette adresse ne correspond à aucune demande : vérifiez le lien reçu par e-mail (il doit être complet). Une demande effacée n'a plus de page.",
  )

const FORMS = {
  accepter: { step: accept, done: "acceptee" },
  refuser: { step: confirmedRefusal, done: "refusee" },
  revenir: { step: (buyback, _body, now) => undoRefusal(buyback, now), done: "revenu" },
  "prix-revu": { step: answerRevision, done: "prix-revu" },
  colis: { step: setTracking, done: "colis" },
  choix: { step: chooseReturn, done: "choix" },
} as const satisfies Record<string, { step: (buyback: Purchase["buyback"], body: unknown, now: Date) => Step; done: string }>

type FormName = keyof typeof FORMS

/** The shop's address with its path prefix, from the site's configured address (../site-link.ts), never the Host (the mails' links). */
const siteOf = (req: Request) => siteLink(req, req.baseUrl.replace(/\/suivi$/, ""))

/** An unknown key from an address past its limit: 429, the wait in seconds (./guesses.ts). */
function tooManyGuesses(res: Response, seconds: number): void {
  res.set("Retry-After", String(seconds))
  shortPage(
    res,
    429,
    "Trop d'adresses inconnues",
    "Trop de liens de suivi inconnus ont été demandés depuis votre connexion. Attendez une minute, puis ouvrez le lien reçu par e-mail tel quel.",
  )
}

export function sellerRouter(buybacks: () => Buybacks, guesses = new GuessLimit()): express.Router {
  const router = express.Router()
  /** The request of the key in the address; for an unknown key, the 404 or, past the address's limit, the 429 is sent and null returned. */
  const purchaseOr404 = async (req: Request, res: Response, site = siteOf(req)): Promise<Purchase | null> => {
    const purchase = await buybacks().findByToken(req.params.token ?? "", site)
    if (purchase) return purchase
    missed(req, res)
    return null
  }
  const missed = (req: Request, res: Response) => {
    const wait = guesses.miss(req.ip ?? req.socket.remoteAddress ?? "")
    if (wait > 0) tooManyGuesses(res, wait)
    else notFound(res)
  }
  router.use((req, res, next) => {
    res.set(PRIVATE)
    res.locals.room = req.baseUrl
    next()
  })
  router.get("/suivi.css", (_req, res) => void res.set("Cache-Control", "no-cache").type("css").send(SELLER_CSS))

  // A token that cannot be one never reaches the disk.
  router.param("token", (req, res, next, token: string) => (TOKEN_PATTERN.test(token) ? next() : missed(req, res)))

  const view = (req: Request, purchase: Purchase, extra: Partial<SellerView> = {}): SellerView => ({
    base: `${req.baseUrl}/${purchase.buyback.token}`,
    room: req.baseUrl,
    stored: purchase.stored,
    buyback: purchase.buyback,
    sale: buybackSale(),
    now: clock.now(),
    ...extra,
  })

  router.get(
    "/:token",
    handleAsync(async (req, res) => {
      if (!req.path.endsWith("/")) return res.redirect(301, `${req.baseUrl}/${req.params.token}/`)
      const purchase = await purchaseOr404(req, res)
      if (!purchase) return
      const done = ownValue(DONE, req.query.fait)
      res.type("html").send(sellerPage(view(req, purchase, done ? { notice: done } : {})))
    }),
  )

  router.get(
    "/:token/bordereau",
    handleAsync(async (req, res) => {
      const token = req.params.token ?? ""
      if (!req.path.endsWith("/")) return res.redirect(301, `${req.baseUrl}/${token}/bordereau/`)
      const purchase = await purchaseOr404(req, res)
      if (!purchase) return
      const receipt = await readReceipt(buybacks().register, purchase.stored.lead.id, purchase.buyback)
      if (!receipt) return shortPage(res, 404, "Bordereau pas encore disponible", "Le bordereau de rachat s'affiche ici une fois le paiement enregistré.")
      const root = req.baseUrl.slice(0, req.baseUrl.lastIndexOf("/"))
      res.type("html").send(receiptPage(receipt, shopIdentity(), sellerHead(req.baseUrl, "Bordereau de rachat"), `${req.baseUrl}/${token}`, root))
    }),
  )

  router.post(
    "/:token/:form(accepter|refuser|revenir|prix-revu|colis|choix)",
    (req, res, next) =>
      changeFromAnotherSite(req) ? shortPage(res, 403, "Envoi refusé", "Ce formulaire doit être envoyé depuis la page de votre demande.") : next(),
    ...formBody(16 * KB, 20),
    handleAsync(async (req, res) => {
      const site = siteOf(req)
      const found = await purchaseOr404(req, res, site)
      if (!found) return
      const name = req.params.form as FormName
      const { step, done } = FORMS[name]
      const now = clock.now()
      const outcome = await buybacks().apply(found.stored.lead.id, (buyback) => step(buyback, req.body, now), undefined, site)
      if (!outcome) return notFound(res)
      if (outcome.ok) return res.redirect(303, `${req.baseUrl}/${found.buyback.token}/?fait=${done}`)
      const current = (await buybacks().findByToken(found.buyback.token)) ?? found
      const form = { name, typed: outcome.typed, fields: outcome.fields, problem: outcome.error, code: outcome.code }
      sendHtml(res, outcome.status, sellerPage(view(req, current, { form })))
    }),
  )

  router.use((_req, res) => notFound(res))
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error)
    // The request's files changed by hand (../leads/records.ts): the seller is told it cannot be shown, the owner's log says which.
    if (error instanceof UnreadableRecord) {
      console.error(`suivi : ${error.file} d'une demande hors de son schéma (npm run leads pour la retrouver)`)
      return shortPage(
        res,
        409,
        "Demande momentanément illisible",
        "Votre demande ne peut pas s'afficher pour l'instant ; rien n'y a été changé. Réessayez plus tard, ou écrivez-nous.",
      )
    }
    const status = (error as { status?: number; statusCode?: number }).status ?? 500
    // The body reader's refusals (too big, malformed, too many fields): a forged post, answered 400 in French.
    if (status >= 400 && status < 500)
      return shortPage(
        res,
        status === 413 ? 413 : 400,
        "Envoi refusé",
        "Ce formulaire est illisible ou trop long : revenez à la page de votre demande et recommencez.",
      )
    console.error(`suivi : ${req.method} ${req.baseUrl}/… a échoué`, error)
    shortPage(res, 500, "Erreur du serveur", "Votre demande n'a pas été modifiée. Réessayez dans un instant.")
  })
  return router
}
