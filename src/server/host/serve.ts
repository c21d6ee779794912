/**
 * Serves the production build on http://127.0.0.1:9000: the static site in public/ with the
 * headers of public/_headers, and the Gatsby Functions compiled into .cache/functions at /api/*
 * (src/server/host/: app.ts, api.ts, site.ts).
 *
 * Why not `gatsby serve`: it re-requires a function's whole bundle on every call (it deletes the
 * require cache entry, but the module stays referenced), so memory grows by about 1.4 MB per API
 * request until the process dies under load; and it ignores `_headers`, so the CSP the production
 * host sends was never exercised locally. Here each function is loaded once, its request body is
 * read beforehand by src/server/http/body.ts, and the browser tests run under the real headers.
 *
 * Settings (docs/operations/settings.md): every environment variable is read and checked by
 * src/server/settings.ts before anything starts; any mistake stops it, each named in French. The
 * shop's database (src/server/database/) is then opened and migrated, before anything reads a
 * record; a database this version cannot use stops it too (docs/operations/upgrades.md).
 *
 * The studio's saves republish the site (./republish.ts, src/server/publish/): the build served
 * is then the studio's latest release, switched without a restart (./served.ts).
 */
import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { outboxRoom } from "../leads/room"
import { readDatabaseSettings, readRegisterSettings, readSettings, readStockSettings, readStudioSettings } from "../settings"
import { openDatabase, type Database } from "../database/database"
import { DatabaseRefusal } from "../database/migrations"
import { createHttpServer } from "./app"
import { prepareFolders } from "./folders"
import { gatsbyBuild } from "../publish/run-build"
import { republisher, startingSite, warmUpAtStart, type Start } from "./republish"
import { installSafetyNet } from "./safety-net"

const ROOT = resolve(__dirname, "../../..")
const PUBLIC = join(ROOT, "public")

function fail(message: string): never {
  console.error(`serve : ${message}`)
  process.exit(1)
}

async function main(): Promise<void> {
  const { settings, problems: hostProblems } = readSettings()
  const studio = readStudioSettings(process.env, ROOT)
  const register = readRegisterSettings(process.env, ROOT)
  const stock = readStockSettings(process.env, ROOT)
  const databaseFile = readDatabaseSettings(process.env, ROOT)
  const problems = [...hostProblems, ...studio.problems, ...register.problems, ...stock.problems, ...databaseFile.problems]
  if (problems.length > 0) fail(`réglages invalides, le serveur ne démarre pas :\n${problems.map((problem) => `  - ${problem}`).join("\n")}`)
  // Migrated before anything else starts: a database this version cannot use stops it here, in French.
  let database: Database
  try {
    database = openDatabase(databaseFile.settings.file)
  } catch (error) {
    fail(
      `le serveur ne démarre pas : ${error instanceof DatabaseRefusal ? error.message : `base de données ${databaseFile.settings.file} illisible (${(error as Error).message})`}`,
    )
  }
  if (!existsSync(join(PUBLIC, "index.html")) || !existsSync(join(PUBLIC, "_headers"))) fail("public/ est vide : lancez d'abord npm run build")
  const folders = prepareFolders(settings.leads.dir)
  if ("problem" in folders) fail(`le serveur ne démarre pas : ${folders.problem}`)
  installSafetyNet()
  const { port, host, ...served } = settings.host
  let start: Start
  try {
    start = await startingSite(ROOT, studio.settings.publish)
  } catch (error) {
    fail((error as Error).message)
  }
  const { publish } = studio.settings
  const command = gatsbyBuild(ROOT, served.prefix)
  const publication = publish ? republisher(ROOT, { ...studio.settings, publish }, start, command) : undefined
  let server: ReturnType<typeof createHttpServer>
  try {
    server = createHttpServer({
      site: start.site,
      uploadDir: folders.uploadDir,
      studio: studio.settings,
      publication,
      outboxRoom: outboxRoom(settings.leads),
      registerDir: register.settings.dir,
      registerKeyFile: register.settings.keyFile,
      registerCheckpointDir: register.settings.checkpointDir,
      stock: stock.settings,
      database,
      ...served,
    })
  } catch (error) {
    // The stock's old log could not be imported (src/server/stock/old-log.ts): nothing was changed.
    if (error instanceof DatabaseRefusal) fail(`le serveur ne démarre pas : ${error.message}`)
    throw error
  }
  server.listen(port, host, () => {
    const address = server.address()
    const actualPort = typeof address === "object" && address ? address.port : port
    console.log(`Site et API servis sur http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort}${served.prefix}/ (depuis ${start.from}/)`)
    if (publish && publication) void warmUpAtStart(ROOT, publish, publication, command).catch((error: unknown) => console.error("publication :", error))
  })
  server.on("error", (error) => fail(error.message))
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () =>
      server.close(() => {
        database.close()
        process.exit(0)
      }),
    )
}

void main()
