/**
 * @jest-environment node
 *
 * The settings of the owner's rooms (src/server/settings.ts): the studio and its republication,
 * the stock book and the register, their defaults and every mistake named in French with its
 * variable. The host's, the leads' and the proof-of-work's are in settings.test.ts.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { readRegisterSettings, readStockSettings, readStudioSettings } from "../../src/server/settings"

describe("the studio (STUDIO_ACCOUNTS, STUDIO_SITE_DIR, STUDIO_PUBLISH…)", () => {
  test("defaults to data/studio-accounts.json, the project, and republishing from data/publish within 15 minutes", () => {
    expect(readStudioSettings({}, "/srv/site")).toEqual({
      settings: {
        accountsFile: "/srv/site/data/studio-accounts.json",
        siteDir: "/srv/site",
        publish: { dir: "/srv/site/data/publish", timeoutMs: 900_000, warmUp: true, memoryMb: 1000 },
      },
      problems: [],
    })
    expect(readStudioSettings({ STUDIO_ACCOUNTS: "/etc/maxai/comptes.json", STUDIO_SITE_DIR: "copie" }, "/srv/site").settings).toMatchObject({
      accountsFile: "/etc/maxai/comptes.json",
      siteDir: "/srv/site/copie",
    })
  })

  test("republishing can be turned off, moved, given another time limit and memory, and kept from warming up at start", () => {
    expect(readStudioSettings({ STUDIO_PUBLISH: "OFF" }, "/srv/site").settings.publish).toBeNull()
    const env = {
      STUDIO_PUBLISH_DIR: "/var/lib/maxai/publication",
      STUDIO_PUBLISH_TIMEOUT_S: "300",
      STUDIO_PUBLISH_WARM_UP: "Off",
      STUDIO_PUBLISH_MEMORY_MB: "1500",
    }
    expect(readStudioSettings(env, "/srv/site").settings.publish).toEqual({
      dir: "/var/lib/maxai/publication",
      timeoutMs: 300_000,
      warmUp: false,
      memoryMb: 1500,
    })
  })

  test("an unknown word, a folder inside public/ and a time limit under 10 s are refused, each naming its variable", () => {
    const env = {
      STUDIO_PUBLISH: "parfois",
      STUDIO_PUBLISH_DIR: "public/builds",
      STUDIO_PUBLISH_TIMEOUT_S: "5",
      STUDIO_PUBLISH_WARM_UP: "oui",
      STUDIO_PUBLISH_MEMORY_MB: "512",
    }
    expect(readStudioSettings(env, "/srv/site").problems).toEqual([
      "STUDIO_PUBLISH vaut « parfois » : attendu « on » ou « off ».",
      "STUDIO_PUBLISH_DIR vaut « /srv/site/public/builds » : attendu un dossier hors de public/ (qui est servi aux visiteurs).",
      "STUDIO_PUBLISH_TIMEOUT_S vaut « 5 » : attendu un nombre entier ≥ 10.",
      "STUDIO_PUBLISH_WARM_UP vaut « oui » : attendu « on » ou « off ».",
      "STUDIO_PUBLISH_MEMORY_MB vaut « 512 » : attendu un nombre entier ≥ 600.",
    ])
  })

  test("an accounts file inside public/ (served to visitors) is refused, naming the variable", () => {
    expect(readStudioSettings({ STUDIO_ACCOUNTS: "public/comptes.json" }, "/srv/site").problems).toEqual([
      "STUDIO_ACCOUNTS vaut « /srv/site/public/comptes.json » : attendu un fichier hors de public/ (qui est servi aux visiteurs).",
    ])
  })
})

describe("the stock book (STOCK_DIR, STOCK_VAT_RATE)", () => {
  test("defaults to data/stock/ and 20 %; a rate with a decimal comma is kept exact", () => {
    expect(readStockSettings({}, "/srv/site")).toEqual({ settings: { dir: "/srv/site/data/stock", vatRateHundredths: 2000 }, problems: [] })
    expect(readStockSettings({ STOCK_DIR: "/var/lib/maxai/stock", STOCK_VAT_RATE: "5,5" }, "/srv/site").settings).toEqual({
      dir: "/var/lib/maxai/stock",
      vatRateHundredths: 550,
    })
  })

  test("a folder inside public/ or a rate that is not a percentage is refused, naming the variable", () => {
    expect(readStockSettings({ STOCK_DIR: "public/stock", STOCK_VAT_RATE: "20 %" }, "/srv/site").problems).toEqual([
      "STOCK_DIR vaut « /srv/site/public/stock » : attendu un dossier hors de public/ (qui est servi aux visiteurs).",
      "STOCK_VAT_RATE vaut « 20 % » : attendu un taux en pour cent entre 0 et 99,99, par exemple 20 ou 5,5.",
    ])
  })
})

describe("the register (REGISTER_DIR)", () => {
  test("defaults to data/registre/ under the project; a relative path is read from it, an absolute one kept", () => {
    expect(readRegisterSettings({}, "/srv/site")).toEqual({
      settings: { dir: "/srv/site/data/registre", keyFile: "/srv/site/data/registre-cle", checkpointDir: "/srv/site/data/registre-points" },
      problems: [],
    })
    expect(readRegisterSettings({ REGISTER_DIR: "archives/registre" }, "/srv/site").settings.dir).toBe("/srv/site/archives/registre")
    expect(readRegisterSettings({ REGISTER_DIR: "/var/lib/maxai/registre" }, "/srv/site").settings.dir).toBe("/var/lib/maxai/registre")
  })

  test("a folder inside public/ (served to visitors) is refused, naming the variable", () => {
    expect(readRegisterSettings({ REGISTER_DIR: "public/registre" }, "/srv/site").problems).toEqual([
      "REGISTER_DIR vaut « /srv/site/public/registre » : attendu un dossier hors de public/ (qui est servi aux visiteurs).",
    ])
  })

  test("the key and the checkpoints are kept apart: inside REGISTER_DIR they are refused, naming the variable", () => {
    const env = {
      REGISTER_DIR: "/var/lib/maxai/registre",
      REGISTER_KEY_FILE: "/var/lib/maxai/registre/cle",
      REGISTER_CHECKPOINT_DIR: "/var/lib/maxai/registre",
    }
    expect(readRegisterSettings(env, "/srv/site").problems).toEqual([
      "REGISTER_KEY_FILE vaut « /var/lib/maxai/registre/cle » : attendu un fichier hors du dossier du registre (REGISTER_DIR), gardé et sauvegardé à part.",
      "REGISTER_CHECKPOINT_DIR vaut « /var/lib/maxai/registre » : attendu un dossier hors du dossier du registre (REGISTER_DIR), gardé et sauvegardé à part.",
    ])
    const apart = { REGISTER_DIR: "/var/lib/maxai/registre", REGISTER_KEY_FILE: "/etc/maxai/registre-cle", REGISTER_CHECKPOINT_DIR: "/mnt/sauvegarde/points" }
    expect(readRegisterSettings(apart, "/srv/site")).toEqual({
      settings: { dir: "/var/lib/maxai/registre", keyFile: "/etc/maxai/registre-cle", checkpointDir: "/mnt/sauvegarde/points" },
      problems: [],
    })
  })

  test("a key file readable by other accounts of the machine is refused, with the command that fixes it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "maxai-cle-"))
    const keyFile = path.join(dir, "registre-cle")
    fs.writeFileSync(keyFile, "{}", { mode: 0o644 })
    fs.chmodSync(keyFile, 0o644)
    expect(readRegisterSettings({ REGISTER_DIR: path.join(dir, "registre"), REGISTER_KEY_FILE: keyFile }).problems).toEqual([
      `REGISTER_KEY_FILE (${keyFile}) est lisible par d'autres comptes que celui du serveur : rendez-le privé (chmod 600 ${keyFile}).`,
    ])
    fs.chmodSync(keyFile, 0o600)
    expect(readRegisterSettings({ REGISTER_DIR: path.join(dir, "registre"), REGISTER_KEY_FILE: keyFile }).problems).toEqual([])
  })
})
