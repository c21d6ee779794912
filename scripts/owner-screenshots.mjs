/**
 * The screenshots of the owner's guide (docs/owner/images/), taken on the real screens with real
 * records: a temporary copy of content/, an owner account, an outbox, a register and a stock of
 * their own in a folder of os.tmpdir(), and the site's server started on them as the studio specs
 * start it (e2e/lib/studio.mjs). Records are made through the product's own routes and pages, as
 * the browser specs make them (e2e/lib/buyback-steps.mjs, e2e/lib/estimate-form.mjs): two
 * visitors' estimates, a question maxAi cannot answer, an offer accepted by the seller on her page,
 * the parcel received « Conforme » and paid (a register line, a stock item), that garment put on
 * sale. Then each screen at 390 × 844 (a phone, by touch, light theme), its first screen.
 *
 *   npm run build                      (once: the server serves public/)
 *   npm run screenshots:owner          writes docs/owner/images/*.png and prints the list
 *
 * Every wait is bounded; the server and the browser it started are stopped at the end, whatever
 * happened, and the temporary folder removed. A step that fails is named, in French, exit code 1.
 */
import { spawn, spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const OUT = path.join(ROOT, "docs", "owner", "images")
const OWNER = { email: "proprietaire@exemple.fr", password: "cheval-batterie-agrafe" }
const IBAN = "FR76 3000 6000 0112 3456 7890 189"
/** The owner's phone: every screenshot is taken on it. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
  colorScheme: "light",
  locale: "fr-FR",
}
/** The two visitors' estimates: Claire Martin's polo (bought, then on sale), Julien Bernard's jumper (new). */
const CLAIRE = {
  email: "claire.martin@exemple.fr",
  brand: "Lacoste",
  category: "Polo",
  condition: "Très bon état",
  description: "Polo Lacoste blanc, taille M, porté quelques fois",
  photo: "01-lacoste-polo-blanc.jpg",
}
const JULIEN = {
  email: "julien.bernard@exemple.fr",
  brand: "Ralph Lauren",
  category: "Pull",
  condition: "Bon état",
  description: "Pull torsadé Ralph Lauren, taille L",
  photo: "09-ralph-lauren-pull-torsade.jpg",
}
const QUESTION = "Vous faites des cartes cadeaux ?"
/** A screenshot larger than this is taken again, its first screen only (or re-encoded with a palette). */
const MAX_BYTES = 250 * 1024
/** The whole run, beyond which it stops (a cold machine takes about two minutes). */
const RUN_MS = 10 * 60_000
const SERVER_START_MS = 60_000
const WAIT_MS = 30_000

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
/** « : », « ! », « ? » as the pages write them, after a no-break space. */
const french = (text) => text.replace(/ ([:!?])/g, "\u00a0$1")

/** Runs `action`; a failure is said with the step's name. */
async function step(name, action) {
  try {
    return await action()
  } catch (error) {
    throw new Error(`étape « ${name} » : ${error?.message ?? error}`, { cause: error })
  }
}

/** The temporary folder: a copy of content/ in site/, the owner's account, empty outbox, register and stock. */
function prepareFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-guide-"))
  const folders = {
    dir,
    site: path.join(dir, "site"),
    accounts: path.join(dir, "accounts.json"),
    leads: path.join(dir, "leads"),
    register: path.join(dir, "registre"),
    stock: path.join(dir, "stock"),
  }
  fs.cpSync(path.join(ROOT, "content"), path.join(folders.site, "content"), { recursive: true })
  for (const folder of [folders.leads, folders.register, folders.stock]) fs.mkdirSync(folder)
  const added = spawnSync("npm", ["run", "--silent", "studio:account", "--", "add", OWNER.email, "--password-stdin"], {
    cwd: ROOT,
    input: OWNER.password,
    env: { ...process.env, STUDIO_ACCOUNTS: folders.accounts },
    encoding: "utf8",
    timeout: 120_000,
  })
  if (added.status !== 0) throw new Error(`le compte du propriétaire n'a pas été créé (${added.error?.message ?? `code ${added.status}`}) : ${added.stderr}`)
  return folders
}

/** The site's server on that folder, as e2e/lib/studio.mjs starts it; resolves once it listens. */
function startServer(folders) {
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/host/serve.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      STUDIO_PUBLISH: "off",
      STUDIO_SITE_DIR: folders.site,
      STUDIO_ACCOUNTS: folders.accounts,
      LEADS_DIR: folders.leads,
      REGISTER_DIR: folders.register,
      STOCK_DIR: folders.stock,
      DATABASE_PATH: path.join(folders.dir, "shop.sqlite"),
      LEADS_PROOF_OF_WORK: "off",
      ESTIMATE_RATE_LIMIT: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const started = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`le serveur n'écoute toujours pas après ${SERVER_START_MS / 1000} s : ${output}`)), SERVER_START_MS)
    server.stderr.on("data", (chunk) => (output += chunk))
    server.stdout.on("data", (chunk) => {
      output += chunk
      const base = /Site et API servis sur (http:\/\/[\d.]+:\d+)/.exec(output)?.[1]
      if (base) {
        clearTimeout(timer)
        resolve(base)
      }
    })
    server.once("exit", (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`le serveur s'est arrêté (${code ?? signal}) : ${output}`))
    })
    server.once("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
  return { server, started }
}

/** SIGTERM, then SIGKILL if it is still there 10 s later. */
async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) return
  const exited = new Promise((resolve) => server.once("exit", resolve))
  server.kill("SIGTERM")
  const timer = sleep(10_000).then(() => "trop long")
  if ((await Promise.race([exited, timer])) === "trop long") {
    server.kill("SIGKILL")
    await Promise.race([exited, sleep(5_000)])
  }
}

/** Writes `name`.png from `page`: its first screen, or the whole page when `fullPage` (then the first screen if too heavy). */
async function shoot(page, name, { fullPage = false } = {}) {
  const file = path.join(OUT, `${name}.png`)
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: file, animations: "disabled", caret: "hide", fullPage })
  if (fs.statSync(file).size > MAX_BYTES && fullPage) {
    await page.screenshot({ path: file, animations: "disabled", caret: "hide", clip: { x: 0, y: 0, ...page.viewportSize() } })
  }
  if (fs.statSync(file).size > MAX_BYTES) {
    const { default: sharp } = await import("sharp")
    const smaller = await sharp(file).png({ palette: true, compressionLevel: 9 }).toBuffer()
    fs.writeFileSync(file, smaller)
  }
  return file
}

/**
 * The page scrolled so that `locator` starts just below the owner's pages' header, which stays at
 * the top of the screen as the page scrolls; then still.
 */
async function scrollUnderHeader(page, locator) {
  await locator.evaluate((element) => {
    const header = document.querySelector("body > header")
    const position = header ? getComputedStyle(header).position : "static"
    const covered = position === "sticky" || position === "fixed" ? header.getBoundingClientRect().height : 0
    window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - covered - 12, behavior: "instant" })
  })
  await page.waitForFunction(
    () =>
      new Promise((resolve) => {
        const last = window.scrollY
        setTimeout(() => resolve(Math.abs(window.scrollY - last) < 0.5), 200)
      }),
    null,
    { timeout: WAIT_MS },
  )
}

async function run(state) {
  const written = []
  const folders = await step("copie du contenu et compte du propriétaire", prepareFolder)
  state.dir = folders.dir
  const { server, started } = startServer(folders)
  state.server = server
  const base = await step("démarrage du serveur", () => started)

  // The browser specs' helpers read the served address and the outbox when they load.
  process.env.BASE_URL = base
  process.env.LEADS_DIR = folders.leads
  const { launchBrowser } = await import("../e2e/lib/browser.mjs")
  const { openForm } = await import("../e2e/lib/estimate-form.mjs")
  const { readLead } = await import("../e2e/lib/leads.mjs")
  const { makeOffer, ownerOn, receive, typeSeller } = await import("../e2e/lib/buyback-steps.mjs")

  const browser = await step("lancement de Chromium", launchBrowser)
  state.browser = browser
  const phone = async () => {
    const context = await browser.newContext(PHONE)
    context.setDefaultTimeout(WAIT_MS)
    context.setDefaultNavigationTimeout(WAIT_MS)
    return { context, page: await context.newPage() }
  }
  const keep = async (page, name, options) => written.push(await shoot(page, name, options))

  /** A visitor's estimate through the real form (brand, category, condition, description, photo); its request number. */
  const sendEstimate = async (visitor) => {
    const { close, form, email, description, photos, previews, region } = await openForm(browser)
    await email.fill(visitor.email)
    await form.getByRole("combobox", { name: "Marque (facultatif)" }).selectOption(visitor.brand)
    await form.getByRole("combobox", { name: "Catégorie (facultatif)" }).selectOption(visitor.category)
    await form.getByRole("combobox", { name: "État (facultatif)" }).selectOption(visitor.condition)
    await description.fill(visitor.description)
    await photos.setInputFiles(path.join(ROOT, "content", "images", "items", visitor.photo))
    await previews.first().waitFor({ timeout: WAIT_MS })
    await form.getByRole("button", { name: "Demander une estimation" }).click()
    await region.getByText(french("Demande envoyée avec succès !")).waitFor({ timeout: WAIT_MS })
    const id = /Numéro de demande\s:\s(\S+)/.exec(await region.getByRole("listitem").innerText())?.[1]
    await close()
    if (!id || !readLead(id)) throw new Error(`la demande ${id} n'est pas dans la boîte d'envoi`)
    return id
  }

  const claire = await step("demande d'estimation de Claire Martin", () => sendEstimate(CLAIRE))
  const julien = await step("demande d'estimation de Julien Bernard", () => sendEstimate(JULIEN))

  await step("question sans réponse posée à maxAi", async () => {
    const response = await fetch(`${base}/api/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message: QUESTION, user_name: "Utilisateur anonyme", user_email: null }),
      signal: AbortSignal.timeout(WAIT_MS),
    })
    const answer = await response.json()
    if (!response.ok || !/pas encore la réponse/.test(answer.bot_response ?? "")) {
      throw new Error(`maxAi a répondu (${response.status}) : ${JSON.stringify(answer)}`)
    }
  })

  // The owner on the phone: the login page, then the studio.
  const owner = await phone()
  const { page } = owner
  await step("page de connexion", async () => {
    await page.goto(`${base}/admin/`)
    await page.getByLabel("Adresse e-mail").waitFor()
    await keep(page, "connexion", { fullPage: true })
  })
  await step("connexion du propriétaire et studio", async () => {
    await page.getByLabel("Adresse e-mail").fill(OWNER.email)
    await page.getByLabel("Mot de passe").fill(OWNER.password)
    await page.getByRole("button", { name: "Se connecter" }).tap()
    await page.getByText("Catalogue et listes").filter({ visible: true }).first().waitFor({ timeout: 60_000 })
    await page.waitForLoadState("networkidle", { timeout: WAIT_MS }).catch(() => {})
    await keep(page, "studio")
  })

  // Claire's polo bought, on the owner's computer and Claire's phone, as the buy-back spec does it.
  const desk = await step("connexion du propriétaire sur ordinateur", () => ownerOn(browser, base, claire))
  const sellerUrl = await step("proposition de rachat", () => makeOffer(desk.page, ["28"]))
  const seller = await phone()
  await step("page du vendeur et acceptation", async () => {
    await seller.page.goto(sellerUrl)
    await seller.page.getByText("Accepter la proposition").waitFor()
    await keep(seller.page, "page-vendeur")
    await typeSeller(seller.page)
    await seller.page.getByLabel("IBAN").fill(IBAN)
    await seller.page.getByRole("button", { name: "Confirmer la vente" }).tap()
    await seller.page.getByRole("heading", { name: french("Acceptée : envoyez-nous vos articles") }).waitFor()
    await seller.page.getByLabel(/Numéro de suivi du colis/).fill("6A12345678901")
    await seller.page.getByRole("button", { name: "Ajouter le numéro de suivi" }).tap()
    await seller.page.getByText("Numéro de suivi enregistré.").waitFor()
  })
  await step("réception « Conforme » et paiement", async () => {
    await desk.page.reload()
    await desk.page.getByText("6A12345678901").waitFor({ timeout: WAIT_MS })
    await receive(desk.page, [{ verdict: "conforme" }])
    await desk.page.getByLabel("Montant payé (€)").waitFor({ timeout: WAIT_MS })
    await desk.page.getByLabel("Virement").check()
    await desk.page.getByRole("button", { name: "Enregistrer le paiement" }).click()
    await desk.page.getByText("Paiement enregistré et inscrit au registre.").waitFor({ timeout: WAIT_MS })
  })
  await step("mise en vente du polo dans le stock", async () => {
    await desk.page.goto(`${base}/admin/stock/`)
    await desk.page.getByRole("link", { name: "Lacoste · Polo · taille M" }).click()
    await desk.page.getByLabel("Annonce Vinted (adresse https)").fill("https://www.vinted.fr/items/5123456-polo-lacoste-blanc")
    await desk.page.getByLabel("Prix demandé (€)").fill("49")
    await desk.page.getByRole("button", { name: "Mettre en vente" }).click()
    await desk.page.getByText("Mise en vente enregistrée.").waitFor({ timeout: WAIT_MS })
  })
  // The item's own address, without the « saved » notice it was shown with.
  const stockItem = new URL(desk.page.url())
  stockItem.search = ""
  stockItem.hash = ""
  await desk.close()
  await seller.context.close()

  // The owner's rooms, on the phone still signed in.
  const room = async (address, heading) => {
    await page.goto(`${base}${address}`)
    await page.getByRole("heading", { level: 1, name: heading }).waitFor()
    await page.waitForLoadState("load")
  }
  await step("demandes", async () => {
    await room("/admin/demandes/", /^Demandes/)
    for (const id of [claire, julien]) await page.getByRole("listitem").filter({ hasText: id }).waitFor()
    await keep(page, "demandes")
  })
  await step("rachat d'une demande", async () => {
    await page.getByRole("listitem").filter({ hasText: julien }).getByRole("link").first().tap()
    await page.getByRole("heading", { level: 1, name: `Demande n° ${julien}` }).waitFor()
    await page.locator("#proposition-montant_0").waitFor()
    await scrollUnderHeader(page, page.locator("#rachat"))
    await keep(page, "demande-rachat")
  })
  await step("registre", async () => {
    await room("/admin/registre/", "Registre des achats")
    await page.locator("table.register tbody tr").filter({ hasText: "Martin Claire" }).first().waitFor()
    // Its first screen holds only the shop's details and the chain's check: down to the entries.
    await scrollUnderHeader(page, page.getByText(/^1 entrée/))
    await keep(page, "registre")
  })
  await step("consultations du registre", async () => {
    await room("/admin/registre/consultations", "Consultations du registre")
    await page.getByText(/^Journal intact/).waitFor()
    await keep(page, "consultations")
  })
  await step("stock", async () => {
    await room("/admin/stock/", /^Stock/)
    await page.getByRole("link", { name: "Lacoste · Polo · taille M" }).waitFor()
    await page.waitForFunction(() => [...document.querySelectorAll(".stock-thumb")].every((image) => image.complete && image.naturalWidth > 0))
    await keep(page, "stock")
  })
  await step("article du stock", async () => {
    await page.goto(stockItem.href)
    await page.getByRole("heading", { level: 1 }).filter({ hasText: "En vente" }).waitFor()
    await keep(page, "stock-article")
  })
  await step("exports comptables", async () => {
    await room("/admin/stock/exports/", /^Exports comptables/)
    await keep(page, "exports")
  })
  await step("questions", async () => {
    await room("/admin/questions/", /^Questions sans réponse/)
    // The chat writes what it could not answer once a second (src/server/questions/store.ts).
    const card = page.getByRole("listitem").filter({ hasText: "cartes cadeaux" })
    for (let tries = 0; (await card.count()) === 0; tries += 1) {
      if (tries >= 20) throw new Error("la question posée à maxAi n'apparaît pas dans la liste")
      await sleep(500)
      await page.reload()
    }
    await keep(page, "questions")
  })
  await step("réponse à une question", async () => {
    await page.getByRole("listitem").filter({ hasText: "cartes cadeaux" }).getByRole("link", { name: "Répondre" }).tap()
    await page.getByLabel("Réponse de maxAi").fill("Oui : les cartes cadeaux de la boutique se règlent sur Vinted.")
    await page.getByRole("button", { name: "Revoir les mots-clés" }).tap()
    await page.getByText(/^Mots-clés retenus/).waitFor()
    await scrollUnderHeader(page, page.getByLabel("Réponse de maxAi"))
    await keep(page, "question-reponse")
  })
  await step("mise en ligne", async () => {
    await room("/admin/mise-en-ligne/", "Avant la mise en ligne")
    await keep(page, "mise-en-ligne")
  })
  await owner.context.close()
  return written
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true })
  const state = {}
  let watchdog
  try {
    const written = await Promise.race([
      run(state),
      new Promise((_, reject) => {
        watchdog = setTimeout(() => reject(new Error(`les captures ne sont pas finies après ${RUN_MS / 60_000} minutes`)), RUN_MS)
      }),
    ])
    console.log(`${written.length} captures écrites :`)
    for (const file of written) console.log(`  ${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} Ko)`)
  } finally {
    clearTimeout(watchdog)
    await state.browser?.close().catch(() => {})
    if (state.server) await stopServer(state.server)
    if (state.dir) fs.rmSync(state.dir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(`Captures du guide du propriétaire : échec, ${error?.message ?? error}`)
  process.exit(1)
})
