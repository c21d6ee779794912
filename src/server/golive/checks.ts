/**
 * What must be done before the site goes live, each point read afresh on every visit of the
 * checklist (./router.ts) from what the server really has: the content files of the studio, the
 * delivery settings it started with, the request itself (HTTPS) and the site's git repository.
 * Each point is `done` (green), `todo` (red: the site must not go live so) or `check` (orange:
 * works, but not as it should), with what to do in the owner's words. Reading never changes
 * anything and never throws: a point that cannot be read says so.
 */
import { execFile } from "node:child_process"
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import { findPlaceholders } from "../../../build-steps/content/placeholders"
import { CONTENT_FILES, type ContentFile } from "../../../build-steps/content/rules"
import { MAIL_SETTINGS, type LeadsSettings } from "../settings"
import { DEMO_PHOTOS, EXAMPLE_SHOP_URLS, STUDIO_ENTRIES } from "./shipped"

export type Tone = "done" | "todo" | "check"

/** One line under a point: a sentence, then a link into the studio, the fields to open there, or a command to run. */
export type Step = {
  readonly text: string
  readonly link?: Link
  /** One link per field (Decap opens an entry, not a field: each leads to its entry, named by what to write). */
  readonly fields?: readonly Link[]
  readonly command?: string
}

export type Link = { readonly href: string; readonly label: string }

export type Check = { readonly id: string; readonly title: string; readonly tone: Tone; readonly summary: string; readonly steps: readonly Step[] }

export type CheckInput = {
  /** The folder whose content/ the studio edits (STUDIO_SITE_DIR). */
  readonly siteDir: string
  /** The studio's address (`/admin`, with the site's path prefix): links to its entries are built from it. */
  readonly studio: string
  /** Where visitors' requests go, as the server read it at start. */
  readonly delivery: Pick<LeadsSettings, "smtp" | "webhook">
  /** Whether this request reached the site over HTTPS (directly or through a proxy trusted by TRUST_PROXY). */
  readonly secure: boolean
}

const entryLink = (studio: string, file: ContentFile) => {
  const { collection, entry, label } = STUDIO_ENTRIES[file]
  return { href: `${studio}/#/collections/${collection}/entries/${entry}`, label: `Ouvrir « ${label} » dans le studio` }
}

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`

function readJson(siteDir: string, file: ContentFile): unknown {
  try {
    return JSON.parse(readFileSync(path.join(siteDir, "content", `${file}.json`), "utf8"))
  } catch {
    return undefined
  }
}

export function placeholdersCheck({ siteDir, studio }: CheckInput): Check {
  const found = findPlaceholders(path.join(siteDir, "content"))
  return {
    id: "textes",
    title: "Textes à compléter",
    tone: found.length === 0 ? "done" : "todo",
    summary:
      found.length === 0
        ? "Aucun « [À COMPLÉTER…] » ne reste dans les textes du site."
        : `${plural(found.length, "champ affiche", "champs affichent")} encore « [À COMPLÉTER…] » sur le site : remplacez chacun par le vrai texte.`,
    steps: CONTENT_FILES.flatMap((file) => {
      const fields = found.filter((placeholder) => placeholder.file === file)
      if (fields.length === 0) return []
      const { collection, entry } = STUDIO_ENTRIES[file]
      // The entry, and the field still holding this text: static/admin/field-link.js reads `champ`
      // (before the #, which is Decap's own route) and brings that field into view, focused.
      const href = (text: string) => `${studio}/?champ=${encodeURIComponent(text)}#/collections/${collection}/entries/${entry}`
      const label = (text: string) => text.replace(/^\[À COMPLÉTER\s*:?\s*/, "").replace(/\]$/, "")
      return [{ text: `Dans « ${STUDIO_ENTRIES[file].label} » :`, fields: fields.map(({ text }) => ({ href: href(text), label: label(text) })) }]
    }),
  }
}

export function mailCheck({ delivery }: CheckInput): Check {
  const title = "Demandes reçues par e-mail"
  if (delivery.smtp) {
    return {
      id: "email",
      title,
      tone: "done",
      summary: `Chaque demande est envoyée par e-mail à ${delivery.smtp.to} (et reste lisible dans « Demandes »).`,
      steps: [],
    }
  }
  const settings = MAIL_SETTINGS.map((setting) => ({ text: `${setting.name} : ${setting.holds}`, command: `${setting.name}=${setting.example}` }))
  const install = {
    text: "La personne qui installe le serveur donne ces trois réglages (docs/operations/install.md#install-on-a-server), puis redémarre le serveur :",
  }
  if (delivery.webhook) {
    return {
      id: "email",
      title,
      tone: "check",
      summary: "Les demandes partent vers un webhook, mais aucune boîte e-mail ne les reçoit.",
      steps: [install, ...settings],
    }
  }
  return {
    id: "email",
    title,
    tone: "todo",
    summary: "Aucun envoi n'est configuré : les demandes n'arrivent dans aucune boîte e-mail, elles ne se lisent que dans « Demandes ».",
    steps: [install, ...settings],
  }
}

export function httpsCheck({ secure }: CheckInput): Check {
  return secure
    ? { id: "https", title: "Connexion sécurisée (HTTPS)", tone: "done", summary: "Le site est ouvert en HTTPS : le cadenas s'affiche.", steps: [] }
    : {
        id: "https",
        title: "Connexion sécurisée (HTTPS)",
        tone: "todo",
        summary: "Cette page est ouverte sans HTTPS : les mots de passe et les demandes des visiteurs passeraient en clair.",
        steps: [
          {
            text: "La personne qui installe le serveur met un proxy HTTPS devant lui (docs/operations/install.md#install-on-a-server, étape 3) avec ce réglage, puis ouvre le site par son adresse en https://",
            command: "TRUST_PROXY=1",
          },
        ],
      }
}

export function shopsCheck({ siteDir, studio }: CheckInput): Check {
  const data = readJson(siteDir, "shops") as { items?: Array<{ name?: unknown; url?: unknown }> } | undefined
  const examples = (data?.items ?? []).filter((shop) => typeof shop.url === "string" && EXAMPLE_SHOP_URLS.has(shop.url))
  return {
    id: "boutiques",
    title: "Liens vers vos boutiques Vinted",
    tone: examples.length === 0 ? "done" : "todo",
    summary:
      examples.length === 0
        ? "Les boutiques mènent à vos propres adresses Vinted."
        : `${plural(examples.length, "boutique mène", "boutiques mènent")} encore à une adresse d'exemple : mettez l'adresse de votre page Vinted.`,
    steps: examples.map((shop) => ({ text: `Boutique « ${String(shop.name ?? "sans nom")} »`, link: entryLink(studio, "shops") })),
  }
}

/** Every `images/…` path a content value names. */
function imagePaths(data: unknown, found: Set<string>): Set<string> {
  if (typeof data === "string" && data.startsWith("images/")) found.add(data)
  else if (data !== null && typeof data === "object") for (const child of Object.values(data)) imagePaths(child, found)
  return found
}

const DEMO_HASHES = new Set(Object.values(DEMO_PHOTOS))

export function photosCheck({ siteDir, studio }: CheckInput): Check {
  const steps: Step[] = []
  for (const file of CONTENT_FILES) {
    const demos = [...imagePaths(readJson(siteDir, file), new Set())].filter((photo) => {
      try {
        return DEMO_HASHES.has(
          createHash("sha256")
            .update(readFileSync(path.join(siteDir, "content", photo)))
            .digest("hex"),
        )
      } catch {
        return false
      }
    })
    if (demos.length > 0)
      steps.push({ text: `${STUDIO_ENTRIES[file].label} : ${plural(demos.length, "dessin d'exemple", "dessins d'exemple")}`, link: entryLink(studio, file) })
  }
  return {
    id: "photos",
    title: "Vos propres photos",
    tone: steps.length === 0 ? "done" : "todo",
    summary:
      steps.length === 0
        ? "Le site ne montre plus aucun des dessins livrés en exemple."
        : "Le site montre encore les dessins livrés en exemple : remplacez-les par vos photos (ou supprimez ces articles).",
    steps,
  }
}

const git = promisify(execFile)

/** Git's answer in `siteDir`, or null when git refuses (not a repository, no upstream) or takes too long. */
async function gitAnswer(siteDir: string, args: string[]): Promise<string | null> {
  try {
    return (await git("git", ["-C", siteDir, ...args], { timeout: 5000 })).stdout.trim()
  } catch {
    return null
  }
}

/**
 * Backed up = content/ is in a git repository whose branch has an upstream (a remote copy) and
 * nothing is waiting to be sent there: no commit ahead of it, no change left uncommitted in
 * content/. What the server last knew of the remote is trusted (no network here).
 */
export async function backupCheck({ siteDir }: CheckInput): Promise<Check> {
  const title = "Sauvegarde du contenu"
  const how: Step = {
    text: "La personne qui installe le serveur envoie chaque jour le dossier content/ vers un dépôt distant (docs/operations/backups.md#what-to-back-up) ; avec git, une fois :",
    command: "git remote add origin <adresse du dépôt> && git push -u origin HEAD",
  }
  const tracked = await gitAnswer(siteDir, ["ls-files", "--", "content"])
  if (!tracked) {
    return {
      id: "sauvegarde",
      title,
      tone: "todo",
      summary: "Le contenu n'est dans aucun dépôt git : rien n'en garde une copie ni l'historique.",
      steps: [how],
    }
  }
  const upstream = await gitAnswer(siteDir, ["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"])
  if (!upstream) {
    return { id: "sauvegarde", title, tone: "todo", summary: "Le contenu a son historique sur ce serveur seulement : aucune copie ailleurs.", steps: [how] }
  }
  const ahead = Number(await gitAnswer(siteDir, ["rev-list", "--count", "@{upstream}..HEAD"])) || 0
  const uncommitted = (await gitAnswer(siteDir, ["status", "--porcelain", "--", "content"])) ?? ""
  const unsent = ahead + (uncommitted ? 1 : 0)
  if (unsent === 0) {
    return { id: "sauvegarde", title, tone: "done", summary: `Tout le contenu est copié sur ${upstream}.`, steps: [] }
  }
  return {
    id: "sauvegarde",
    title,
    tone: "check",
    summary: `${ahead > 0 ? `${plural(ahead, "modification n'est", "modifications ne sont")} pas encore copiée${ahead > 1 ? "s" : ""} sur ${upstream}` : `Des fichiers de content/ ont changé hors du studio`} : la copie de sauvegarde n'est pas à jour.`,
    steps: [
      { text: "Sur le serveur, dans le dossier du site :", command: uncommitted ? 'git add content && git commit -m "Contenu" && git push' : "git push" },
    ],
  }
}

/** Every point, in the order the owner reads them. */
export async function goLiveChecks(input: CheckInput): Promise<Check[]> {
  return [placeholdersCheck(input), mailCheck(input), httpsCheck(input), shopsCheck(input), photosCheck(input), await backupCheck(input)]
}
