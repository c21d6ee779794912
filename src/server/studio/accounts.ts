/**
 * The owner accounts of the content studio (docs/studio.md#accounts): one JSON file outside public/ and
 * git (STUDIO_ACCOUNTS, data/studio-accounts.json by default), each password kept only as a
 * salted scrypt hash. What must stay true: the file is written whole or not at all (a temporary
 * file renamed over it) with mode 600, and a password is never written, logged or compared in
 * variable time. The file is the only truth about who may be in: `stampOf`, asked on every
 * studio request (src/server/studio/sessions.ts), sees a change made by `npm run studio:account`
 * in another process at once (one stat per request, the file read again only when it changed).
 */
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { isValidEmail } from "../../contract/email"
import { writeFileAtomic } from "../files"
import { clock } from "../clock"

export const MIN_PASSWORD_LENGTH = 12
/** N = 2^15, r = 8: about 0.1 s and 32 MB per check on these machines, slow enough for a stolen file. */
const SCRYPT = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const
/** What a hash costs to make and to check. Every account is made at SCRYPT's. */
export type HashCost = { readonly N: number; readonly r: number; readonly p: number }
const KEY_LENGTH = 32

export type Account = { readonly email: string; readonly hash: string; readonly created: string }
type AccountsFile = { accounts: Account[] }

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** The one spelling of an address: trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** The French reason an address or a password cannot make an account, or null. */
export function accountProblem(email: string, password?: string): string | null {
  if (!isValidEmail(email)) return `« ${email} » n'est pas une adresse e-mail valable.`
  if (password !== undefined && [...password].length < MIN_PASSWORD_LENGTH) return `Mot de passe trop court : ${MIN_PASSWORD_LENGTH} caractères au moins.`
  return null
}

/**
 * `scrypt$N$r$p$salt$key`, salt and key in base64: the parameters travel with the hash, so a hash
 * made at another cost (the test fixtures' owner, `cost`) is checked by the same code.
 */
export async function hashPassword(password: string, cost: HashCost = SCRYPT): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, { ...cost, maxmem: SCRYPT.maxmem })
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$")
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split("$")
  if (scheme !== "scrypt" || !salt || !key) return false
  const expected = Buffer.from(key, "base64")
  const actual = await scrypt(password, Buffer.from(salt, "base64"), { N: Number(N), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * What a session keeps of its account's password: a digest of the stored hash, which changes
 * with every new password (a fresh salt each time, even for the same password).
 */
export function passwordStamp(account: Account): string {
  return createHash("sha256").update(account.hash).digest("base64url")
}

/** A hash no password matches, checked when the address is unknown so both failures take as long. */
let decoy: Promise<string> | null = null

export class AccountStore {
  /** The file's version last read (inode, size, times: a rename or an edit changes it) and its stamps by address, null when unreadable. */
  private read: { version: string; stamps: Map<string, string> | null } | null = null

  constructor(readonly file: string) {}

  /** Every account; none when the file does not exist yet. A damaged file is an error, never "no accounts". */
  list(): Account[] {
    if (!fs.existsSync(this.file)) return []
    const data = JSON.parse(fs.readFileSync(this.file, "utf8")) as AccountsFile
    if (!Array.isArray(data.accounts)) throw new Error(`${this.file} : liste « accounts » absente`)
    return data.accounts
  }

  private async write(accounts: Account[]): Promise<void> {
    fs.mkdirSync(path.dirname(this.file), { recursive: true })
    await writeFileAtomic(this.file, `${JSON.stringify({ accounts }, null, 2)}\n`, { mode: 0o600 })
  }

  /**
   * Adds the account, or replaces its password when it exists; returns whether it was new.
   * `cost`: SCRYPT's for every account the studio's commands make; only test fixtures pass a cheaper one.
   */
  async add(email: string, password: string, cost: HashCost = SCRYPT): Promise<boolean> {
    const problem = accountProblem(email, password)
    if (problem) throw new Error(problem)
    const address = normalizeEmail(email)
    const hash = await hashPassword(password, cost)
    const others = this.list().filter((account) => account.email !== address)
    const isNew = others.length === this.list().length
    await this.write([...others, { email: address, hash, created: clock.now().toISOString() }])
    return isNew
  }

  /** Returns whether there was such an account. */
  async remove(email: string): Promise<boolean> {
    const address = normalizeEmail(email)
    const accounts = this.list()
    const kept = accounts.filter((account) => account.email !== address)
    if (kept.length === accounts.length) return false
    await this.write(kept)
    return true
  }

  /** The account when the password is its own, else null (same time either way). */
  async check(email: string, password: string): Promise<Account | null> {
    const address = normalizeEmail(email)
    const account = this.list().find((candidate) => candidate.email === address)
    decoy ??= hashPassword(randomBytes(16).toString("hex"))
    const matches = await verifyPassword(password, account?.hash ?? (await decoy))
    return account && matches ? account : null
  }

  /**
   * The stamp (passwordStamp) of the current password of the account `email` (normalized), null
   * when there is no such account now, or when the file cannot be read: no session outlives a
   * removed account, a changed password, a deleted or damaged file. Cheap enough for every
   * request: a stat, and a read only when the file changed.
   */
  stampOf(email: string): string | null {
    let version = "illisible"
    try {
      const stat = fs.statSync(this.file, { bigint: true, throwIfNoEntry: false })
      version = stat ? `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}` : "absent"
      if (this.read?.version !== version) this.read = { version, stamps: new Map(this.list().map((account) => [account.email, passwordStamp(account)])) }
    } catch (error) {
      // Said once per version of the file, not on every request.
      if (this.read?.version !== version) console.error(`studio : ${this.file} illisible, aucune session n'est acceptée tant qu'il l'est :`, error)
      this.read = { version, stamps: null }
    }
    return this.read?.stamps?.get(email) ?? null
  }
}
