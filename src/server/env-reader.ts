/**
 * How src/server/settings.ts reads the environment: at run time (never baked into a build), each
 * refused value noted in French with its variable's name. Only settings.ts uses the reader; the
 * rest of the server reads settings, not variables.
 */
import path from "node:path"

/** What a reader found: the settings (defaults where a value was refused) and every problem. */
export type Read<T> = { readonly settings: T; readonly problems: readonly string[] }

/**
 * The environment at run time. Gatsby compiles functions with every `process.env.X` replaced by
 * its value at build time (and `process.env` by `{}`): SMTP_URL and friends must be read
 * through an expression its DefinePlugin does not match, or a build would bake in secrets and
 * ignore the server's own settings. So this file never spells out the process's environment.
 */
export function runtimeEnv(): NodeJS.ProcessEnv {
  return (globalThis as { process?: { env: NodeJS.ProcessEnv } }).process?.env ?? {}
}

/** Reads variables from one environment, noting each refused value with the variable's name. */
export class EnvReader {
  readonly problems: string[] = []
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** The trimmed value, undefined when unset or blank. */
  text(name: string): string | undefined {
    return this.env[name]?.trim() || undefined
  }

  isSet(name: string): boolean {
    return Boolean(this.env[name])
  }

  refuse(name: string, value: string, expected: string): void {
    this.problems.push(`${name} vaut « ${value} » : attendu ${expected}.`)
  }

  /** A whole number within [minimum, maximum], or `fallback` when unset (and when refused). */
  integer(name: string, fallback: number, minimum: number, maximum = Number.MAX_SAFE_INTEGER): number {
    const raw = this.text(name)
    if (raw === undefined) return fallback
    const value = Number(raw)
    if (/^\d+$/.test(raw) && value >= minimum && value <= maximum) return value
    this.refuse(name, raw, maximum === Number.MAX_SAFE_INTEGER ? `un nombre entier ≥ ${minimum}` : `un nombre entier entre ${minimum} et ${maximum}`)
    return fallback
  }

  /** An absolute URL with one of `protocols` ("https:"…), or null. */
  url(name: string, protocols: readonly string[]): string | null {
    const raw = this.text(name)
    if (raw === undefined) return null
    if (URL.canParse(raw) && protocols.includes(new URL(raw).protocol)) return raw
    this.refuse(name, raw, `une adresse ${protocols.map((protocol) => `${protocol}//…`).join(" ou ")}`)
    return null
  }
}

/** A path of `name` outside public/ (served to visitors), else noted as refused. */
export function outsidePublic(reader: EnvReader, name: string, file: string, what: string): string {
  if (file.split(path.sep).includes("public")) reader.refuse(name, file, `${what} hors de public/ (qui est servi aux visiteurs)`)
  return file
}
